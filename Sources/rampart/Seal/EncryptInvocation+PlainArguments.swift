import ArgumentParser

extension EncryptInvocation {
    /// ``EncryptCommand``'s options by every spelling, for ``PlainArguments``.
    private enum Spelling {
        static let format = PlainArguments.Option(["--format"], .value)
        static let recipients = PlainArguments.Option(["-r", "--recipient"], .values)
        static let recipientFiles = PlainArguments.Option(["-R", "--recipients-file"], .values)
        static let workFactor = PlainArguments.Option(["--work-factor"], .value)
        static let armor = PlainArguments.Option(["-a", "--armor"], .flag)
        static let output = PlainArguments.Option(["-o", "--output"], .value)
        static let force = PlainArguments.Option(["--force"], .flag)

        static let all =
            [format, recipients, recipientFiles, workFactor, armor, output, force] + PassphraseInput.Spelling.all
    }

    /// Every spelling the plain reading knows, for the test that holds it to ArgumentParser's.
    static var plainSpellings: [String] { Spelling.all.flatMap(\.names) }

    /// `arguments` (those after `encrypt`) read without ArgumentParser: the same values, converted
    /// by the same transforms and checked by the same ``validate()``, or `nil` for a command line
    /// that is not plain (``PlainArguments``; `-` for standard input among them) or that a
    /// conversion or check refuses, which ArgumentParser then parses and reports.
    init?(plain arguments: [String]) {
        guard let plain = PlainArguments(arguments, Spelling.all, positionals: 0...1) else { return nil }
        do {
            var encrypt = EncryptInvocation()
            encrypt.format = try plain.value(Spelling.format).map(ArgumentConversion.value) ?? encrypt.format
            encrypt.recipients = plain.values(Spelling.recipients)
            encrypt.recipientFiles = plain.values(Spelling.recipientFiles).map(PathArgument.path)
            encrypt.passphrase = PassphraseInput(plain: plain)
            encrypt.workFactor =
                try plain.value(Spelling.workFactor).map(ArgumentConversion.value) ?? encrypt.workFactor
            encrypt.armor = plain.flag(Spelling.armor)
            encrypt.output = plain.value(Spelling.output).map(PathArgument.path)
            encrypt.force = plain.flag(Spelling.force)
            encrypt.input = plain.positionals.first.map(PathArgument.path)
            try encrypt.passphrase.validate()
            try encrypt.validate()
            self = encrypt
        } catch {
            return nil
        }
    }
}
