import Foundation
import RampartIO
import RampartSeal
import Testing

@testable import RampartE2E

/// The envelope: round trips for every kind, 1 and 10 recipients, empty and multi-chunk messages;
/// every truncation and bit flip refused; entry swaps, sender substitution and forgery refused.
@Suite("E2E: envelope", .timeLimit(.minutes(10)))
struct E2EEnvelopeTests {
    static func payload(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    @Test("round trip, anonymous and signed", arguments: E2EKeyKind.allCases, [0, 1, 65_536, 200_001])
    func roundTrip(kind: E2EKeyKind, size: Int) throws {
        let alice = try E2EIdentity.generate(kind)
        let bob = try E2EIdentity.generate(kind)
        let message = Self.payload(size)
        let anonymous = try E2E.open(try E2E.seal(message, to: [bob.publicKey]), with: bob)
        #expect(anonymous.plaintext == message)
        #expect(anonymous.sender == nil)
        let signed = try E2E.open(
            try E2E.seal(message, to: [bob.publicKey], from: alice), with: bob, from: alice.publicKey)
        #expect(signed.plaintext == message)
        #expect(signed.sender == alice.publicKey)
    }

    @Test("AES-256-GCM wraps the file key when asked (classic keys)")
    func aesGCM() throws {
        let bob = try E2EIdentity.generate(.classic)
        let sealed = try E2E.seal(Data("x".utf8), to: [bob.publicKey], aead: .aes256GCM)
        #expect(sealed[sealed.startIndex + 12] == 0 && sealed[sealed.startIndex + 13] == 2)
        #expect(try E2E.open(sealed, with: bob).plaintext == Data("x".utf8))
    }

    @Test("ten recipients each open the same body; a stranger is not a recipient")
    func tenRecipients() throws {
        let alice = try E2EIdentity.generate(.classic)
        let recipients = try (0..<10).map { _ in try E2EIdentity.generate(.classic) }
        let message = Self.payload(70_000)
        let sealed = try E2E.seal(message, to: recipients.map(\.publicKey), from: alice)
        for recipient in recipients {
            #expect(try E2E.open(sealed, with: recipient, from: alice.publicKey).plaintext == message)
        }
        #expect(throws: E2EError.self) { try E2E.open(sealed, with: try E2EIdentity.generate(.classic)) }
        do {
            _ = try E2E.open(sealed, with: try E2EIdentity.generate(.classic))
        } catch {
            guard case .notARecipient = error else { Issue.record("expected notARecipient, got \(error)"); return }
        }
    }

    @Test("every truncation is refused", arguments: [false, true])
    func truncations(signed: Bool) throws {
        let alice = try E2EIdentity.generate(.classic)
        let bob = try E2EIdentity.generate(.classic)
        let sealed = try E2E.seal(Self.payload(300), to: [bob.publicKey], from: signed ? alice : nil)
        for length in 0..<sealed.count {
            #expect(throws: E2EError.self, "truncated to \(length)") {
                try E2E.open(sealed.prefix(length), with: bob)
            }
        }
        #expect(throws: E2EError.self) { try E2E.open(sealed + Data([0]), with: bob) }
    }

    @Test("every bit flip is refused", arguments: [E2EKeyKind.classic, .nist])
    func bitFlips(kind: E2EKeyKind) throws {
        let alice = try E2EIdentity.generate(kind)
        let bob = try E2EIdentity.generate(kind)
        let sealed = try E2E.seal(Self.payload(100), to: [bob.publicKey], from: alice)
        for index in 0..<sealed.count {
            for bit in [0, 7] {
                var damaged = sealed
                damaged[damaged.startIndex + index] ^= UInt8(1 << bit)
                #expect(throws: E2EError.self, "byte \(index) bit \(bit)") { try E2E.open(damaged, with: bob) }
            }
        }
    }

    @Test("a post-quantum envelope refuses flips in its header, sender block and signature")
    func postQuantumFlips() throws {
        let alice = try E2EIdentity.generate(.postQuantum)
        let bob = try E2EIdentity.generate(.postQuantum)
        let sealed = try E2E.seal(Self.payload(10), to: [bob.publicKey], from: alice)
        for index in stride(from: 0, to: sealed.count, by: 97) + [sealed.count - 1] {
            var damaged = sealed
            damaged[damaged.startIndex + index] ^= 0x40
            #expect(throws: E2EError.self, "byte \(index)") { try E2E.open(damaged, with: bob) }
        }
    }

    @Test("recipient entries swapped in from another message are refused")
    func entrySwap() throws {
        let bob = try E2EIdentity.generate(.classic)
        let carol = try E2EIdentity.generate(.classic)
        let first = try E2E.seal(Data("one".utf8), to: [bob.publicKey, carol.publicKey])
        let second = try E2E.seal(Data("two".utf8), to: [bob.publicKey, carol.publicKey])
        // Header: 16 fixed bytes, then entries of 32 + 48 bytes. Carol's entry of `second` into `first`.
        let entry = 16 + 80
        var mixed = first
        mixed.replaceSubrange(entry..<(entry + 80), with: second[entry..<(entry + 80)])
        #expect(throws: E2EError.self) { try E2E.open(mixed, with: bob) }
        #expect(throws: E2EError.self) { try E2E.open(mixed, with: carol) }
        // The entries of one message in the other order.
        var swapped = first
        swapped.replaceSubrange(16..<96, with: first[96..<176])
        swapped.replaceSubrange(96..<176, with: first[16..<96])
        #expect(throws: E2EError.self) { try E2E.open(swapped, with: bob) }
    }

    @Test("a message from someone else is refused when a sender is expected")
    func senderSubstitution() throws {
        let alice = try E2EIdentity.generate(.classic)
        let mallory = try E2EIdentity.generate(.classic)
        let bob = try E2EIdentity.generate(.classic)
        let fromMallory = try E2E.seal(Data("pay Mallory".utf8), to: [bob.publicKey], from: mallory)
        let anonymous = try E2E.seal(Data("pay Mallory".utf8), to: [bob.publicKey])
        for sealed in [fromMallory, anonymous] {
            do {
                _ = try E2E.open(sealed, with: bob, from: alice.publicKey)
                Issue.record("a message not from Alice was accepted as hers")
            } catch {
                guard case .wrongSender = error else { Issue.record("expected wrongSender, got \(error)"); return }
            }
        }
    }

    @Test("a co-recipient who knows the file key cannot forge a body to the others")
    func coRecipientForgery() throws {
        // Bob receives Alice's signed message to Bob and Carol, so he learns the file key. He keeps
        // the header (Carol's entry included) and seals another body under it, reusing Alice's
        // sender block and signature. Carol must refuse it: the signature covers the body.
        let alice = try E2EIdentity.generate(.classic)
        let bob = try E2EIdentity.generate(.classic)
        let carol = try E2EIdentity.generate(.classic)
        let original = try E2E.seal(Data("lunch at noon".utf8), to: [bob.publicKey, carol.publicKey], from: alice)
        var source = DataSource(original)
        let header = try E2EEnvelope.parse(from: &source)
        let fileKey = try #require(
            header.entries.lazy.compactMap {
                bob.unwrap(enc: $0.enc, ciphertext: $0.wrappedKey, suite: header.suite, aad: header.prefix)
            }.first)
        var body = DataSink()
        try AgeStream.open(from: &source, to: &body, key: header.payloadKey(fileKey: fileKey))
        let senderBlockLength = 4 + alice.publicKey.bytes.count
        let signature = body.data.suffix(64)
        let forgedPlaintext = body.data.prefix(senderBlockLength) + Data("lunch at 3 am".utf8) + signature
        var forgedSource = DataSource(forgedPlaintext)
        var forged = DataSink()
        forged.write(header.encoded)
        try AgeStream.seal(from: &forgedSource, to: &forged, key: header.payloadKey(fileKey: fileKey))
        do {
            _ = try E2E.open(forged.data, with: carol, from: alice.publicKey)
            Issue.record("Carol accepted Bob's forgery as Alice's")
        } catch {
            guard case .tampered = error else { Issue.record("expected tampered, got \(error)"); return }
        }
        // The same construction with the real body is accepted: the forgery check is the signature.
        var replay = DataSink()
        var replaySource = DataSource(body.data)
        replay.write(header.encoded)
        try AgeStream.seal(from: &replaySource, to: &replay, key: header.payloadKey(fileKey: fileKey))
        #expect(try E2E.open(replay.data, with: carol, from: alice.publicKey).plaintext == Data("lunch at noon".utf8))
    }

    @Test("mixed key kinds, and a key of another kind, are refused")
    func kinds() throws {
        let classic = try E2EIdentity.generate(.classic)
        let pq = try E2EIdentity.generate(.postQuantum)
        #expect(throws: E2EError.self) { try E2E.seal(Data(), to: [classic.publicKey, pq.publicKey]) }
        #expect(throws: E2EError.self) { try E2E.seal(Data(), to: []) }
        let sealed = try E2E.seal(Data("x".utf8), to: [pq.publicKey])
        #expect(throws: E2EError.self) { try E2E.open(sealed, with: classic) }
    }

    @Test("garbage is malformed, not tampering")
    func malformed() throws {
        let bob = try E2EIdentity.generate(.classic)
        for garbage in [
            Data(), Data("hello world, not an envelope".utf8), Data("RAMPE2E\u{02}".utf8) + Data(count: 40),
        ] {
            do {
                _ = try E2E.open(garbage, with: bob)
                Issue.record("garbage opened")
            } catch {
                guard case .malformed = error else { Issue.record("expected malformed, got \(error)"); return }
            }
        }
    }

    @Test("a 24 MB message round-trips, released a batch at a time (the CLI timing shows flat memory at 1 GiB)")
    func largeMessage() throws {
        let alice = try E2EIdentity.generate(.classic)
        let bob = try E2EIdentity.generate(.classic)
        let size = 24_000_000  // 24 batches; larger sizes only cost the debug build's time
        var source = PatternSource(size: size)
        var sealed = CountingSink(keep: true)
        try E2E.seal(from: &source, to: &sealed, recipients: [bob.publicKey], sender: alice)
        #expect(sealed.count > size)
        var input = DataSource(sealed.data)
        sealed = CountingSink(keep: false)
        var output = CountingSink(keep: false)
        let sender = try E2E.openUnverified(from: &input, to: &output, identity: bob, expected: alice.publicKey)
        #expect(sender == alice.publicKey)
        #expect(output.count == size)
        #expect(output.largestWrite <= 1 << 20, "the body is released a batch at a time")
    }
}

/// A source of `size` pattern bytes, produced as read.
struct PatternSource: ByteSource {
    var remaining: Int
    init(size: Int) { remaining = size }
    mutating func read(upTo count: Int) throws(SealError) -> Data {
        let length = min(count, remaining)
        remaining -= length
        return Data(repeating: 0x5a, count: length)
    }
}

/// Counts what is written; keeps it only when asked.
struct CountingSink: ByteSink {
    let keep: Bool
    var count = 0
    var largestWrite = 0
    var data = Data()
    init(keep: Bool) { self.keep = keep }
    mutating func write(_ bytes: Data) throws(SealError) {
        count += bytes.count
        largestWrite = max(largestWrite, bytes.count)
        if keep { data.append(bytes) }
    }
}
