// Proxy settings found while fuzzing `proxy-settings` (Fuzz/Regressions/proxy-settings), kept as tests.
import Foundation
import RampartHTTP
import Testing

@Suite("Proxy settings: fuzz regressions")
struct ProxyFuzzRegressionTests {
    /// A proxy URL with a port above 65535 was accepted, and dialling it trapped inside SwiftNIO
    /// (`in_port_t(port)`): `https_proxy=http://127.0.0.1:99999 rampart fetch https://…` crashed
    /// with "Not enough bits to represent the passed value".
    @Test(
        "a proxy port outside 1…65535 is refused when the setting is parsed",
        arguments: [
            "http://127.0.0.1:99999", "proxy.corp:65536", "http://user:pw@proxy.corp:0", "http://[::1]:1000000",
            // URLComponents drops a port past Int.max: it used to become the default 1080.
            "http://user:pw@127.0.0.1:18446744073709551617",
        ])
    func portOutOfRange(text: String) {
        #expect {
            try HTTPProxy(url: text)
        } throws: { error in
            guard case HTTPClientError.invalidProxyConfiguration(let detail)? = error as? HTTPClientError else {
                return false
            }
            return detail.contains("is out of range; give a port from 1 to 65535") && !detail.contains("pw@")
        }
        #expect(throws: HTTPClientError.self) { try ProxySettings.fromEnvironment(["https_proxy": text]) }
    }

    @Test("a proxy built in code with a port outside 1…65535 is refused when it is made, never dialled")
    func codedProxyPort() {
        #expect {
            try HTTPProxy(host: "127.0.0.1", port: 99_999)
        } throws: { error in
            guard case HTTPClientError.invalidProxyConfiguration(let detail)? = error as? HTTPClientError else {
                return false
            }
            return detail.contains("port 99999 is out of range; give a port from 1 to 65535")
        }
        #expect(throws: HTTPClientError.self) { try HTTPProxy(host: "127.0.0.1", port: 0) }
    }

    /// `URLComponents.rangeOfPort` indexes the percent-encoded `components.string`: a user name
    /// with non-ASCII characters shifted it past the end of the text given, and reading the port
    /// trapped ("String index range is out of bounds").
    @Test("a user name that URLComponents percent-encodes does not shift where the port is read")
    func percentEncodedUserName() throws {
        let proxy = try HTTPProxy(url: "http://us\u{6CF}\u{34D}ss@proxy:1")
        #expect(proxy.host == "proxy")
        #expect(proxy.port == 1)
        let other = try HTTPProxy(url: "http://\u{E9}\u{E9}\u{E9}:p\u{E9}@proxy.corp:8080")
        #expect(other.port == 8080)
        #expect(other.username == "\u{E9}\u{E9}\u{E9}")
    }

    @Test("the ends of the port range are accepted; no port means 1080")
    func portRangeEnds() throws {
        #expect(try HTTPProxy(url: "http://proxy.corp:1").port == 1)
        #expect(try HTTPProxy(url: "proxy.corp:65535").port == 65535)
        #expect(try HTTPProxy(url: "proxy.corp").port == 1080)
    }
}
