import Foundation
import RampartIO
import RampartTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// RampartIO's byte streams: each names how it fails (`Never` in memory, `IOError` on files), a
/// buffered source fails as its base does, and an `OutputDestination` hands its own failures to
/// the caller's mapping while a body's errors pass as they are.
@Suite("RampartIO: byte sources, sinks and output destinations")
struct ByteStreamTests {
    @Test("a buffered source reads lines, hands over-long ones back as limit + 1 bytes, then the rest")
    func bufferedLines() {
        var input = BufferedSource(DataSource(Data("short\n0123456789abcdef\ntail".utf8)))
        let short = input.readLine(limit: 8)
        #expect(short == Data("short\n".utf8))
        let overLong = input.readLine(limit: 8)
        #expect(overLong == Data("012345678".utf8), "an over-long line: its first 9 bytes")
        #expect(input.offset == 15)
        let peeked = input.peek(3)
        #expect(peeked == Data("9ab".utf8))
        let rest = input.readLine(limit: 100)
        #expect(rest == Data("9abcdef\n".utf8))
        let tail = input.readLine(limit: 100)
        #expect(tail == Data("tail".utf8), "the unterminated rest")
        let end = input.readLine(limit: 100)
        #expect(end == nil)
        let atEnd = input.isAtEnd()
        #expect(atEnd)
    }

    @Test("a file source fails with IOError: a missing file is notFound, naming it")
    func fileSourceFailure() throws {
        let folder = try ScratchFolder("rampart-io")
        let missing = folder.path("missing")
        do throws(IOError) {
            _ = try FileSource(path: missing)
            Issue.record("a missing file was opened")
        } catch {
            #expect(error.code == .notFound && error.path == missing)
        }
        var source = BufferedSource(try FileSource(path: try folder.write("data", "abc\ndef").path))
        let first: Data? = try source.readLine(limit: 10)
        #expect(first == Data("abc\n".utf8))
        let second = try source.readFully(10)
        #expect(second == Data("def".utf8))
    }

    /// Why a test's body stopped.
    private enum BodyError: Error, Equatable {
        case stopped
        case output(IOError.Code)
    }

    @Test("a file output appears only when the body returned; a body's error passes through unchanged")
    func destination() throws {
        let folder = try ScratchFolder("rampart-io")
        let path = folder.path("out")
        #expect(throws: BodyError.stopped) {
            try OutputDestination.file(path, replacing: false).write(mappingErrors: { BodyError.output($0.code) }) {
                (sink: inout any ByteSink<IOError>) throws(BodyError) in
                do throws(IOError) { try sink.write(Data("half".utf8)) } catch { throw .output(error.code) }
                throw .stopped
            }
        }
        #expect(folder.entries == [])
        try OutputDestination.file(path, replacing: false).write(mappingErrors: { $0 }) {
            (sink: inout any ByteSink<IOError>) throws(IOError) in try sink.write(Data("whole".utf8))
        }
        #expect(try folder.read("out") == Data("whole".utf8))
        #expect(throws: BodyError.output(.alreadyExists)) {
            try OutputDestination.file(path, replacing: false).write(mappingErrors: { BodyError.output($0.code) }) {
                (sink: inout any ByteSink<IOError>) throws(BodyError) in
            }
        }
    }

    @Test("/dev/full as a destination: the write's failure reaches the mapping as ioFailure with ENOSPC")
    func fullDevice() throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"), "/dev/full is missing")
        do throws(IOError) {
            try OutputDestination.file("/dev/full", replacing: false).write(mappingErrors: { $0 }) {
                (sink: inout any ByteSink<IOError>) throws(IOError) in try sink.write(Data(count: 100_000))
            }
            Issue.record("a write to /dev/full succeeded")
        } catch {
            #expect(error.code == .ioFailure && error.errno == ENOSPC && error.operation == .write)
        }
    }
}
