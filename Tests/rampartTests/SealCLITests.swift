import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `rampart encrypt | decrypt | keygen` as a user runs them: files, pipes, exit codes, and no
/// output left behind when something fails.
@Suite("rampart encrypt, decrypt, keygen")
struct SealCLITests {
    private func payload(_ size: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        var words = [UInt64](repeating: 0, count: (size + 7) / 8)
        for index in words.indices { words[index] = generator.next() }
        return words.withUnsafeBytes { Data($0.prefix(size)) }
    }

    /// Files under `folder` that process `pid` has open, with their sizes: how an output that
    /// has no name yet is seen from outside.
    private static func outputsBeingWritten(by pid: Int32, in folder: ScratchFolder) -> [(target: String, size: Int)] {
        let descriptors = "/proc/\(pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []
        return names.compactMap { name in
            let path = descriptors + "/" + name
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path),
                target.hasPrefix(folder.url.path + "/")
            else { return nil }
            var info = stat()
            return (target, stat(path, &info) == 0 ? Int(info.st_size) : 0)
        }
    }

    private static func kind(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    /// Runs `rampart` through `/bin/sh -c script`, the script seeing rampart as `$0` and the
    /// arguments as `$@` (for redirections such as `>/dev/full` or `2>&-`).
    private static func shell(_ script: String, _ arguments: [String], input: Data = Data()) async throws
        -> PeerProcess.Result
    {
        try await PeerProcess.runAsync("/bin/bash", ["-c", script, RampartBinary.url.path] + arguments, input: input)
    }

    /// A key, its recipient, a random plaintext and its age and RNCryptor encryptions in `folder`.
    private func sealedFiles(in folder: ScratchFolder, size: Int) async throws -> (recipient: String, plaintext: Data) {
        #expect(try await RampartBinary.run(["keygen", "-o", folder.path("key.txt")]).exitCode == 0)
        let recipient = try await RampartBinary.run(["keygen", "-y", folder.path("key.txt")])
            .standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)
        let plaintext = payload(size)
        try folder.write("plain", plaintext)
        try folder.write("pw", Data("correct horse\n".utf8))
        let age = try await RampartBinary.run(
            ["encrypt", "-r", recipient, "-o", folder.path("sealed.age"), folder.path("plain")])
        #expect(age.exitCode == 0, "\(age.standardErrorText)")
        let rncryptor = try await RampartBinary.run([
            "encrypt", "--format", "rncryptor", "--passphrase-file", folder.path("pw"), "-o",
            folder.path("sealed.rn"), folder.path("plain"),
        ])
        #expect(rncryptor.exitCode == 0, "\(rncryptor.standardErrorText)")
        return (recipient, plaintext)
    }

    /// A character device that behaves as `/dev/full` (device 1:7, glibc's encoding of small
    /// numbers being `major << 8 | minor`): a private node with its device number when
    /// the tests may create one (root), so that a command that wrongly replaced it could not
    /// damage the real `/dev/full`; the real one otherwise.
    private static func fullDevice(in folder: ScratchFolder) -> String {
        let path = folder.path("full")
        return mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0 ? path : "/dev/full"
    }

    @Test("keygen writes a 0600 identity file, refuses to replace it, and -y prints its recipient")
    func keygen() async throws {
        let folder = try ScratchFolder("rampart-cli")
        let made = try await RampartBinary.run(["keygen", "-o", folder.path("key.txt")])
        #expect(made.exitCode == 0, "\(made.standardErrorText)")
        #expect(made.standardErrorText.hasPrefix("Public key: age1"))
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path("key.txt"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let again = try await RampartBinary.run(["keygen", "-o", folder.path("key.txt")])
        #expect(again.exitCode == 73)
        let recipient = try await RampartBinary.run(["keygen", "-y", folder.path("key.txt")])
        #expect(recipient.exitCode == 0)
        let fromAge = try await PeerProcess.runAsync("age-keygen", ["-y", folder.path("key.txt")])
        #expect(recipient.standardOutputText == fromAge.standardOutputText)
        let missing = try await RampartBinary.run(["keygen", "-y", folder.path("nope.txt")])
        #expect(missing.exitCode == 66)
        try folder.write("garbage.txt", Data("AGE-SECRET-KEY-1NOTAKEY\n".utf8))
        let garbage = try await RampartBinary.run(["keygen", "-y", folder.path("garbage.txt")])
        #expect(garbage.exitCode == 65)
        #expect(!garbage.standardErrorText.contains("NOTAKEY"), "errors never echo key material")
    }

    @Test("age: encrypt to a recipient, the age CLI decrypts; pipes work both ways")
    func ageFiles() async throws {
        let folder = try ScratchFolder("rampart-cli")
        _ = try await RampartBinary.run(["keygen", "-o", folder.path("key.txt")])
        let recipient = try await RampartBinary.run(["keygen", "-y", folder.path("key.txt")])
        let plaintext = payload(200_000)
        try folder.write("plain", plaintext)
        let sealed = try await RampartBinary.run([
            "encrypt", "-r", recipient.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines),
            "-o", folder.path("plain.age"), folder.path("plain"),
        ])
        #expect(sealed.exitCode == 0, "\(sealed.standardErrorText)")
        let byAge = try await PeerProcess.runAsync(
            "age", ["-d", "-i", folder.path("key.txt"), folder.path("plain.age")])
        #expect(byAge.standardOutput == plaintext)
        let armored = try await RampartBinary.run(
            ["encrypt", "-a", "-R", folder.path("key.txt.pub")], input: plaintext)
        #expect(armored.exitCode == 66, "a missing recipients file is missing input")
        try folder.write("key.txt.pub", recipient.standardOutput)
        let piped = try await RampartBinary.run(["encrypt", "-a", "-R", folder.path("key.txt.pub")], input: plaintext)
        #expect(piped.exitCode == 0)
        #expect(piped.standardOutputText.hasPrefix("-----BEGIN AGE ENCRYPTED FILE-----"))
        let opened = try await RampartBinary.run(
            ["decrypt", "-i", folder.path("key.txt")], input: piped.standardOutput)
        #expect(opened.exitCode == 0)
        #expect(opened.standardOutput == plaintext)
    }

    @Test("age: a file of several batches, written to a file and to a pipe, is what the age CLI decrypts")
    func ageSeveralBatches() async throws {
        let folder = try ScratchFolder("rampart-cli")
        _ = try await RampartBinary.run(["keygen", "-o", folder.path("key.txt")])
        let recipient = try await RampartBinary.run(["keygen", "-y", folder.path("key.txt")])
            .standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)
        // Seven batches of eight 64 KiB chunks, the last one short and ending inside a chunk.
        let plaintext = payload(3 * 1_048_576 + 5)
        try folder.write("plain", plaintext)
        let toFile = try await RampartBinary.run(
            ["encrypt", "-r", recipient, "-o", folder.path("plain.age"), folder.path("plain")])
        #expect(toFile.exitCode == 0, "\(toFile.standardErrorText)")
        let toPipe = try await RampartBinary.run(["encrypt", "-r", recipient, folder.path("plain")])
        #expect(toPipe.exitCode == 0, "\(toPipe.standardErrorText)")
        try folder.write("piped.age", toPipe.standardOutput)
        for name in ["plain.age", "piped.age"] {
            let byAge = try await PeerProcess.runAsync("age", ["-d", "-i", folder.path("key.txt"), folder.path(name)])
            #expect(byAge.standardOutput == plaintext, "\(name): \(byAge.standardErrorText)")
        }
    }

    @Test("a wrong identity or passphrase exits 77 and leaves no output file, not even a temporary one")
    func noOutputOnFailure() async throws {
        let folder = try ScratchFolder("rampart-cli")
        _ = try await RampartBinary.run(["keygen", "-o", folder.path("right.txt")])
        _ = try await RampartBinary.run(["keygen", "-o", folder.path("wrong.txt")])
        let recipient = try await RampartBinary.run(["keygen", "-y", folder.path("right.txt")])
        try folder.write("recipients", recipient.standardOutput)
        try folder.write("plain", payload(150_000))
        let sealed = try await RampartBinary.run([
            "encrypt", "-R", folder.path("recipients"), "-o", folder.path("sealed.age"), folder.path("plain"),
        ])
        #expect(sealed.exitCode == 0)
        let before = folder.entries
        let wrong = try await RampartBinary.run([
            "decrypt", "-i", folder.path("wrong.txt"), "-o", folder.path("out"), folder.path("sealed.age"),
        ])
        #expect(wrong.exitCode == 77, "\(wrong.standardErrorText)")
        #expect(folder.entries == before)
        // Altered in its last chunk: the first chunks authenticate, yet no file appears.
        var altered = try folder.read("sealed.age")
        altered[altered.count - 20] ^= 0x40
        try folder.write("altered.age", altered)
        let tampered = try await RampartBinary.run([
            "decrypt", "-i", folder.path("right.txt"), "-o", folder.path("out"), folder.path("altered.age"),
        ])
        #expect(tampered.exitCode == 77)
        #expect(!folder.entries.contains { $0.contains("out") }, "\(folder.entries)")
        // Cut short: exit 65, nothing written.
        try folder.write("short.age", altered.prefix(altered.count - 30_000))
        let short = try await RampartBinary.run([
            "decrypt", "-i", folder.path("right.txt"), "-o", folder.path("out"), folder.path("short.age"),
        ])
        #expect(short.exitCode == 65 || short.exitCode == 77)
        #expect(!folder.entries.contains { $0.contains("out") })
    }

    @Test(
        "an interrupted encryption (SIGINT, SIGTERM) exits 130/143 and leaves no file behind",
        arguments: [SIGINT, SIGTERM])
    func interrupted(signalNumber: Int32) async throws {
        let folder = try ScratchFolder("rampart-cli")
        let identity = try await RampartBinary.run(["keygen", "-o", folder.path("key.txt")])
        #expect(identity.exitCode == 0)
        let recipient = try await RampartBinary.run(["keygen", "-y", folder.path("key.txt")])
        let process = Process()
        process.executableURL = RampartBinary.url
        process.arguments = [
            "encrypt", "-r", recipient.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines),
            "-o", folder.path("endless.age"),
        ]
        let input = Pipe()
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Feed data until the output is being written, then interrupt mid-stream; stdin stays open.
        // The output has no name yet (an O_TMPFILE file, or a hidden temporary file where the file
        // system has none): it shows as a descriptor of the process open in the folder.
        let chunk = Data(repeating: 0x5a, count: 1 << 20)
        var sawTemporary = false
        for _ in 0..<200 where !sawTemporary {
            try input.fileHandleForWriting.write(contentsOf: chunk)
            sawTemporary = !Self.outputsBeingWritten(by: process.processIdentifier, in: folder).isEmpty
        }
        #expect(sawTemporary, "the output is written to a temporary file first")
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationStatus == 128 + signalNumber)
        #expect(folder.entries == ["key.txt"], "\(folder.entries)")
    }

    @Test("an existing output is kept unless --force, and then replaced only on success")
    func force() async throws {
        let folder = try ScratchFolder("rampart-cli")
        try folder.write("pw", Data("correct horse\n".utf8))
        try folder.write("plain", Data("new contents".utf8))
        try folder.write("existing", Data("precious".utf8))
        let refused = try await RampartBinary.run([
            "encrypt", "--passphrase-file", folder.path("pw"), "--work-factor", "10", "-o", folder.path("existing"),
            folder.path("plain"),
        ])
        #expect(refused.exitCode == 73)
        #expect(try folder.read("existing") == Data("precious".utf8))
        let sealed = try await RampartBinary.run([
            "encrypt", "--passphrase-file", folder.path("pw"), "--work-factor", "10", "-o", folder.path("sealed"),
            folder.path("plain"),
        ])
        #expect(sealed.exitCode == 0)
        try folder.write("bad-pw", Data("wrong\n".utf8))
        let failed = try await RampartBinary.run([
            "decrypt", "--passphrase-file", folder.path("bad-pw"), "--force", "-o", folder.path("existing"),
            folder.path("sealed"),
        ])
        #expect(failed.exitCode == 77)
        #expect(try folder.read("existing") == Data("precious".utf8), "a failed decrypt leaves the old file")
        let replaced = try await RampartBinary.run([
            "decrypt", "--passphrase-file", folder.path("pw"), "--force", "-o", folder.path("existing"),
            folder.path("sealed"),
        ])
        #expect(replaced.exitCode == 0)
        #expect(try folder.read("existing") == Data("new contents".utf8))
    }

    @Test("RNCryptor via the CLI: detected on decrypt, wrong password 77, and standard output held until verified")
    func rncryptor() async throws {
        let folder = try ScratchFolder("rampart-cli")
        try folder.write("pw", Data("hunter2\r\n".utf8))
        let plaintext = payload(100_000)
        let sealed = try await RampartBinary.run(
            ["encrypt", "--format", "rncryptor", "--passphrase-file", folder.path("pw")], input: plaintext)
        #expect(sealed.exitCode == 0)
        #expect(sealed.standardOutput.prefix(2) == Data([3, 1]))
        let opened = try await RampartBinary.run(
            ["decrypt", "--passphrase-env", "RAMPART_TEST_PW"], input: sealed.standardOutput,
            environment: ["RAMPART_TEST_PW": "hunter2"])
        #expect(opened.exitCode == 0, "\(opened.standardErrorText)")
        #expect(opened.standardOutput == plaintext)
        var altered = sealed.standardOutput
        altered[altered.count / 2] ^= 1
        let tampered = try await RampartBinary.run(
            ["decrypt", "--passphrase-file", folder.path("pw")], input: altered)
        #expect(tampered.exitCode == 77)
        #expect(tampered.standardOutput.isEmpty, "no unauthenticated plaintext on standard output")
    }

    @Test("a /dev/full device as -o, with or without --force: exit 74, and the device is not replaced")
    func fullDeviceOutput() async throws {
        let folder = try ScratchFolder("rampart-cli")
        let (recipient, _) = try await sealedFiles(in: folder, size: 300_000)
        let device = Self.fullDevice(in: folder)
        let before = folder.entries
        for arguments in [
            ["decrypt", "-i", folder.path("key.txt"), "-o", device, folder.path("sealed.age")],
            ["decrypt", "-i", folder.path("key.txt"), "--force", "-o", device, folder.path("sealed.age")],
            ["decrypt", "--passphrase-file", folder.path("pw"), "--force", "-o", device, folder.path("sealed.rn")],
            [
                "encrypt", "-r", recipient, "--force", "-o",
                device,
                folder.path("plain"),
            ],
            ["keygen", "-o", device],
        ] {
            let result = try await RampartBinary.run(arguments)
            #expect(result.exitCode == 74, "\(arguments): \(result.standardErrorText)")
            #expect(result.standardErrorText.contains("No space left on device"), "\(result.standardErrorText)")
            #expect(Self.kind(device) == S_IFCHR, "\(device) is still a character device after \(arguments)")
        }
        #expect(folder.entries == before, "nothing was left beside it")
        let devices = (try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []
        #expect(!devices.contains { $0.contains(".rampart-") }, "nothing was left in /dev")
    }

    @Test("a FIFO as -o receives the output and stays a FIFO; RNCryptor releases nothing unless its MAC verified")
    func fifoOutput() async throws {
        let folder = try ScratchFolder("rampart-cli")
        let (recipient, plaintext) = try await sealedFiles(in: folder, size: 1_500_000)
        let fifo = folder.path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        var tampered = try folder.read("sealed.rn")
        tampered[tampered.count / 2] ^= 1
        try folder.write("tampered.rn", tampered)
        let cases: [([String], Int32, Data?)] = [
            (["decrypt", "-i", folder.path("key.txt"), "-o", fifo, folder.path("sealed.age")], 0, plaintext),
            (["decrypt", "--passphrase-file", folder.path("pw"), "-o", fifo, folder.path("sealed.rn")], 0, plaintext),
            (["decrypt", "--passphrase-file", folder.path("pw"), "-o", fifo, folder.path("tampered.rn")], 77, Data()),
            (["encrypt", "-r", recipient, "-a", "--force", "-o", fifo, folder.path("plain")], 0, nil),
        ]
        for (arguments, status, expected) in cases {
            let reader = try LabFIFOReader(path: fifo)
            let result = try await RampartBinary.run(arguments)
            let received = reader.finish().data
            #expect(result.exitCode == status, "\(arguments): \(result.standardErrorText)")
            if let expected {
                // Compared as a Bool: a failed == of megabytes of Data makes Swift Testing diff them for minutes.
                let same = received == expected
                #expect(same, "\(arguments): \(received.count) of \(expected.count) bytes received")
            } else {
                try folder.write("from-fifo.age", received)
                let opened = try await PeerProcess.runAsync(
                    "age", ["-d", "-i", folder.path("key.txt"), folder.path("from-fifo.age")])
                let same = opened.standardOutput == plaintext
                #expect(same, "age reads what went through the FIFO")
            }
            #expect(Self.kind(fifo) == S_IFIFO, "still a FIFO after \(arguments)")
        }
    }

    @Test("a directory as -o is refused with exit 73 and says so, --force or not")
    func directoryOutput() async throws {
        let folder = try ScratchFolder("rampart-cli")
        let (recipient, _) = try await sealedFiles(in: folder, size: 1000)
        let directory = folder.path("dir")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        for arguments in [
            ["decrypt", "-i", folder.path("key.txt"), "-o", directory, folder.path("sealed.age")],
            ["decrypt", "-i", folder.path("key.txt"), "--force", "-o", directory, folder.path("sealed.age")],
            ["encrypt", "-r", recipient, "--force", "-o", directory, folder.path("plain")],
            ["keygen", "-o", directory],
        ] {
            let result = try await RampartBinary.run(arguments)
            #expect(result.exitCode == 73, "\(arguments): \(result.standardErrorText)")
            #expect(result.standardErrorText.contains("\(directory) is a directory"), "\(result.standardErrorText)")
        }
        #expect(Self.kind(directory) == S_IFDIR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test("--force replaces a regular file atomically: a new 0600 file by rename, nothing else left")
    func forceIsAtomic() async throws {
        let folder = try ScratchFolder("rampart-cli")
        let (recipient, plaintext) = try await sealedFiles(in: folder, size: 200_000)
        try folder.write("existing", Data("precious".utf8))
        let original = try FileManager.default.attributesOfItem(atPath: folder.path("existing"))[.systemFileNumber]
        let before = folder.entries
        let replaced = try await RampartBinary.run([
            "decrypt", "-i", folder.path("key.txt"), "--force", "-o", folder.path("existing"),
            folder.path("sealed.age"),
        ])
        #expect(replaced.exitCode == 0, "\(replaced.standardErrorText)")
        let same = try folder.read("existing") == plaintext
        #expect(same, "the new plaintext replaced the file")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path("existing"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(attributes[.systemFileNumber] as? Int != original as? Int, "a new file renamed into place")
        let sealed = try await RampartBinary.run([
            "encrypt", "-r", recipient, "--force", "-o", folder.path("existing"), folder.path("plain"),
        ])
        #expect(sealed.exitCode == 0)
        #expect(try folder.read("existing").starts(with: Data("age-encryption.org/v1\n".utf8)))
        #expect(folder.entries == before)
    }

    @Test(
        "a decryption killed mid-write (SIGKILL included) leaves nothing in the output folder, hidden files included",
        arguments: [
            ("age", SIGKILL), ("age", SIGHUP), ("age", SIGUSR1), ("age", SIGALRM), ("age", SIGQUIT),
            ("rncryptor", SIGKILL), ("rncryptor", SIGHUP), ("rncryptor", SIGUSR2), ("rncryptor", SIGXCPU),
        ])
    func killedMidWrite(format: String, signalNumber: Int32) async throws {
        let folder = try ScratchFolder("rampart-cli")
        _ = try await sealedFiles(in: folder, size: 24 << 20)
        let output = try ScratchFolder("rampart-cli")
        let process = Process()
        process.executableURL = RampartBinary.url
        process.arguments =
            format == "age"
            ? ["decrypt", "-i", folder.path("key.txt"), "-o", output.path("plain")]
            : ["decrypt", "--passphrase-file", folder.path("pw"), "-o", output.path("plain")]
        let input = Pipe()
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Feed two thirds of the file and keep standard input open: the command decrypts what it
        // got into its output and waits for more.
        let sealed = try folder.read(format == "age" ? "sealed.age" : "sealed.rn")
        try input.fileHandleForWriting.write(contentsOf: sealed.prefix(16 << 20))
        var written = 0
        for _ in 0..<100 where written < 4 << 20 {
            written = Self.outputsBeingWritten(by: process.processIdentifier, in: output).map(\.size).max() ?? 0
            if written < 4 << 20 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(written >= 4 << 20, "the command is mid-write, with plaintext in its output")
        kill(process.processIdentifier, signalNumber)
        for _ in 0..<200 where process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        if process.isRunning {
            Issue.record("signal \(signalNumber) did not end the command within 20 seconds")
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        if signalNumber == SIGKILL {
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        } else {
            #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signalNumber)
        }
        #expect(output.entries == [], "\(output.entries)")
    }

    @Test("a full standard output (>/dev/full) ends keygen, keygen -y, encrypt and decrypt with exit 74 and a message")
    func fullStandardOutput() async throws {
        let folder = try ScratchFolder("rampart-cli")
        let (recipient, _) = try await sealedFiles(in: folder, size: 300_000)
        for arguments in [
            ["keygen", "-y", folder.path("key.txt")],
            ["keygen"],
            ["decrypt", "-i", folder.path("key.txt"), folder.path("sealed.age")],
            ["decrypt", "--passphrase-file", folder.path("pw"), folder.path("sealed.rn")],
            ["encrypt", "-a", "-r", recipient, folder.path("plain")],
        ] {
            let result = try await Self.shell(#"exec "$0" "$@" >/dev/full"#, arguments)
            #expect(result.exitCode == 74, "\(arguments): \(result.standardErrorText)")
            #expect(
                result.standardErrorText.contains("standard output")
                    && result.standardErrorText.contains("No space left on device"),
                "\(arguments): \(result.standardErrorText)")
        }
    }

    @Test("a reader that goes away (decrypt | head -c 100) ends the command quietly with 141")
    func brokenPipe() async throws {
        let folder = try ScratchFolder("rampart-cli")
        let (recipient, _) = try await sealedFiles(in: folder, size: 8 << 20)
        for arguments in [
            ["decrypt", "-i", folder.path("key.txt"), folder.path("sealed.age")],
            ["decrypt", "--passphrase-file", folder.path("pw"), folder.path("sealed.rn")],
            ["encrypt", "-r", recipient, folder.path("plain")],
        ] {
            let result = try await Self.shell(
                #""$0" "$@" | head -c 100 >/dev/null; echo "${PIPESTATUS[0]}""#, arguments)
            #expect(result.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines) == "141", "\(arguments)")
            #expect(result.standardErrorText.isEmpty, "\(arguments): \(result.standardErrorText)")
        }
    }

    @Test(
        "a failing decrypt with standard error unusable (2>/dev/full, 2>&-) keeps its exit status",
        arguments: [
            "2>/dev/full", "2>&-",
        ])
    func unusableStandardError(redirect: String) async throws {
        let folder = try ScratchFolder("rampart-cli")
        _ = try await sealedFiles(in: folder, size: 1000)
        #expect(try await RampartBinary.run(["keygen", "-o", folder.path("other.txt")]).exitCode == 0)
        let wrong = try await Self.shell(
            #"exec "$0" "$@" "# + redirect, ["decrypt", "-i", folder.path("other.txt"), folder.path("sealed.age")])
        #expect(wrong.exitCode == 77)
        let missing = try await Self.shell(
            #"exec "$0" "$@" "# + redirect, ["decrypt", "-i", folder.path("key.txt"), folder.path("nope.age")])
        #expect(missing.exitCode == 66)
    }

    @Test("a passphrase file that cannot be a passphrase (/dev/zero, a 65 KiB line, a NUL) is refused with 65")
    func passphraseFiles() async throws {
        let folder = try ScratchFolder("rampart-cli")
        _ = try await sealedFiles(in: folder, size: 1000)
        try folder.write("long", Data(repeating: UInt8(ascii: "x"), count: 65 * 1024) + Data("\n".utf8))
        try folder.write("nul", Data("pass\u{0}word\n".utf8))
        let before = folder.entries
        for (file, needle) in [("/dev/zero", "65536"), (folder.path("long"), "65536"), (folder.path("nul"), "U+0000")] {
            for arguments in [
                ["encrypt", "--passphrase-file", file, "-o", folder.path("out"), folder.path("plain")],
                ["decrypt", "--passphrase-file", file, "-o", folder.path("out"), folder.path("sealed.rn")],
            ] {
                let result = try await RampartBinary.run(arguments)
                #expect(result.exitCode == 65, "\(arguments): \(result.standardErrorText)")
                #expect(
                    result.standardErrorText.contains(file) && result.standardErrorText.contains(needle),
                    "\(result.standardErrorText)")
            }
        }
        #expect(folder.entries == before)
    }

    @Test("messages name the real problem: keygen has no --force, an empty input, a directory as input")
    func messages() async throws {
        let folder = try ScratchFolder("rampart-cli")
        let (recipient, _) = try await sealedFiles(in: folder, size: 1000)
        let keygen = try await RampartBinary.run(["keygen", "-o", folder.path("key.txt")])
        #expect(keygen.exitCode == 73)
        #expect(keygen.standardErrorText.contains("already exists"), "\(keygen.standardErrorText)")
        #expect(!keygen.standardErrorText.contains("--force"), "keygen has no --force: \(keygen.standardErrorText)")
        let encrypt = try await RampartBinary.run(["encrypt", "-r", recipient, "-o", folder.path("plain"), "-"])
        #expect(encrypt.exitCode == 73)
        #expect(encrypt.standardErrorText.contains("already exists; pass --force"), "\(encrypt.standardErrorText)")
        let empty = try await RampartBinary.run(["decrypt", "-i", folder.path("key.txt"), "/dev/null"])
        #expect(empty.exitCode == 65)
        #expect(empty.standardErrorText.contains("/dev/null is empty"), "\(empty.standardErrorText)")
        let directory = try await RampartBinary.run(["decrypt", "-i", folder.path("key.txt"), folder.url.path])
        #expect(directory.exitCode == 74)
        #expect(directory.standardErrorText.contains("is a directory"), "\(directory.standardErrorText)")
        #expect(!directory.standardErrorText.contains("permission"))
    }

    @Test(
        "bad input gets a clear message and a documented exit code",
        arguments: [
            (["decrypt", "-i", "/nonexistent/key.txt", "-"], 66),
            (["decrypt", "-i", "/etc/passwd", "-"], 65),
            (["decrypt", "--passphrase-env", "RAMPART_TEST_PW", "/nonexistent/file.age"], 66),
            (["encrypt", "-r", "age1notarecipient", "-a"], 65),
            (["encrypt", "-a"], 2),
            (["encrypt", "-r", "age1qqq", "--passphrase-env", "X", "-a"], 2),
            (["decrypt", "--passphrase-env", "RAMPART_TEST_PW"], 65),
        ])
    func badInput(arguments: [String], status: Int) async throws {
        let result = try await RampartBinary.run(
            arguments, input: Data("this is not encrypted".utf8), environment: ["RAMPART_TEST_PW": "pw"])
        #expect(Int(result.exitCode) == status, "\(arguments): \(result.standardErrorText)")
        #expect(!result.standardErrorText.isEmpty)
        #expect(!result.standardErrorText.contains("Fatal error"))
    }
}
