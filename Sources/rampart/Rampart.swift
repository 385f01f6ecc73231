import ArgumentParser
import RampartCommandLine
import RampartPolicy

/// `rampart`: the root command.
struct Rampart: AsyncParsableCommand {
    static let version = RampartVersion.current

    static let configuration = CommandConfiguration(
        commandName: "rampart",
        abstract: "Safe-by-default network traffic and stored secrets for Swift apps and services.",
        discussion: """
            Exit codes: 0 ok, 1 policy violation or findings at or above --fail-on, 2 usage error, 22 HTTP failure \
            (fetch --fail: a status of 400 or more), 65 bad data, 66 missing input, 73 cannot create output, 74 I/O \
            error, 77 authentication failed, 130/143 interrupted by SIGINT/SIGTERM (unfinished outputs removed), 141 \
            the reader of standard output went away (a closed pipe; nothing more is written).

            Shell completion: rampart --generate-completion-script bash|zsh|fish. Man pages and completion scripts \
            ship in docs/man and docs/completions of the source (docs/guides/cli.md).
            """,
        version: version,
        subcommands: [
            ATSCommand.self, PinCommand.self, EncryptCommand.self, DecryptCommand.self,
            KeygenCommand.self, E2ECommand.self, VaultCommand.self, FetchCommand.self, CTCommand.self,
            ValidateCommand.self, ScanCommand.self,
        ]
    )
}
