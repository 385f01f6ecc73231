extension PassphraseInput {
    /// ``PassphraseOptions``' spellings, for ``PlainArguments``.
    enum Spelling {
        static let file = PlainArguments.Option(["--passphrase-file"], .value)
        static let environment = PlainArguments.Option(["--passphrase-env"], .value)
        static let prompt = PlainArguments.Option(["-p", "--passphrase"], .flag)

        static let all = [file, environment, prompt]
    }

    /// The passphrase options of a command line read by ``PlainArguments`` (with ``Spelling/all``),
    /// converted as ``PassphraseOptions`` converts them; checked by the command's `validate()`.
    init(plain: PlainArguments) {
        self.init(
            passphraseFile: plain.value(Spelling.file).map(PathArgument.path),
            passphraseEnvironment: plain.value(Spelling.environment), prompt: plain.flag(Spelling.prompt))
    }
}
