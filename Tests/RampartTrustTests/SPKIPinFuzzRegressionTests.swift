// Pin-parsing inputs the `spki-pin` fuzz target found (Fuzz/Regressions/spki-pin), kept as tests.
import Foundation
import RampartTrust
import Testing

@Suite("SPKI pins: fuzz regressions")
struct SPKIPinFuzzRegressionTests {
    /// The base64 of a real digest can start with "SHA256/"; it was read as an algorithm prefix,
    /// so the pin's own TrustKit/ATS spelling (`pin.base64`) was refused as "not valid base64".
    @Test("a bare base64 digest that starts with 'SHA256/' is the digest, in every spelling")
    func bareDigestStartingLikeAPrefix() throws {
        let text = "SHA256/dsxnKNQ6rxr6d9QOuiirN2iA5K25g1LwEyd4="
        let pin = try SPKIPin(parsing: text)
        #expect(pin.base64 == text)
        #expect(pin.digest == Array(try #require(Data(base64Encoded: text))))
        for spelling in [pin.base64, pin.description, "sha256/" + text, "  \(text) "] {
            #expect(try SPKIPin(parsing: spelling) == pin, "\(spelling)")
        }
    }

    @Test("a prefix that is not sha256 is still refused with its reason")
    func otherAlgorithmStillRefused() {
        #expect {
            try SPKIPin(parsing: "sha1/dsxnKNQ6rxr6d9QOuiirN2iA5K25g1LwEyd4=")
        } throws: { error in
            guard let error = error as? TrustError, case .malformedPin(_, let why) = error else { return false }
            return why.contains("only sha256 pins exist")
        }
    }
}
