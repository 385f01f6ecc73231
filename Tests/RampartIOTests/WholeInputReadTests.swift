import Foundation
import RampartIO
import RampartTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `FileDescriptorIO.readAll`, the one reader of inputs read whole (key files, passphrase files,
/// values on standard input): up to a limit, refused (never cut) past it, with a `tooLarge`
/// error that names the limit.
@Suite("RampartIO: inputs read whole, up to a limit")
struct WholeInputReadTests {
    @Test("a file of exactly the limit is read whole; one byte more is tooLarge, naming path and limit")
    func limit() throws {
        let folder = try ScratchFolder("rampart-io")
        let exact = try folder.write("exact", Data(repeating: 7, count: 1000)).path
        #expect(try FileDescriptorIO.readAll(path: exact, limit: 1000) == Data(repeating: 7, count: 1000))
        let over = try folder.write("over", Data(repeating: 7, count: 1001)).path
        do throws(IOError) {
            _ = try FileDescriptorIO.readAll(path: over, limit: 1000)
            Issue.record("an input over the limit was read")
        } catch {
            #expect(error.code == .tooLarge && error.limit == 1000 && error.path == over)
            #expect(error.description == "\(over) is longer than 1000 bytes")
            #expect(error.code.summary == "input too large")
        }
        #expect(try FileDescriptorIO.readAll(path: try folder.write("empty", Data()).path, limit: 10) == Data())
    }

    @Test("/dev/zero is refused as tooLarge, not read until memory runs out")
    func endlessInput() throws {
        #expect(throws: IOError.tooLarge(path: "/dev/zero", limit: 1 << 20)) {
            _ = try FileDescriptorIO.readAll(path: "/dev/zero", limit: 1 << 20)
        }
    }

    @Test("an open descriptor is read from where it stands, under the name given")
    func descriptor() throws {
        let folder = try ScratchFolder("rampart-io")
        let path = try folder.write("text", "skipped|kept").path
        let descriptor = try FileDescriptorIO.openForReading(path)
        defer { close(descriptor) }
        _ = try FileDescriptorIO.read(descriptor, name: "text", upTo: 8)
        #expect(try FileDescriptorIO.readAll(descriptor, name: "text", limit: 4) == Data("kept".utf8))
    }

    @Test("through a delimiter: the first line only, and only it counts against the limit")
    func firstLine() throws {
        let folder = try ScratchFolder("rampart-io")
        let newline = UInt8(ascii: "\n")
        let short = try folder.write("short", "one\n" + String(repeating: "x", count: 200_000)).path
        #expect(try FileDescriptorIO.readAll(path: short, limit: 4, through: newline) == Data("one\n".utf8))
        let unterminated = try folder.write("unterminated", "one").path
        #expect(try FileDescriptorIO.readAll(path: unterminated, limit: 4, through: newline) == Data("one".utf8))
        let long = try folder.write("long", "four\nrest").path
        #expect(throws: IOError.tooLarge(path: long, limit: 4)) {
            _ = try FileDescriptorIO.readAll(path: long, limit: 4, through: newline)
        }
    }

    @Test("a missing file is notFound and a folder notAFile, as when opening it")
    func unreadable() throws {
        let folder = try ScratchFolder("rampart-io")
        do throws(IOError) {
            _ = try FileDescriptorIO.readAll(path: folder.path("missing"), limit: 10)
            Issue.record("a missing file was read")
        } catch {
            #expect(error.code == .notFound && error.path == folder.path("missing"))
        }
        do throws(IOError) {
            _ = try FileDescriptorIO.readAll(path: folder.path, limit: 10)
            Issue.record("a folder was read")
        } catch {
            #expect(error.code == .notAFile)
        }
    }
}
