import RampartPolicy
import Testing

@Suite("Endpoint from an argument that may be HOST:PORT, and hosts from address bytes")
struct EndpointHostPortArgumentTests {
    @Test(
        "text that is not shaped HOST:PORT is not an endpoint (a file name, a path, a URL)",
        arguments: ["leaf.pem", "-", "./certs/a:1", "dir/x:443", "host:", "host:44a", "https://example.com"])
    func notHostPort(text: String) throws {
        #expect(try Endpoint(ifHostPort: text) == nil)
    }

    @Test(
        "HOST:PORT and [IPv6]:PORT are read as Endpoint(parsing:) reads them",
        arguments: [
            ("example.com:443", "example.com", 443), ("[::1]:8443", "::1", 8443),
            ("127.0.0.1:00443", "127.0.0.1", 443), ("Bücher.Example.:443", "xn--bcher-kva.example", 443),
        ])
    func hostPort(text: String, host: String, port: Int) throws {
        let endpoint = try #require(try Endpoint(ifHostPort: text))
        #expect(endpoint.host.name == host)
        #expect(endpoint.port == port)
    }

    @Test("HOST:PORT with a port outside 1…65535 or an unusable host is refused, not taken for a file")
    func refused() {
        #expect(throws: EndpointError.portOutOfRange("99999")) { try Endpoint(ifHostPort: "127.0.0.1:99999") }
        #expect(throws: EndpointError.portOutOfRange("0")) { try Endpoint(ifHostPort: "example.com:0") }
        #expect(throws: EndpointError.self) { try Endpoint(ifHostPort: "::1:443") }
        // A bare IPv6 address ends in `:DIGITS`: it is refused with the brackets to add, not read as a file.
        #expect(throws: EndpointError.self) { try Endpoint(ifHostPort: "::1") }
        #expect(throws: EndpointError.noHost) { try Endpoint(ifHostPort: ":443") }
    }

    @Test(
        "4 and 16 address bytes are the IPv4 and IPv6 literals a URL host would be",
        arguments: [
            ([127, 0, 0, 1], "127.0.0.1", ATSHost.Kind.ipv4),
            (Array(repeating: 0, count: 15) + [1], "::1", .ipv6),
            ([0x20, 0x01, 0x0d, 0xb8] + Array(repeating: 0, count: 11) + [1], "2001:db8::1", .ipv6),
        ] as [([UInt8], String, ATSHost.Kind)])
    func addressBytes(bytes: [UInt8], name: String, kind: ATSHost.Kind) throws {
        let host = try #require(ATSHost(addressBytes: bytes))
        #expect(host.name == name)
        #expect(host.kind == kind)
        #expect(host == ATSHost("[\(name)]") || kind == .ipv4)
        #expect(host.addressBytes == bytes)
    }

    @Test("other lengths are not an address (a name constraint's address and mask is 8 or 32 bytes)")
    func notAnAddress() {
        #expect(ATSHost(addressBytes: []) == nil)
        #expect(ATSHost(addressBytes: [10, 0, 0, 0, 255, 0, 0, 0]) == nil)
        #expect(ATSHost(addressBytes: Array(repeating: 0, count: 32)) == nil)
    }
}
