import ArgumentParser

/// `rampart ct`: Certificate Transparency.
struct CTCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ct", abstract: "Certificate Transparency: check a certificate's SCTs against log lists.",
        subcommands: [CTCheckCommand.self])
}
