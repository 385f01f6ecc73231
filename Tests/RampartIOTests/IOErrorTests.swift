import Foundation
import RampartIO
import RampartTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every I/O failure names what a program acts on: its class, the operation, the path, and the
/// system call and `errno` underneath.
@Suite("RampartIO: I/O errors carry path, operation and errno")
struct IOErrorTests {
    @Test("opening a missing file: notFound, open, the path, open(2) and ENOENT")
    func missingFile() throws {
        let folder = try ScratchFolder("rampart-io")
        let path = folder.path("missing.age")
        do throws(IOError) {
            _ = try FileDescriptorIO.openForReading(path)
            Issue.record("a missing file was opened")
        } catch {
            #expect(error.code == .notFound)
            #expect(error.operation == .open)
            #expect(error.path == path)
            #expect(error.systemCall == "open")
            #expect(error.errno == ENOENT)
            #expect(error.description == "\(path): no such file")
        }
    }

    @Test("opening a directory for reading: notAFile")
    func directory() throws {
        let folder = try ScratchFolder("rampart-io")
        #expect(
            throws: IOError(
                .notAFile, .open, path: folder.url.path, message: "\(folder.url.path) is a directory, not a file")
        ) {
            _ = try FileDescriptorIO.openForReading(folder.url.path)
        }
    }

    @Test("writing to /dev/full: ioFailure, write, the path, write(2) and ENOSPC")
    func deviceFull() throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"), "/dev/full is missing")
        let output = try AtomicFileOutput(path: "/dev/full", replacing: false)
        #expect(output.writesThrough)
        do throws(IOError) {
            try output.write(Data(repeating: 7, count: 4096))
            Issue.record("a write to /dev/full succeeded")
        } catch {
            #expect(error.code == .ioFailure)
            #expect(error.operation == .write)
            #expect(error.path == "/dev/full")
            #expect(error.systemCall == "write")
            #expect(error.errno == ENOSPC)
            #expect(error.description.contains("/dev/full") && error.description.contains("errno \(ENOSPC)"))
        }
        output.discard()
    }

    @Test("an output that exists is alreadyExists; one in a missing folder is cannotCreate with errno")
    func outputs() throws {
        let folder = try ScratchFolder("rampart-io")
        let existing = folder.path("existing")
        try Data("kept".utf8).write(to: URL(fileURLWithPath: existing))
        do throws(IOError) {
            _ = try AtomicFileOutput(path: existing, replacing: false)
            Issue.record("an existing file was accepted")
        } catch {
            #expect(error.code == .alreadyExists && error.operation == .create && error.path == existing)
        }
        let nowhere = folder.path("no-such-folder/out")
        do throws(IOError) {
            _ = try AtomicFileOutput(path: nowhere, replacing: false)
            Issue.record("an output in a missing folder was accepted")
        } catch {
            #expect(error.code == .cannotCreate && error.operation == .create && error.path == nowhere)
            #expect(error.errno == ENOENT && error.systemCall != nil)
        }
        do throws(IOError) {
            _ = try AtomicFileOutput(path: folder.url.path, replacing: true)
            Issue.record("a directory was accepted as an output")
        } catch {
            #expect(error.code == .cannotCreate && error.operation == .inspect)
            #expect(error.description.contains("is a directory"))
        }
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "kept")
    }

    @Test("without a message, the description is derived from path, operation, errno and system call")
    func derivedDescription() {
        let error = IOError.system(.read, path: "data.bin", systemCall: "read", errno: EIO)
        #expect(error.code == .ioFailure)
        #expect(
            error.description == "data.bin: read failed (\(String(cString: strerror(EIO))), errno \(EIO) from read)")
        #expect(IOError.system(.write, path: "out", systemCall: "write", errno: EPIPE).code == .brokenPipe)
        #expect(IOError.system(.link, path: "out", systemCall: "linkat", errno: EEXIST).code == .alreadyExists)
    }
}
