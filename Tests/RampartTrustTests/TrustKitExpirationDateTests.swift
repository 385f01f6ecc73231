import Foundation
import RampartTrust
import Testing

/// `TSKExpirationDate` is read by the one strict RFC 3339 reader (`RFC3339Date.fullDate`): a day
/// that does not exist, or a date in another shape, is refused instead of rolled or guessed.
@Suite("TrustKit: TSKExpirationDate is a strict RFC 3339 full-date")
struct TrustKitExpirationDateTests {
    static func configuration(_ date: String) -> Data {
        Data(
            #"{"TSKPinnedDomains": {"x.com": {"TSKPublicKeyHashes": ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBA="], "TSKExpirationDate": "\#(date)"}}}"#
                .utf8)
    }

    @Test("a real day is midnight UTC")
    func accepted() throws {
        let host = try #require(
            try TrustKitConfiguration.pinnedHosts(from: Self.configuration("2030-01-31"), source: "pins.json").first)
        #expect(host.expiration == Date(timeIntervalSince1970: 1_896_048_000))
    }

    @Test(
        "days that do not exist and other shapes are refused",
        arguments: [
            "2030-02-30", "2030-02-29", "2030-13-01", "2030-1-31", "2030-01-31 ", "２０３０-01-31", "2030-01-31T00:00:00Z",
        ])
    func refused(date: String) {
        #expect(throws: TrustError.self, "\(date)") {
            try TrustKitConfiguration.pinnedHosts(from: Self.configuration(date), source: "pins.json")
        }
    }
}
