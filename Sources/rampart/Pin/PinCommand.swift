import ArgumentParser

/// `rampart pin`: pins of certificates and servers (`show`, the default), and pin health of an
/// app's configuration against its live servers (`verify`).
struct PinCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin",
        abstract: "Compute SPKI pins of certificates and servers, or verify an app's pins against its servers.",
        discussion: """
            rampart pin FILE…|HOST:PORT        pins, names, keys and expiry (the same as `pin show`)
            rampart pin verify --policy Info.plist   each pinned domain's server checked before a release
            """,
        subcommands: [PinShowCommand.self, PinVerifyCommand.self], defaultSubcommand: PinShowCommand.self)
}
