import ArgumentParser

/// `rampart e2e`: end-to-end encryption between users (RampartE2E).
struct E2ECommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "e2e",
        abstract: "End-to-end encrypted messages between users (HPKE, age STREAM, signed senders).",
        discussion: """
              rampart e2e keygen -o alice.key      # prints alice's public key (rampart1…)
              rampart e2e seal -r rampart1… --from alice.key -o msg.e2e notes.txt
              rampart e2e open -i bob.key --from rampart1… -o notes.txt msg.e2e
              rampart e2e fingerprint rampart1… rampart1…

            Exit codes: 2 usage, 65 malformed message (a version 1 envelope too: seal it again) or key, 66 missing \
            input, 73 cannot create output, 74 I/O, 77 not a recipient, wrong sender or tampered (no output file is \
            left), 141 closed pipe.
            """,
        subcommands: [
            E2EKeygenCommand.self, E2ESealCommand.self, E2EOpenCommand.self, E2EFingerprintCommand.self,
        ]
    )
}
