import Foundation
import RampartIO
import RampartSeal
import Testing

/// A caller's source or sink fails in its own type (RampartIO's `IOError` for files); RampartSeal
/// reports it in the I/O classes of `SealError` with the `IOError` kept, never as a format error,
/// and a source that throws `SealError` itself is passed through as it is.
@Suite("Seal streams: a source's or sink's failure keeps its class")
struct SealStreamFailureTests {
    /// Hands out `data`, then fails with `failure` instead of ending.
    struct FailingSource<Failure: Error>: ByteSource {
        var data: Data
        let failure: Failure
        mutating func read(upTo count: Int) throws(Failure) -> Data {
            guard !data.isEmpty else { throw failure }
            let piece = data.prefix(count)
            data = Data(data.dropFirst(piece.count))
            return Data(piece)
        }
    }

    /// Accepts `room` bytes, then fails with `failure`.
    struct FailingSink: ByteSink {
        var room: Int
        let failure: IOError
        mutating func write(_ bytes: Data) throws(IOError) {
            guard bytes.count <= room else { throw failure }
            room -= bytes.count
        }
    }

    static let readFailure = IOError(.ioFailure, .read, path: "the tape", systemCall: "read", errno: 5)

    @Test("an I/O failure inside armor is an I/O error, not an over-long armor line")
    func armorReadFailure() throws {
        let identity = X25519Identity.generate()
        let armored = try Age.encrypt(Data("secret".utf8), to: [identity.recipient], armored: true)
        var source = FailingSource(data: Data(armored.prefix(60)), failure: Self.readFailure)
        var sink = DataSink()
        do throws(SealError) {
            try Age.decrypt(from: &source, to: &sink, identities: [identity])
            Issue.record("a failing source decrypted")
        } catch {
            guard case .io(let context) = error else {
                Issue.record("expected io, got \(error)")
                return
            }
            #expect(context.ioError == Self.readFailure)
        }
        #expect(sink.data.isEmpty)
    }

    @Test("a closed pipe under a streaming encryption is brokenPipe, its IOError kept")
    func sinkFailure() throws {
        let broken = IOError(.brokenPipe, .write, path: "standard output", systemCall: "write", errno: 32)
        var source = DataSource(Data(count: 1 << 20))
        var sink = FailingSink(room: 100, failure: broken)
        do throws(SealError) {
            try RNCryptor.encrypt(from: &source, to: &sink, password: "pw")
            Issue.record("a failing sink was written")
        } catch {
            guard case .brokenPipe(let context) = error else {
                Issue.record("expected brokenPipe, got \(error)")
                return
            }
            #expect(context.ioError == broken)
        }
    }

    @Test("a source's own SealError keeps its class and words (the stage it arose in is added)")
    func sealErrorPassesThrough() throws {
        let own = SealError.authenticationFailed("the upstream MAC does not verify")
        var source = FailingSource(data: Data("age-encryption.org/v1\n".utf8), failure: own)
        var sink = DataSink()
        do throws(SealError) {
            try Age.decrypt(from: &source, to: &sink, identities: [X25519Identity.generate()])
            Issue.record("a failing source decrypted")
        } catch {
            guard case .authenticationFailed(let context) = error else {
                Issue.record("expected authenticationFailed, got \(error)")
                return
            }
            #expect(context.detail == "the upstream MAC does not verify" && context.stage == .ageHeader)
        }
    }
}
