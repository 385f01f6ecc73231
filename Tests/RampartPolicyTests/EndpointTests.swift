import Foundation
import RampartPolicy
import Testing

@Suite("Endpoint")
struct EndpointTests {
    @Test(
        "a URL's host and port; the scheme's port without one",
        arguments: [
            ("https://API.Example.com/v1", "api.example.com", 443),
            ("http://example.com/", "example.com", 80),
            ("https://example.com.:8443/", "example.com", 8443),
            ("https://[::1]:8443/x", "::1", 8443),
            ("https://127.0.0.1:65535/", "127.0.0.1", 65535),
            ("https://127.0.0.1:1/", "127.0.0.1", 1),
            ("https://127.0.0.1:00443/", "127.0.0.1", 443),
            ("https://example.com:/", "example.com", 443),
        ])
    func fromURL(url: String, host: String, port: Int) throws {
        let endpoint = try Endpoint(url: try #require(URL(string: url)))
        #expect(endpoint.host.name == host)
        #expect(endpoint.port == port)
    }

    @Test(
        "ports outside 1…65535 are refused as written, never wrapped or dropped",
        arguments: [
            ("https://127.0.0.1:99999/", "99999"),
            ("https://127.0.0.1:18446744073709551617/", "18446744073709551617"),
            ("https://127.0.0.1:65536/", "65536"),
            ("https://127.0.0.1:0/", "0"),
            ("https://127.0.0.1:4294967297/", "4294967297"),
        ])
    func portsOutOfRange(url: String, port: String) throws {
        #expect(throws: EndpointError.portOutOfRange(port)) {
            try Endpoint(url: try #require(URL(string: url)))
        }
    }

    @Test("credentials, other schemes and missing hosts are refused; the message never quotes a password")
    func badURLs() throws {
        #expect(throws: EndpointError.credentialsInURL) {
            try Endpoint(url: try #require(URL(string: "https://u:p@h/")))
        }
        #expect(throws: EndpointError.credentialsInURL) { try Endpoint(url: try #require(URL(string: "https://u@h/"))) }
        #expect(throws: EndpointError.unsupportedScheme("ftp")) {
            try Endpoint(url: try #require(URL(string: "ftp://example.com/")))
        }
        #expect(throws: EndpointError.noHost) { try Endpoint(url: try #require(URL(string: "https:///x"))) }
        #expect(throws: EndpointError.noHost) { try Endpoint(url: try #require(URL(string: "https://:443/"))) }
        #expect(!EndpointError.credentialsInURL.description.contains("p@"))
        #expect(Endpoint.redacting("https://user:secret@host:8443/p?q@x") == "https://***@host:8443/p?q@x")
        #expect(Endpoint.redacting("https://u:pa/ss@host/") == "https://***@host/")
        #expect(Endpoint.redacting("user:secret@proxy:3128") == "***@proxy:3128")
        #expect(Endpoint.redacting("https://host/?a@b") == "https://host/?a@b")
        #expect(Endpoint.redacting("not a url") == "not a url")
    }

    @Test(
        "HOST:PORT and [IPv6]:PORT text",
        arguments: [
            ("example.com:443", "example.com", 443, "example.com:443"),
            ("EXAMPLE.com.:8443", "example.com", 8443, "example.com:8443"),
            ("[::1]:8443", "::1", 8443, "[::1]:8443"),
            ("127.0.0.1:1", "127.0.0.1", 1, "127.0.0.1:1"),
        ])
    func parsing(text: String, host: String, port: Int, description: String) throws {
        let endpoint = try Endpoint(parsing: text)
        #expect(endpoint.host.name == host && endpoint.port == port)
        #expect(endpoint.description == description)
        #expect(try Endpoint(parsing: endpoint.description) == endpoint)
    }

    @Test(
        "bad HOST:PORT text is refused with the reason",
        arguments: [
            ("127.0.0.1:99999", EndpointError.portOutOfRange("99999")),
            ("127.0.0.1:18446744073709551617", .portOutOfRange("18446744073709551617")),
            ("127.0.0.1:0", .portOutOfRange("0")),
            ("127.0.0.1:+80", .malformedPort("+80")),
            ("127.0.0.1:８０", .malformedPort("８０")),
            ("127.0.0.1", .missingPort),
            ("127.0.0.1:", .missingPort),
            (":443", .noHost),
            ("::1:443", .malformedHost(reason: "an IPv6 address goes in brackets, as in [::1]:443")),
            ("[example.com]:443", .malformedHost(reason: "brackets hold an IPv6 address, as in [::1]:443")),
            ("evil\nhost:443", .malformedHost(reason: "it contains a space or a control character")),
            ("user@host:443", .malformedHost(reason: "it contains '@'")),
        ])
    func badText(text: String, error: EndpointError) {
        #expect(throws: error) { try Endpoint(parsing: text) }
    }

    @Test("host and port values: the port is checked, the host normalised")
    func values() throws {
        #expect(try Endpoint(host: "[::1]", port: 443).description == "[::1]:443")
        #expect(try Endpoint(host: "Example.COM.", port: 443) == Endpoint(host: "example.com", port: 443))
        #expect(throws: EndpointError.portOutOfRange("99999")) { try Endpoint(host: "127.0.0.1", port: 99999) }
        #expect(throws: EndpointError.portOutOfRange("-1")) { try Endpoint(host: "127.0.0.1", port: -1) }
        #expect(throws: EndpointError.noHost) { try Endpoint(host: "", port: 443) }
    }
}
