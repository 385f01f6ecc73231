import Foundation
import RampartE2E
import RampartIO
import RampartSeal
import RampartTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A file or stream failing under an end-to-end operation is an ``E2EError/io(_:)`` carrying
/// RampartIO's ``IOError``: its class, operation, path and `errno`, never a Seal error in between.
@Suite("E2E: file failures are I/O errors", .timeLimit(.minutes(10)))
struct E2EIOErrorTests {
    /// Seals a message to Bob signed by `signer` (Alice when `nil`) and opens it into the file at
    /// `output` through a `SealDestination`, expecting Alice as the sender.
    private static func openFromAlice(signedBy signer: E2EIdentity?, into output: String) throws(E2EError) {
        let alice = try E2EIdentity.generate(.classic)
        let bob = try E2EIdentity.generate(.classic)
        var source = DataSource(try E2E.seal(Data("meet at noon".utf8), to: [bob.publicKey], from: signer ?? alice))
        _ = try E2E.open(from: &source, to: .file(output, replacing: false), identity: bob, expected: alice.publicKey)
    }

    @Test("an identity file is never written over: alreadyExists naming the path, the file untouched")
    func identityFileExists() throws {
        let folder = try ScratchFolder("rampart-e2e-io")
        let path = folder.path("alice.key")
        try Data("kept\n".utf8).write(to: URL(fileURLWithPath: path))
        let alice = try E2EIdentity.generate(.classic)
        do throws(E2EError) {
            try E2EIdentityFile.write(alice, to: path)
            Issue.record("an existing identity file was replaced")
        } catch {
            guard case .io(let underlying) = error else {
                Issue.record("expected .io, got \(error)")
                return
            }
            #expect(underlying.code == .alreadyExists && underlying.path == path)
            #expect(error.description == "cannot create the output: \(path) already exists")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept\n")
    }

    @Test("opening into a directory that does not exist: cannotCreate with the path and errno; nothing written")
    func openIntoMissingFolder() throws {
        let folder = try ScratchFolder("rampart-e2e-io")
        let output = folder.path("missing/plain.txt")
        do throws(E2EError) {
            try Self.openFromAlice(signedBy: nil, into: output)
            Issue.record("an output in a missing folder was written")
        } catch {
            guard case .io(let underlying) = error else {
                Issue.record("expected .io, got \(error)")
                return
            }
            #expect(underlying.code == .cannotCreate && underlying.path == output)
            #expect(underlying.errno == ENOENT && underlying.systemCall != nil)
        }
    }

    @Test("a wrong sender through a SealDestination stays wrongSender, not an I/O or parameter error")
    func wrongSenderThroughDestination() throws {
        let folder = try ScratchFolder("rampart-e2e-io")
        let output = folder.path("plain.txt")
        do throws(E2EError) {
            try Self.openFromAlice(signedBy: try E2EIdentity.generate(.classic), into: output)
            Issue.record("a message from another sender was opened")
        } catch {
            guard case .wrongSender = error else {
                Issue.record("expected .wrongSender, got \(error)")
                return
            }
        }
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
