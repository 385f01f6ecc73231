import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `rampart fetch` against what a hostile or careless user gives it: bodies from pipes and
/// devices, methods that smuggle a second request, absurd timeouts, secrets on the command line.
@Suite("rampart fetch: hostile input")
struct FetchHostileInputTests {
    /// Removed with everything in it when the test ends.
    let scratch: ScratchFolder
    var folder: URL { scratch.url }

    init() throws { scratch = try ScratchFolder("rampart-fetch-hostile") }

    func cleartext() -> LabWebServerConfiguration { LabWebServerConfiguration(chain: nil) }

    /// ATS allows cleartext to 127.0.0.1 under this policy, so the lab's plain HTTP server can be used.
    func localPolicy() throws -> String {
        let path = folder.appendingPathComponent("local.json").path
        try Data(#"{"NSAppTransportSecurity":{"NSAllowsLocalNetworking":true}}"#.utf8).write(
            to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a FIFO body with a late writer goes chunked as one request, never Content-Length: 0 plus a second one")
    func fifoBody() async throws {
        let fifo = folder.appendingPathComponent("body.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let policy = try localPolicy()
        try await LabWebServer.withServer(cleartext()) { server in
            async let result = RampartBinary.run([
                "fetch", server.baseURL + "/echo", "--policy", policy, "-d", "@" + fifo, "--max-time", "60",
            ])
            // The writer comes late: after the client connected and sent its head.
            try await Task.sleep(for: .milliseconds(500))
            let smuggled = "GET /status/418 HTTP/1.1\r\nHost: x\r\n\r\n"
            try await Self.writeWhenRead(fifo, Data(("password=hunter2&" + smuggled).utf8))
            let finished = try await result
            #expect(finished.exitCode == 0, "\(finished.standardErrorText)")
            #expect(server.requestsServed == 1)
            let request = try #require(server.requests.first)
            #expect(request.method == "POST")
            #expect(request.header("Transfer-Encoding")?.lowercased() == "chunked")
            #expect(request.header("Content-Length") == nil)
            #expect(String(decoding: request.body, as: UTF8.self) == "password=hunter2&" + smuggled)
        }
    }

    /// Writes `bytes` into the FIFO once a reader has opened it. On a thread of its own: the
    /// client (another process) gives up after `--max-time`, so the writer must keep time even
    /// when every task thread of the test runner is busy with CPU-heavy suites; and an open that
    /// never finds a reader gives up after 60 s instead of holding a thread forever.
    static func writeWhenRead(_ fifo: String, _ bytes: Data) async throws {
        let failure: String? = await DedicatedThread.run("fifo writer") {
            let deadline = ContinuousClock.now + .seconds(60)
            var descriptor: Int32 = -1
            while descriptor < 0 {
                descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
                guard descriptor < 0 else { break }
                let error = errno
                guard error == ENXIO, ContinuousClock.now < deadline else {
                    return "cannot open \(fifo) for writing: \(String(cString: strerror(error)))"
                }
                usleep(20_000)
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            do {
                try handle.write(contentsOf: bytes)
                try handle.close()
                return nil
            } catch {
                return "cannot write \(fifo): \(error)"
            }
        }
        if let failure { throw CocoaError(.fileWriteUnknown, userInfo: [NSDebugDescriptionErrorKey: failure]) }
    }

    @Test("-d @- from /dev/zero streams and stops at --max-upload-bytes, bounded in time and memory")
    func endlessStandardInput() async throws {
        let policy = try localPolicy()
        try await LabWebServer.withServer(cleartext()) { server in
            let command = [
                RampartBinary.url.path, "fetch", server.baseURL + "/echo", "--policy", policy, "-d", "@-",
                "--max-upload-bytes", "1000000",
            ].map { "'\($0)'" }.joined(separator: " ")
            let result = try await PeerProcess.runAsync("/bin/sh", ["-c", "exec \(command) </dev/zero"])
            #expect(result.exitCode == 74, "\(result.standardErrorText)")
            #expect(result.standardErrorText.contains("more than 1000000 bytes"))
            #expect(server.requestsServed == 0)
        }
    }

    @Test("-d @/dev/zero is bounded the same way, and --max-time holds while a FIFO never gets a writer")
    func devicesAndSilentFIFOs() async throws {
        let policy = try localPolicy()
        try await LabWebServer.withServer(cleartext()) { server in
            let zero = try await RampartBinary.run([
                "fetch", server.baseURL + "/echo", "--policy", policy, "-d", "@/dev/zero", "--max-upload-bytes",
                "65536",
            ])
            #expect(zero.exitCode == 74, "\(zero.standardErrorText)")
            let fifo = folder.appendingPathComponent("silent.fifo").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let silent = try await RampartBinary.run([
                "fetch", server.baseURL + "/echo", "--policy", policy, "-d", "@" + fifo, "--max-time", "2",
            ])
            #expect(silent.exitCode == 74, "\(silent.standardErrorText)")
            #expect(silent.standardErrorText.contains("timed out"))
            #expect(server.requestsServed == 0)
        }
    }

    @Test(
        "a method that is not an RFC 9110 token is refused before anything is sent",
        arguments: ["GET / HTTP/1.1\r\nHost: evil\r\n\r\nGET", "", "GET /", "G\tT", "GÉT"])
    func methodInjection(method: String) async throws {
        let policy = try localPolicy()
        try await LabWebServer.withServer(cleartext()) { server in
            let result = try await RampartBinary.run([
                "fetch", server.baseURL + "/echo", "--policy", policy, "-X", method,
            ])
            #expect(result.exitCode == 2, "\(result.standardErrorText)")
            #expect(result.standardErrorText.contains("is not an HTTP token"))
            #expect(server.connectionsAccepted == 0)
        }
    }

    @Test(
        "timeouts that are not finite, positive numbers exit 2 instead of crashing",
        arguments: [
            ["--max-time", "1e10"], ["--max-time", "nan"], ["--max-time", "inf"], ["--max-time=-1"],
            ["--connect-timeout", "nan"], ["--connect-timeout", "1e300"],
        ])
    func absurdTimeouts(arguments: [String]) async throws {
        let result = try await RampartBinary.run(["fetch", "https://127.0.0.1:1/"] + arguments)
        #expect(result.exitCode == 2, "\(arguments): \(result.standardErrorText)")
        #expect(result.standardErrorText.contains("takes seconds"))
    }

    @Test("-H @FILE sends headers from a file; an Authorization header on the command line earns a warning")
    func headersFromFile() async throws {
        let policy = try localPolicy()
        let headers = folder.appendingPathComponent("headers.txt")
        try Data("# secrets\nAuthorization: Bearer s3cret\r\n\nX-Trace: 1\n".utf8).write(to: headers)
        try await LabWebServer.withServer(cleartext()) { server in
            let fromFile = try await RampartBinary.run([
                "fetch", server.baseURL + "/echo", "--policy", policy, "-H", "@" + headers.path,
            ])
            #expect(fromFile.exitCode == 0, "\(fromFile.standardErrorText)")
            #expect(server.requests.last?.header("Authorization") == "Bearer s3cret")
            #expect(server.requests.last?.header("X-Trace") == "1")
            #expect(!fromFile.standardErrorText.contains("warning"))
            let onArgv = try await RampartBinary.run([
                "fetch", server.baseURL + "/echo", "--policy", policy, "-H", "Authorization: Bearer s3cret",
            ])
            #expect(onArgv.exitCode == 0)
            #expect(onArgv.standardErrorText.contains("visible to every user"))
            #expect(onArgv.standardErrorText.contains("-H @FILE"))
        }
        let missing = try await RampartBinary.run(["fetch", "https://127.0.0.1:1/", "-H", "@/nonexistent/headers"])
        #expect(missing.exitCode == 66)
    }

    @Test("proxy credentials come from a file; a password in --proxy earns a warning")
    func proxyCredentialsFile() async throws {
        let credentials = folder.appendingPathComponent("proxy-credentials")
        try Data("alice:s3cret\n".utf8).write(to: credentials)
        let pki = try LabPKI.shared()
        let files = try pki.chain(.good).export(to: folder.appendingPathComponent("chain"))
        try await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(.good))) { origin in
            try await LabProxy.withProxy(mode: .tunnel, requiredCredentials: ("alice", "s3cret")) { proxy in
                let url = "https://localhost:\(origin.port)/"
                let withFile = try await RampartBinary.run([
                    "fetch", url, "--ca", files.rootPEM.path, "--proxy", "http://127.0.0.1:\(proxy.port)",
                    "--proxy-credentials-file", credentials.path,
                ])
                #expect(withFile.exitCode == 0, "\(withFile.standardErrorText)")
                #expect(!withFile.standardErrorText.contains("warning"))
                let onArgv = try await RampartBinary.run([
                    "fetch", url, "--ca", files.rootPEM.path, "--proxy", "http://alice:s3cret@127.0.0.1:\(proxy.port)",
                ])
                #expect(onArgv.exitCode == 0, "\(onArgv.standardErrorText)")
                #expect(onArgv.standardErrorText.contains("--proxy-credentials-file"))
            }
        }
    }

    @Test("a redirect whose Location is not a URL fails with 74 instead of exiting 0 with an empty body")
    func unparseableLocation() async throws {
        let policy = try localPolicy()
        try await LabWebServer.withServer(cleartext()) { server in
            let result = try await RampartBinary.run([
                "fetch", server.baseURL + "/redirect/302?to=http%3A%2F%2F%5B%3A%3A1", "--policy", policy,
            ])
            #expect(result.exitCode == 74, "\(result.standardErrorText)")
            #expect(result.standardErrorText.contains("Location header is not a URL"))
            #expect(result.standardOutput.isEmpty)
        }
    }

    @Test("TLS failures read as sentences: no BoringSSL dump, packed codes or build paths reach the user")
    func readableTLSFailures() async throws {
        try await LabWebServer.withServer(cleartext()) { server in
            let result = try await RampartBinary.run(["fetch", "https://127.0.0.1:\(server.port)/"])
            #expect(result.exitCode == 74, "\(result.standardErrorText)")
            #expect(result.standardErrorText.contains("does not speak TLS"))
            for leak in [".build", "OPENSSL_internal", "BoringSSLError", "error:1000", ".cc:"] {
                #expect(!result.standardErrorText.contains(leak), "\(leak): \(result.standardErrorText)")
            }
        }
    }

    @Test("-o into a device writes into it and never replaces it; an existing file names --force")
    func outputsThatAreNotFiles() async throws {
        let policy = try localPolicy()
        try await LabWebServer.withServer(cleartext()) { server in
            let url = server.baseURL + "/bytes/100000"
            let null = try await RampartBinary.run(["fetch", url, "--policy", policy, "-o", "/dev/null"])
            #expect(null.exitCode == 0, "\(null.standardErrorText)")
            let full = try await RampartBinary.run(["fetch", url, "--policy", policy, "-o", "/dev/full", "--force"])
            #expect(full.exitCode == 74, "\(full.standardErrorText)")
            var status = stat()
            #expect(stat("/dev/full", &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR)
            let existing = folder.appendingPathComponent("existing.bin")
            try Data("keep".utf8).write(to: existing)
            let refused = try await RampartBinary.run(["fetch", url, "--policy", policy, "-o", existing.path])
            #expect(refused.exitCode == 73)
            #expect(refused.standardErrorText.contains("pass --force to replace it"))
            #expect(try Data(contentsOf: existing) == Data("keep".utf8))
        }
    }
}
