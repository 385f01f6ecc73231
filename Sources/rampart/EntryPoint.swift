import ArgumentParser
import Foundation
// The output pieces shared with `rampart-demo` (StandardOutput, Terminal, CommandFailure, ExitStatus,
// ControlCharacterEscaping, RawArguments, PathArgument), visible to every file of the command line.
@_exported import RampartCommandLine
import RampartCommandLineMain
import RampartHTTP
import RampartIO

/// Prepares the process (standard streams, allocator, interrupt cleanup) and runs the command line
/// through `CommandLineMain` (RampartCommandLineMain, shared with `rampart-demo`), which parses it, runs
/// the chosen subcommand, and turns every failure into a message on standard error and one of the
/// documented ``ExitStatus`` codes (usage errors exit 2, not ArgumentParser's 64).
///
/// The command line is parsed from its bytes (``RawArguments``): a value argument that is not
/// UTF-8 is refused (65) before the command runs, and path arguments are opened by their bytes
/// (``PathArgument``). Every message is written through `Terminal.warn`, which escapes control
/// characters, ArgumentParser's own usage errors (which quote the bad value) included.
@main
enum EntryPoint {
    static func main() async {
        StandardStreams.secure()
        if let status = answerVersion() { exit(status.rawValue) }
        // Read while this is the only thread: off Linux, reading the umask means setting it.
        _ = FileCreationMask.current
        tuneAllocator()
        InterruptCleanup.install()
        // `rampart fetch` is short-lived: its event loops, TLS context and handler metadata are
        // prepared on the second core while the main thread reads the arguments and builds the request.
        if CommandLine.arguments.dropFirst().first == "fetch" { Task.detached { await HTTPClient.prepare() } }
        exit(await CommandLineMain.run(Rampart.self, name: "rampart", plain: plainCommand).rawValue)
    }

    /// A `fetch`, `encrypt` or `decrypt` command line in the plain forms (``PlainArguments``), read
    /// without ArgumentParser, whose reflection is about half of a small fetch's wall time and
    /// most of an empty encrypt's memory beyond start-up in the static binary; `nil` for every
    /// other command line, which ArgumentParser parses.
    private static func plainCommand(_ arguments: [String]) -> (@MainActor () async throws -> Void)? {
        let rest = Array(arguments.dropFirst())
        switch arguments.first {
        case "fetch":
            guard let fetch = FetchInvocation(plain: rest) else { return nil }
            return { try await fetch.run() }
        case "encrypt":
            guard let encrypt = EncryptInvocation(plain: rest) else { return nil }
            return { try encrypt.run() }
        case "decrypt":
            guard let decrypt = DecryptInvocation(plain: rest) else { return nil }
            return { try decrypt.run() }
        default:
            return nil
        }
    }

    /// `rampart --version` alone, answered as ArgumentParser answers it (the version and a line
    /// feed) but before ArgumentParser builds the command tree: its reflection costs a runtime
    /// conformance scan of the whole static binary per type it looks at, more than the rest of
    /// start-up together. Any other command line, `--version` with more arguments included, goes
    /// through ArgumentParser. The status to exit with, or `nil` when the command line is not that.
    private static func answerVersion() -> ExitStatus? {
        guard CommandLine.argc == 2, CommandLine.arguments[1] == "--version" else { return nil }
        do throws(CommandFailure) {
            try StandardOutput.line(Rampart.version)
            return .success
        } catch {
            if !error.message.isEmpty { Terminal.warn("rampart: \(error.message)") }
            return error.status
        }
    }

    /// Streaming encryption allocates and frees the same few buffers per chunk (swift-crypto returns
    /// fresh `Data`). glibc's defaults hand that memory back to the kernel after each free, so every
    /// chunk paid for freshly zeroed pages: 750,000 page faults for 1 GiB of RNCryptor. Keeping freed
    /// memory in the heap (up to 64 MiB) removes them; peak memory does not grow, as the working set
    /// is a few buffers.
    ///
    /// One arena: by default glibc gives each thread that allocates its own heap, and every sealing
    /// worker's first chunk made one resident (about 0.7 MiB in all while sealing). A command's
    /// threads allocate a few buffers per 64 KiB chunk, so sharing one heap costs no measurable
    /// waiting.
    private static func tuneAllocator() {
        #if canImport(Glibc)
            // <malloc.h>: M_TRIM_THRESHOLD is -1, M_MMAP_THRESHOLD is -3, M_ARENA_MAX is -8 (glibc's
            // stable ABI).
            _ = glibcMallopt(-1, 64 << 20)
            _ = glibcMallopt(-3, 16 << 20)
            _ = glibcMallopt(-8, 1)
        #endif
    }
}

#if canImport(Glibc)
    /// glibc's `mallopt`, which Swift's Glibc module does not export (it lives in `<malloc.h>`).
    @_silgen_name("mallopt")
    private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
