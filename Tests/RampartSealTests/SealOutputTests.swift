import Foundation
import RampartIO
import RampartSeal
import RampartTestKit
import RampartTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Where `OutputDestination` and `AtomicFileOutput` write: new files appear only complete, existing
/// regular files are replaced only on request, and nodes that are not regular files are never
/// replaced (FIFOs and character devices are written into; directories, sockets and block
/// devices are refused).
@Suite("Seal outputs: files, FIFOs, devices", .timeLimit(.minutes(10)))
struct SealOutputTests {
    private static func kind(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    /// Whether this process may give a file to another user (root with `CAP_CHOWN`), probed once
    /// on a scratch file: the test of a FIFO planted by another user needs it, and is listed as
    /// skipped, not passed, without it.
    static let canChangeOwner: Bool = {
        guard let folder = try? ScratchFolder("rampart-seal-probe") else { return false }
        let probe = folder.path("probe")
        guard mkfifo(probe, 0o600) == 0 else { return false }
        return chown(probe, 65534, 65534) == 0
    }()

    /// Whether this process may create a block device node (root with `CAP_MKNOD`, outside a
    /// container that forbids it), probed once on a scratch folder.
    static let canMakeBlockDevice: Bool = {
        guard let folder = try? ScratchFolder("rampart-seal-probe") else { return false }
        return mknod(folder.path("block"), S_IFBLK | 0o600, dev_t(7 << 8 | 200)) == 0
    }()

    private static func inode(_ path: String) -> ino_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_ino : nil
    }

    /// A character device that behaves as `/dev/full` (device 1:7, glibc's encoding of small
    /// numbers being `major << 8 | minor`; every write fails with ENOSPC): a private
    /// node with its device number when the tests may create one (root), so that an output that
    /// wrongly replaced it could not damage the real `/dev/full`; the real one otherwise.
    private static func fullDevice(in folder: ScratchFolder) -> String {
        let path = folder.path("full")
        return mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0 ? path : "/dev/full"
    }

    @Test("a character device like /dev/full is written into, never replaced; the failed write is an I/O error")
    func fullDeviceIsNotReplaced() throws {
        let folder = try ScratchFolder("rampart-seal-output")
        let device = Self.fullDevice(in: folder)
        let before = folder.entries
        for replacing in [false, true] {
            #expect(throws: SealError.self) {
                try OutputDestination.file(device, replacing: replacing).write {
                    (sink: inout any ByteSink<IOError>) throws(SealError) in
                    try sink.sealWrite(SealTestSupport.payload(100_000))
                }
            }
            do throws(SealError) {
                try OutputDestination.file(device, replacing: replacing).write {
                    (sink: inout any ByteSink<IOError>) throws(SealError) in try sink.sealWrite(Data([1]))
                }
            } catch {
                guard case .io(let context) = error else {
                    Issue.record("expected an I/O error, got \(error)")
                    continue
                }
                #expect(context.detail.contains("No space left on device"), "\(context.detail)")
            }
            #expect(Self.kind(device) == S_IFCHR, "\(device) is still a character device")
        }
        #expect(folder.entries == before, "nothing was left beside it")
    }

    @Test("a FIFO with a reader receives the output and stays a FIFO", arguments: [false, true])
    func fifoReceivesOutput(holdUntilDone: Bool) throws {
        let folder = try ScratchFolder("rampart-seal-output")
        let fifo = folder.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = try LabFIFOReader(path: fifo, timeout: 30)
        let payload = SealTestSupport.payload(300_000)
        try OutputDestination.file(fifo, replacing: false).write(holdUntilDone: holdUntilDone) {
            (sink: inout any ByteSink<IOError>) throws(SealError) in
            try sink.sealWrite(payload.prefix(100_000))
            try sink.sealWrite(payload.dropFirst(100_000))
        }
        let received = reader.finish()
        #expect(received.closedByWriter)
        let same = received.data == payload  // a Bool: a failed == of Data would be diffed byte by byte
        #expect(same, "\(received.data.count) of \(payload.count) bytes received")
        #expect(Self.kind(fifo) == S_IFIFO)
        #expect(folder.entries == ["pipe"])
    }

    @Test(
        "a FIFO planted by another user is refused, directly or through a link: it would read the plaintext",
        .enabled(
            if: SealOutputTests.canChangeOwner,
            "needs root (CAP_CHOWN) to plant a FIFO owned by another user; the run lists this test as skipped without it"
        ))
    func foreignFIFO() throws {
        let folder = try ScratchFolder("rampart-seal-output")
        let fifo = folder.path("planted")
        #expect(mkfifo(fifo, 0o666) == 0)
        let nobody: uid_t = 65534
        try #require(chown(fifo, nobody, gid_t(nobody)) == 0, "chown of the FIFO to nobody failed: errno \(errno)")
        let link = folder.path("link")
        #expect(symlink(fifo, link) == 0)
        for path in [fifo, link] {
            do {
                try OutputDestination.file(path, replacing: false).write {
                    (sink: inout any ByteSink<IOError>) throws(SealError) in
                    try sink.sealWrite(Data("secret".utf8))
                }
                Issue.record("\(path): plaintext written into another user's FIFO")
            } catch {
                guard case .cannotCreateOutput(let context) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(context.detail.contains("belongs to another user"), "\(context.detail)")
            }
        }
        #expect(Self.kind(fifo) == S_IFIFO)
    }

    @Test("held output (RNCryptor) never reaches a FIFO when the body fails; streamed output (age) already has")
    func fifoHoldsUntilDone() throws {
        let folder = try ScratchFolder("rampart-seal-output")
        let fifo = folder.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        for holdUntilDone in [true, false] {
            let reader = try LabFIFOReader(path: fifo, timeout: 30)
            #expect(throws: SealError.self) {
                try OutputDestination.file(fifo, replacing: false).write(holdUntilDone: holdUntilDone) {
                    (sink: inout any ByteSink<IOError>) throws(SealError) in
                    try sink.sealWrite(Data("unauthenticated".utf8))
                    throw .authenticationFailed("the MAC does not verify")
                }
            }
            let received = reader.finish()
            #expect(received.data == (holdUntilDone ? Data() : Data("unauthenticated".utf8)))
            #expect(Self.kind(fifo) == S_IFIFO)
        }
    }

    @Test("a RNCryptor decryption into a FIFO releases nothing when the MAC fails")
    func rncryptorIntoFIFO() throws {
        let folder = try ScratchFolder("rampart-seal-output")
        let fifo = folder.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        var sealed = try RNCryptor.encrypt(SealTestSupport.payload(200_000), password: "pw")
        sealed[sealed.count - 1] ^= 1
        let reader = try LabFIFOReader(path: fifo, timeout: 30)
        #expect(throws: SealError.self) {
            try OutputDestination.file(fifo, replacing: false).write(holdUntilDone: true) {
                (sink: inout any ByteSink<IOError>) throws(SealError) in
                var source = DataSource(sealed)
                try RNCryptor.decrypt(from: &source, to: &sink, password: "pw")
            }
        }
        #expect(reader.finish().data.isEmpty)
    }

    /// Writes to each of `paths`, with and without `replacing`, expecting every attempt refused as
    /// `cannotCreateOutput` with a detail holding one of `words` and naming no CLI flag, and the
    /// folder left as it was.
    private static func expectRefused(
        _ paths: [String], saying words: [String], in folder: ScratchFolder,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = folder.entries
        for path in paths {
            for replacing in [false, true] {
                do throws(SealError) {
                    try OutputDestination.file(path, replacing: replacing).write {
                        (sink: inout any ByteSink<IOError>) throws(SealError) in try sink.sealWrite(Data([1]))
                    }
                    Issue.record("\(path) was written to", sourceLocation: sourceLocation)
                } catch {
                    guard case .cannotCreateOutput(let context) = error else {
                        Issue.record(
                            "\(path): expected cannotCreateOutput, got \(error)", sourceLocation: sourceLocation)
                        continue
                    }
                    #expect(
                        words.contains { context.detail.contains($0) }, "\(context.detail)",
                        sourceLocation: sourceLocation)
                    #expect(
                        !context.detail.contains("--"), "library messages name no CLI flag: \(context.detail)",
                        sourceLocation: sourceLocation)
                }
            }
        }
        #expect(folder.entries == before, "nothing was left beside them", sourceLocation: sourceLocation)
    }

    @Test("a directory or a socket is refused, and left as it was")
    func refusedNodes() throws {
        let folder = try ScratchFolder("rampart-seal-output")
        var refused = [folder.path("dir")]
        try FileManager.default.createDirectory(atPath: refused[0], withIntermediateDirectories: false)
        let socketPath = folder.path("socket")
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in socketPath.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0, "binding a Unix socket at \(socketPath) failed: errno \(errno)")
        refused.append(socketPath)
        let link = folder.path("link-to-dir")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: refused[0])
        refused.append(link)
        Self.expectRefused(refused, saying: ["is a directory", "is a socket"], in: folder)
        #expect(Self.kind(refused[0]) == S_IFDIR)
    }

    @Test(
        "a block device is refused, directly or through a link, and left as it was",
        .enabled(
            if: SealOutputTests.canMakeBlockDevice,
            "needs root (CAP_MKNOD) to create a block device node; the run lists this test as skipped without it"))
    func refusedBlockDevice() throws {
        let folder = try ScratchFolder("rampart-seal-output")
        let block = folder.path("block")
        try #require(
            mknod(block, S_IFBLK | 0o600, dev_t(7 << 8 | 200)) == 0, "mknod of a block device failed: errno \(errno)")
        let link = folder.path("link-to-block")
        #expect(symlink(block, link) == 0)
        Self.expectRefused([block, link], saying: ["is a block device"], in: folder)
        #expect(Self.kind(block) == S_IFBLK)
    }

    @Test(
        "age into a file decrypts whole and is as long as in memory, at the edges of a chunk and of a batch",
        arguments: [0, 1, 65_536, 8 * 65_536 - 1, 8 * 65_536, 8 * 65_536 + 1, 3 * 1_048_576 + 5])
    func ageIntoFile(size: Int) throws {
        let folder = try ScratchFolder("rampart-seal-output")
        let identity = X25519Identity.generate()
        let plaintext = SealTestSupport.payload(size)
        try OutputDestination.file(folder.path("out.age"), replacing: false).write {
            (sink: inout any ByteSink<IOError>) throws(SealError) in
            var source = DataSource(plaintext)
            try Age.encrypt(from: &source, to: &sink, recipients: [identity.recipient])
            try sink.sealWrite(Data("tail".utf8))
        }
        let file = try folder.read("out.age")
        #expect(file.suffix(4) == Data("tail".utf8), "what follows the payload comes after it")
        let sealed = file.dropLast(4)
        #expect(sealed.count == (try Age.encrypt(plaintext, to: [identity.recipient]).count), "same size as in memory")
        #expect(try Age.decrypt(sealed, with: [identity]) == plaintext)
    }

    @Test("age into a FIFO with a reader: several batches arrive in order and decrypt")
    func ageIntoFIFO() throws {
        let folder = try ScratchFolder("rampart-seal-output")
        try #require(mkfifo(folder.path("fifo"), 0o600) == 0)
        let identity = X25519Identity.generate()
        let plaintext = SealTestSupport.payload(1_048_576 + 3)
        let reader = try LabFIFOReader(path: folder.path("fifo"), timeout: 30)
        try OutputDestination.file(folder.path("fifo"), replacing: false).write {
            (sink: inout any ByteSink<IOError>) throws(SealError) in
            var source = DataSource(plaintext)
            try Age.encrypt(from: &source, to: &sink, recipients: [identity.recipient])
        }
        let received = reader.finish()
        #expect(received.closedByWriter)
        let same = try Age.decrypt(received.data, with: [identity]) == plaintext
        #expect(same)
    }

    @Test("a new file has no name, not even a hidden one, until the body returned")
    func unnamedUntilCommitted() throws {
        let folder = try ScratchFolder("rampart-seal-output")
        var seenWhileWriting: [String] = []
        try OutputDestination.file(folder.path("out"), replacing: false).write {
            (sink: inout any ByteSink<IOError>) throws(SealError) in
            try sink.sealWrite(SealTestSupport.payload(1 << 20))
            seenWhileWriting = folder.entries
        }
        #expect(seenWhileWriting == [], "\(seenWhileWriting)")
        #expect(folder.entries == ["out"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("out"))).count == 1 << 20)
        var info = stat()
        #expect(stat(folder.path("out"), &info) == 0 && info.st_mode & 0o777 == 0o600)
    }

    @Test("replacing swaps in a new file (new inode) only on success; an existing name is refused without it")
    func replacingRegularFile() throws {
        let folder = try ScratchFolder("rampart-seal-output")
        let path = folder.path("existing")
        try Data("precious".utf8).write(to: URL(fileURLWithPath: path))
        let original = Self.inode(path)
        do throws(IOError) {
            _ = try AtomicFileOutput(path: path, replacing: false)
            Issue.record("an existing file was accepted without replacing")
        } catch {
            #expect(error.code == .alreadyExists && error.path == path)
            #expect(error.description == "\(path) already exists", "the library names no CLI flag")
        }
        #expect(throws: SealError.self) {
            try OutputDestination.file(path, replacing: true).write {
                (sink: inout any ByteSink<IOError>) throws(SealError) in
                try sink.sealWrite(Data("half".utf8))
                throw .truncated("cut short")
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("precious".utf8))
        #expect(Self.inode(path) == original)
        try OutputDestination.file(path, replacing: true).write {
            (sink: inout any ByteSink<IOError>) throws(SealError) in
            try sink.sealWrite(Data("new".utf8))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("new".utf8))
        #expect(Self.inode(path) != original, "replaced by rename, never rewritten in place")
        #expect(folder.entries == ["existing"])
    }

    @Test("replacing a symbolic link replaces the link itself; the file it pointed to is untouched")
    func replacingSymbolicLink() throws {
        let folder = try ScratchFolder("rampart-seal-output")
        let target = folder.path("target")
        let link = folder.path("link")
        try Data("target".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        do throws(SealError) {
            try OutputDestination.file(link, replacing: false).write {
                (sink: inout any ByteSink<IOError>) throws(SealError) in
                try sink.sealWrite(Data([1]))
            }
            Issue.record("an existing link was replaced without replacing")
        } catch {
            guard case .cannotCreateOutput(let context) = error else {
                Issue.record("expected cannotCreateOutput, got \(error)")
                return
            }
            #expect(context.detail == "\(link) already exists" && context.path == link && context.stage == .output)
            #expect(context.ioError?.code == .alreadyExists && context.ioError?.operation == .create)
        }
        try OutputDestination.file(link, replacing: true).write {
            (sink: inout any ByteSink<IOError>) throws(SealError) in
            try sink.sealWrite(Data("new".utf8))
        }
        #expect(Self.kind(link) == S_IFREG)
        #expect(try Data(contentsOf: URL(fileURLWithPath: link)) == Data("new".utf8))
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("target".utf8))
    }

    @Test("a symbolic link to a FIFO is written through; the link and the FIFO stay")
    func linkToFIFO() throws {
        let folder = try ScratchFolder("rampart-seal-output")
        let fifo = folder.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let link = folder.path("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fifo)
        let reader = try LabFIFOReader(path: fifo, timeout: 30)
        try OutputDestination.file(link, replacing: true).write {
            (sink: inout any ByteSink<IOError>) throws(SealError) in
            try sink.sealWrite(Data("through".utf8))
        }
        #expect(reader.finish().data == Data("through".utf8))
        #expect(Self.kind(link) == S_IFLNK)
        #expect(Self.kind(fifo) == S_IFIFO)
    }
}
