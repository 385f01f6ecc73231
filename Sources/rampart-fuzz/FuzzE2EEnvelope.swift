// Fuzzes the end-to-end envelope (`E2EEnvelope.parse`, then `E2E.open`): a header that parses
// re-encodes to exactly the bytes consumed, and opening with a fixed classic identity either fails
// with nothing released or returns a plaintext that streamed and one-shot opening agree on.
import Foundation
import RampartE2E
import RampartIO
import RampartSeal

enum FuzzE2EEnvelope {
    static let target = FuzzTarget(
        name: "e2e-envelope", maxLength: 16 * 1024,
        summary: "E2EEnvelope.parse + E2E.open with a fixed identity: header, entries, sender block, signature",
        run: run)

    /// A fixed classic identity (secret bytes 1…64), so seeds sealed to it reach the body.
    static let identity: E2EIdentity? = try? E2EIdentity(
        Bech32.encode(humanReadablePart: "RAMPART-SECRET-KEY-", data: (1...64).map { UInt8($0) }))

    static func run(_ data: Data) {
        let name = target.name
        var source = DataSource(data)
        if let header = try? E2EEnvelope.parse(from: &source) {
            let encoded = header.encoded
            FuzzCheck.require(
                data.prefix(encoded.count) == encoded, name, "a parsed header does not re-encode to its bytes")
        }
        guard let identity else { FuzzCheck.fail(name, "the fixed identity does not parse") }
        var streamed = DataSource(data)
        var sink = DataSink()
        let streamedSender: E2EPublicKey?
        do {
            streamedSender = try E2E.openUnverified(from: &streamed, to: &sink, identity: identity)
        } catch {
            FuzzCheck.require(
                (try? E2E.open(data, with: identity)) == nil, name, "one-shot opening accepted what streaming refused")
            return
        }
        guard let message = try? E2E.open(data, with: identity) else {
            FuzzCheck.fail(name, "streaming accepted what one-shot opening refused")
        }
        FuzzCheck.require(message.plaintext == sink.data, name, "streamed and one-shot plaintexts differ")
        FuzzCheck.require(message.sender == streamedSender, name, "streamed and one-shot senders differ")
    }
}
