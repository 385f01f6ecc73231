import Foundation
import RampartTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The files `rampart` creates honour the umask it was started with, as `cp` or `curl -o` would: a
/// report asked for as 0644 loses the bits the umask clears; a secret stays exactly 0600. The umask
/// is process-wide, so each case runs `rampart` in a shell that sets it first (`umask N; exec`),
/// never in the test process, whose other tests run beside it.
@Suite("Outputs honour the umask", .timeLimit(.minutes(10)))
struct OutputUmaskCLITests {
    /// Runs `rampart arguments` under `umask`.
    static func run(umask: String, _ arguments: [String]) async throws -> PeerProcess.Result {
        var environment: [String: String] = [:]
        if let stateHome = RampartBinary.stateHome { environment["XDG_STATE_HOME"] = stateHome }
        return try await PeerProcess.runAsync(
            "/bin/sh", ["-c", "umask \(umask) && exec \"$0\" \"$@\"", RampartBinary.url.path] + arguments,
            environment: environment)
    }

    static func permissions(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    @Test(
        "a scan report (0644) is created with the umask's bits cleared",
        arguments: [("022", mode_t(0o644)), ("027", mode_t(0o640)), ("077", mode_t(0o600))])
    func report(_ umask: String, _ expected: mode_t) async throws {
        let folder = try ScratchFolder("rampart-umask")
        try FileManager.default.createDirectory(at: folder.url("App"), withIntermediateDirectories: true)
        try folder.write("App/Main.swift", "let answer = 42\n")
        let report = folder.path("report-\(umask).json")
        let result = try await Self.run(umask: umask, ["scan", "--format", "json", "-o", report, folder.path("App")])
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        let mode = try #require(Self.permissions(report), "no report was written")
        #expect(mode == expected, "umask \(umask): mode \(String(mode, radix: 8))")
    }

    @Test("a secret key file stays 0600 under a permissive umask (000)")
    func secret() async throws {
        let folder = try ScratchFolder("rampart-umask")
        let key = folder.path("key.txt")
        let result = try await Self.run(umask: "000", ["keygen", "-o", key])
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        let mode = try #require(Self.permissions(key), "no key file was written")
        #expect(mode == 0o600, "mode \(String(mode, radix: 8))")
    }
}
