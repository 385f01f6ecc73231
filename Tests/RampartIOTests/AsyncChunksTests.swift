import Foundation
import RampartIO
import Testing

/// `AsyncChunks`: what a producer writes on its own thread arrives in order, and the producer's
/// failure, whatever its type, ends the sequence with that error after the chunks before it.
@Suite("RampartIO: AsyncChunks")
struct AsyncChunksTests {
    private struct ProducerError: Error, Equatable {
        let after: Int
    }

    @Test("chunks arrive in order; the producer's own error ends the sequence after them")
    func chunksThenFailure() async throws {
        let chunks = AsyncChunks { (sink: inout AsyncChunks.ChunkSink) throws(ProducerError) in
            for index in 0..<3 {
                do throws(IOError) {
                    try sink.write(Data(repeating: UInt8(index), count: 1000))
                } catch {
                    return
                }
            }
            throw ProducerError(after: 3)
        }
        var received: [Data] = []
        do {
            for try await chunk in chunks { received.append(chunk) }
            Issue.record("the producer's failure was lost")
        } catch {
            #expect(error as? ProducerError == ProducerError(after: 3))
        }
        #expect(received == (0..<3).map { Data(repeating: UInt8($0), count: 1000) })
    }

    @Test("a producer that returns ends the sequence normally")
    func chunksThenEnd() async throws {
        let chunks = AsyncChunks { (sink: inout AsyncChunks.ChunkSink) throws(IOError) in
            try sink.write(Data("one".utf8))
            try sink.write(Data("two".utf8))
        }
        var received = Data()
        for try await chunk in chunks { received.append(chunk) }
        #expect(received == Data("onetwo".utf8))
    }
}
