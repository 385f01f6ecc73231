import Foundation
import RampartSeal
import Testing

/// The scrypt work factor an age file asks for is bounded before anything is computed: age's
/// maximum of 22 (4 GiB) by default, lower when the caller says so.
@Suite("age scrypt work factor limits")
struct ScryptLimitTests {
    private static func stanzaFile(workFactor: String) async throws -> Data {
        let vector = try await AgeVector.load("scrypt_work_factor_23")
        let text = String(decoding: vector.file, as: UTF8.self)
        return Data(
            text.replacingOccurrences(of: "rF0/NwblUHHTpgQgRpe5CQ 23", with: "rF0/NwblUHHTpgQgRpe5CQ \(workFactor)")
                .utf8)
    }

    @Test("CCTV scrypt_work_factor_23 is a header failure that names the memory it asked for and the limit")
    func workFactor23() async throws {
        let vector = try await AgeVector.load("scrypt_work_factor_23")
        #expect(vector.expectation == .headerFailure)
        let identities = try vector.rampartIdentities()
        do throws(SealError) {
            _ = try Age.decrypt(vector.file, with: identities)
            Issue.record("work factor 23 was accepted")
        } catch {
            guard case .malformed(let context) = error else {
                Issue.record("expected a header failure (.malformed), got \(error)")
                return
            }
            #expect(
                context.detail.contains("23") && context.detail.contains("8 GiB") && context.detail.contains("22")
                    && context.detail.contains("4 GiB"),
                "\(context.detail)")
            #expect(context.detail.contains("before computing anything"), "\(context.detail)")
        }
    }

    @Test("a lower limit set through the API refuses a file above it before computing scrypt")
    func configuredLimit() throws {
        let sealed = try Age.encrypt(Data("x".utf8), to: [ScryptRecipient(passphrase: "pw", workFactor: 14)])
        #expect(
            throws: SealError.malformed(
                SealErrorContext(
                    "the scrypt work factor 14 (16 MiB of memory) is above the limit of 12 (4 MiB); it was refused before computing anything",
                    stage: .ageRecipientStanza))
        ) {
            try Age.decrypt(sealed, with: [ScryptIdentity(passphrase: "pw", maxWorkFactor: 12)])
        }
        #expect(ScryptIdentity(passphrase: "pw", maxWorkFactor: 40).maxWorkFactor == ScryptIdentity.workFactorCeiling)
    }

    @Test(
        "a work factor that is not a number says what it should be, in a whole sentence",
        arguments: ["0x17", "023", "-1", "+5"])
    func malformedWorkFactor(text: String) async throws {
        let file = try await Self.stanzaFile(workFactor: text)
        do throws(SealError) {
            _ = try Age.decrypt(file, with: [ScryptIdentity(passphrase: "password")])
            Issue.record("\(text) was accepted")
        } catch {
            guard case .malformed(let context) = error else {
                Issue.record("expected .malformed, got \(error)")
                return
            }
            #expect(context.detail.hasSuffix("(age writes 1 to 22)"), "\(context.detail)")
        }
    }
}
