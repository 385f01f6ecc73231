import Crypto
import Foundation
import RampartIO
import RampartSeal
import Testing

/// The CCTV age testkit: every vector decrypts or fails exactly as the testkit says, and the
/// plaintext released before any failure hashes to the vector's `payload`.
@Suite("age v1: CCTV vectors")
struct AgeVectorTests {
    @Test("the fixtures are all there")
    func fixturesPresent() {
        #expect(AgeVector.names.count == 143)
    }

    @Test("each vector (classic and post-quantum)", arguments: AgeVector.names)
    func vector(_ name: String) async throws {
        let vector = try await AgeVector.load(name)
        var source = DataSource(vector.file)
        var sink = DataSink()
        var failure: SealError?
        let identities = try vector.rampartIdentities()
        do {
            try Age.decrypt(from: &source, to: &sink, identities: identities)
        } catch {
            failure = error
        }
        if let expected = vector.payloadSHA256 {
            let released = SHA256.hash(data: sink.data).map { String(format: "%02x", $0) }.joined()
            #expect(released == expected, "plaintext released for \(name)")
        }
        let stage = failure?.context.stage
        switch vector.expectation {
        case .success:
            #expect(failure == nil, "\(name) should decrypt: \(String(describing: failure))")
        case .noMatch:
            guard case .wrongCredentials = failure else {
                Issue.record("\(name): expected no identity to match, got \(String(describing: failure))")
                return
            }
            #expect(stage == .ageRecipientStanza, "\(name)")
        case .hmacFailure:
            guard case .authenticationFailed = failure else {
                Issue.record("\(name): expected a header MAC failure, got \(String(describing: failure))")
                return
            }
            #expect(stage == .ageHeaderMAC, "\(name)")
        case .headerFailure:
            switch failure {
            case .malformed, .unrecognizedFormat, .truncated:
                // Header failures are the header's layout, a stanza's content, or the payload nonce
                // (a header that ends before it).
                #expect(
                    [.ageHeader, .ageRecipientStanza, .agePayloadNonce].contains(stage),
                    "\(name): \(String(describing: failure))")
            default: Issue.record("\(name): expected a header failure, got \(String(describing: failure))")
            }
            #expect(sink.data.isEmpty, "a header failure releases nothing")
        case .armorFailure:
            guard case .malformed = failure else {
                Issue.record("\(name): expected an armor failure, got \(String(describing: failure))")
                return
            }
            #expect(stage == .ageArmor, "\(name)")
            #expect(sink.data.isEmpty, "an armor failure releases nothing")
        case .payloadFailure:
            switch failure {
            case .authenticationFailed, .truncated, .malformed:
                #expect(stage == .agePayloadChunk, "\(name): \(String(describing: failure))")
                // The failing chunk starts where the plaintext released so far says it does.
                let context = failure?.context
                if let chunk = context?.chunk, let offset = context?.offset {
                    #expect(sink.data.count == chunk * AgeStream.chunkSize, "\(name)")
                    #expect(offset >= chunk * (AgeStream.chunkSize + 16), "\(name)")
                } else {
                    Issue.record(
                        "\(name): a payload failure names its chunk and offset: \(String(describing: context))")
                }
            default: Issue.record("\(name): expected a payload failure, got \(String(describing: failure))")
            }
        }
    }

    @Test("the post-quantum vectors are all there and name a post-quantum identity")
    func postQuantumVectors() async throws {
        let names = AgeVector.names.filter { $0.hasPrefix("hybrid") || $0 == "armor_hybrid" }
        #expect(names.count == 19)
        for name in names {
            let vector = try await AgeVector.load(name)
            #expect(vector.isPostQuantum, "\(name)")
        }
    }
}
