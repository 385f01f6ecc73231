import Foundation
import RampartPolicy
import Testing

/// `ATSHost` is the one place a host is normalised: every comparison (ATS keys, pins, the name
/// check) sees the same name for `API.example.com.`, `api.example.com` and an IDN's two spellings.
@Suite("Host normalisation")
struct ATSHostNormalisationTests {
    @Test(
        "case, a trailing dot and U-labels normalise to one name",
        arguments: [
            ("API.Example.COM", "api.example.com"),
            ("api.example.com.", "api.example.com"),
            ("API.EXAMPLE.COM.", "api.example.com"),
            ("api.example.com..", "api.example.com"),
            ("bücher.example", "xn--bcher-kva.example"),
            ("BÜCHER.Example.", "xn--bcher-kva.example"),
            ("XN--BCHER-KVA.EXAMPLE.", "xn--bcher-kva.example"),
            ("bücher。example", "xn--bcher-kva.example"),
            ("ＥＸＡＭＰＬＥ.com", "example.com"),
            ("[::1]", "::1"),
            ("127.0.0.1", "127.0.0.1"),
            ("localhost.", "localhost"),
        ])
    func normalised(raw: String, expected: String) {
        #expect(ATSHost(raw).name == expected)
        #expect(ATSHost(raw) == ATSHost(expected))
    }

    @Test("the A-labels are the ones Foundation's URL gives the same host")
    func sameAsURL() throws {
        for raw in ["bücher.example", "Bücher.Example", "straße.de", "💩.la", "例え.テスト"] {
            let url = try #require(URL(string: "https://\(raw)/"))
            let fromURL = try #require(url.host)
            #expect(ATSHost(raw).name == ATSHost(fromURL).name, "\(raw)")
            #expect(ATSHost(raw).name.utf8.allSatisfy { $0 < 0x80 }, "\(raw)")
        }
    }

    @Test("a name IDNA refuses stays as given, lowercased, and matches no A-label")
    func refusedByIDNA() {
        let host = ATSHost("Ü..Example")
        #expect(host.name == "ü..example")
        #expect(host.kind == .dnsName)
    }

    @Test("the trailing dot no longer hides a direct host or an address")
    func kinds() {
        #expect(ATSHost("printer.local.").isDirect)
        #expect(ATSHost("10.0.0.1.").kind == .ipv4)
        #expect(!ATSHost("bücher.example.").isLocal)
    }
}
