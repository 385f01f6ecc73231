import ArgumentParser

/// `rampart pin`: pins of certificates and servers (`show`, the default), and pin health of an
/// app's configuration against its live servers (`verify`).
struct PinCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin",
        abstract: "Compute SPKI pins of certificates and servers, or verify an app's pins against its servers.",
        discussion: """
              rampart pin FILE…|HOST:PORT              pins, names, keys, expiry (pin show)
              rampart pin verify --policy Info.plist   check each pinned domain's server
            """,
        subcommands: [PinShowCommand.self, PinVerifyCommand.self], defaultSubcommand: PinShowCommand.self)
}
