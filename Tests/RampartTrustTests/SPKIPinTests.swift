import Foundation
import RampartTestKit
import RampartTestSupport
import RampartTrust
import Testing
import X509

@Suite("SPKI pins")
struct SPKIPinTests {
    /// Removed with everything in it when the test ends.
    let scratch: ScratchFolder

    init() throws { scratch = try ScratchFolder("rampart-pin") }

    @Test(
        "pins equal the openssl pipeline for every key type",
        arguments: [LabScenario.rsa2048, .rsa4096, .p256, .p384, .p521, .ed25519, .rsa1024])
    func matchesOpenSSL(scenario: LabScenario) async throws {
        let chain = try LabPKI.shared().chain(scenario)
        let files = try chain.export(to: scratch.url)
        let pipeline =
            "openssl x509 -in \"$1\" -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64"
        let result = try await PeerProcess.runAsync("sh", ["-c", pipeline, "sh", files.leafPEM.path])
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        let expected = result.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)
        let pin = try SPKIPin(certificate: chain.leaf.certificate)
        #expect(pin.base64 == expected)
        #expect(pin.description == "sha256/" + expected)
    }

    @Test("parses the OkHttp, TrustKit and ATS spellings to the same pin")
    func spellings() throws {
        let pin = try SPKIPin(certificate: try LabPKI.shared().chain(.good).leaf.certificate)
        for text in ["sha256/\(pin.base64)", pin.base64, "  \(pin.base64) ", "SHA256/\(pin.base64)"] {
            #expect(try SPKIPin(parsing: text) == pin, "\(text)")
            #expect(try SPKIPin(parsing: text).matches(pin))
        }
    }

    @Test(
        "malformed pins are refused with the reason",
        arguments: [
            ("sha256/AAAA", "decodes to 3 bytes"), ("not base64!", "not valid base64"),
            ("sha1/\(Data(count: 20).base64EncodedString())", "only sha256 pins exist"),
            (Data(count: 33).base64EncodedString(), "decodes to 33 bytes"),
        ])
    func malformed(text: String, reason: String) {
        #expect {
            try SPKIPin(parsing: text)
        } throws: { error in
            guard let error = error as? TrustError, case .malformedPin(_, let why) = error else { return false }
            return why.contains(reason)
        }
    }

    @Test("different keys give different pins; comparison is by content")
    func distinct() throws {
        let pki = try LabPKI.shared()
        let a = try SPKIPin(certificate: pki.chain(.p256).leaf.certificate)
        let b = try SPKIPin(certificate: pki.chain(.p384).leaf.certificate)
        #expect(!a.matches(b))
        #expect(ConstantTime.equal([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2]))
    }

    @Test("a pin is JSON text in its sha256/BASE64 form, and decodes back; anything else is refused")
    func codable() throws {
        let pin = try SPKIPin(certificate: LabPKI.shared().chain(.p256).leaf.certificate)
        let json = try JSONEncoder().encode([pin])
        #expect(
            String(decoding: json, as: UTF8.self)
                == "[\"\(pin.description.replacingOccurrences(of: "/", with: "\\/"))\"]")
        #expect(try JSONDecoder().decode([SPKIPin].self, from: json) == [pin])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([SPKIPin].self, from: Data(#"["sha256/short"]"#.utf8))
        }
    }
}
