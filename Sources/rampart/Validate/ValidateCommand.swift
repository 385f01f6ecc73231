import ArgumentParser

/// `rampart validate`: input contracts checked by hand or in scripts.
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check e-mail addresses, uploaded images and JSON documents as RampartValidation does.",
        subcommands: [ValidateEmailCommand.self, ValidateImageCommand.self, ValidateJSONCommand.self])
}
