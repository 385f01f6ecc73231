import ArgumentParser

extension DecryptInvocation {
    /// ``DecryptCommand``'s options by every spelling, for ``PlainArguments``.
    private enum Spelling {
        static let format = PlainArguments.Option(["--format"], .value)
        static let identityFiles = PlainArguments.Option(["-i", "--identity"], .values)
        static let output = PlainArguments.Option(["-o", "--output"], .value)
        static let force = PlainArguments.Option(["--force"], .flag)

        static let all = [format, identityFiles, output, force] + PassphraseInput.Spelling.all
    }

    /// Every spelling the plain reading knows, for the test that holds it to ArgumentParser's.
    static var plainSpellings: [String] { Spelling.all.flatMap(\.names) }

    /// `arguments` (those after `decrypt`) read without ArgumentParser: the same values, converted
    /// by the same transforms and checked by the same ``validate()``, or `nil` for a command line
    /// that is not plain (``PlainArguments``; `-` for standard input among them) or that a
    /// conversion or check refuses, which ArgumentParser then parses and reports.
    init?(plain arguments: [String]) {
        guard let plain = PlainArguments(arguments, Spelling.all, positionals: 0...1) else { return nil }
        do {
            var decrypt = DecryptInvocation()
            decrypt.format = try plain.value(Spelling.format).map(ArgumentConversion.value)
            decrypt.identityFiles = plain.values(Spelling.identityFiles).map(PathArgument.path)
            decrypt.passphrase = PassphraseInput(plain: plain)
            decrypt.output = plain.value(Spelling.output).map(PathArgument.path)
            decrypt.force = plain.flag(Spelling.force)
            decrypt.input = plain.positionals.first.map(PathArgument.path)
            try decrypt.passphrase.validate()
            try decrypt.validate()
            self = decrypt
        } catch {
            return nil
        }
    }
}
