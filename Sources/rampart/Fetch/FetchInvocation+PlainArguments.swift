import ArgumentParser

extension FetchInvocation {
    /// `fetch`'s options as ``FetchCommand`` declares them, by every spelling, for ``PlainArguments``.
    private enum Spelling {
        static let policy = PlainArguments.Option(["--policy"], .value)
        static let os = PlainArguments.Option(["--os"], .value)
        static let pins = PlainArguments.Option(["--pin"], .values)
        static let ca = PlainArguments.Option(["--ca"], .value)
        static let caOnly = PlainArguments.Option(["--ca-only"], .flag)
        static let method = PlainArguments.Option(["-X", "--request"], .value)
        static let headers = PlainArguments.Option(["-H", "--header"], .values)
        static let data = PlainArguments.Option(["-d", "--data"], .value)
        static let maxUploadBytes = PlainArguments.Option(["--max-upload-bytes"], .value)
        static let output = PlainArguments.Option(["-o", "--output"], .value)
        static let force = PlainArguments.Option(["--force"], .flag)
        static let maxBytes = PlainArguments.Option(["--max-bytes"], .value)
        static let maxRedirects = PlainArguments.Option(["--max-redirects"], .value)
        static let maxTime = PlainArguments.Option(["--max-time"], .value)
        static let connectTimeout = PlainArguments.Option(["--connect-timeout"], .value)
        static let proxy = PlainArguments.Option(["--proxy"], .value)
        static let proxyCredentialsFile = PlainArguments.Option(["--proxy-credentials-file"], .value)
        static let fail = PlainArguments.Option(["--fail"], .flag)
        static let http1Only = PlainArguments.Option(["--http1.1"], .flag)
        static let http2Only = PlainArguments.Option(["--http2"], .flag)
        static let compressed = PlainArguments.Option(["--compressed"], .flag)
        static let head = PlainArguments.Option(["-I", "--head"], .flag)
        static let location = PlainArguments.Option(["-L", "--location"], .flag)
        static let include = PlainArguments.Option(["-i", "--include"], .flag)
        static let verbose = PlainArguments.Option(["-v", "--verbose"], .flag)
        static let ctLogLists = PlainArguments.Option(["--ct-log-list"], .values)
        static let ctPolicy = PlainArguments.Option(["--ct-policy"], .value)
        static let format = PlainArguments.Option(["--format"], .value)
        static let cert = PlainArguments.Option(["--cert"], .value)
        static let key = PlainArguments.Option(["--key"], .value)
        static let keyFromVault = PlainArguments.Option(["--key-from-vault"], .value)
        static let vaultPath = PlainArguments.Option(["--vault"], .value)
        static let vaultPassphraseFile = PlainArguments.Option(["--vault-passphrase-file"], .value)

        static let all = [
            policy, os, pins, ca, caOnly, method, headers, data, maxUploadBytes, output, force, maxBytes,
            maxRedirects, maxTime, connectTimeout, proxy, proxyCredentialsFile, fail, http1Only, http2Only,
            compressed, head, location, include, verbose, ctLogLists, ctPolicy, format, cert, key, keyFromVault,
            vaultPath, vaultPassphraseFile,
        ]
    }

    /// Every spelling the plain reading knows, for the test that holds it to ArgumentParser's.
    static var plainSpellings: [String] { Spelling.all.flatMap(\.names) }

    /// `arguments` (those after `fetch`) read without ArgumentParser: the same values, converted by
    /// the same transforms and checked by the same ``validate()``, or `nil` for a command line
    /// that is not plain (``PlainArguments``) or that any conversion or check refuses, which
    /// ArgumentParser then parses and reports as it always does.
    init?(plain arguments: [String]) {
        guard let plain = PlainArguments(arguments, Spelling.all, positionals: 1...1) else { return nil }
        do {
            var fetch = FetchInvocation(url: plain.positionals[0])
            fetch.policy = plain.value(Spelling.policy).map(PathArgument.path)
            fetch.os = try plain.value(Spelling.os).map(ArgumentConversion.value) ?? fetch.os
            fetch.pins = plain.values(Spelling.pins)
            fetch.ca = plain.value(Spelling.ca).map(PathArgument.path)
            fetch.caOnly = plain.flag(Spelling.caOnly)
            fetch.method = plain.value(Spelling.method)
            fetch.headers = plain.values(Spelling.headers).map(PathArgument.pathAfterAt)
            fetch.data = plain.value(Spelling.data).map(PathArgument.pathAfterAt)
            fetch.maxUploadBytes = try plain.value(Spelling.maxUploadBytes).map(BoundedOption.integer(Self.byteLimits))
            fetch.output = plain.value(Spelling.output).map(PathArgument.path)
            fetch.force = plain.flag(Spelling.force)
            fetch.maxBytes = try plain.value(Spelling.maxBytes).map(BoundedOption.integer(Self.byteLimits))
            fetch.maxRedirects = try plain.value(Spelling.maxRedirects).map(BoundedOption.integer(Self.redirectLimits))
            fetch.maxTime = try plain.value(Spelling.maxTime).map(ArgumentConversion.value)
            fetch.connectTimeout = try plain.value(Spelling.connectTimeout).map(ArgumentConversion.value)
            fetch.proxy = plain.value(Spelling.proxy)
            fetch.proxyCredentialsFile = plain.value(Spelling.proxyCredentialsFile).map(PathArgument.path)
            fetch.fail = plain.flag(Spelling.fail)
            fetch.http1Only = plain.flag(Spelling.http1Only)
            fetch.http2Only = plain.flag(Spelling.http2Only)
            fetch.compressed = plain.flag(Spelling.compressed)
            fetch.head = plain.flag(Spelling.head)
            fetch.location = plain.flag(Spelling.location)
            fetch.include = plain.flag(Spelling.include)
            fetch.verbose = plain.flag(Spelling.verbose)
            fetch.ctLogLists = plain.values(Spelling.ctLogLists).map(PathArgument.path)
            fetch.ctPolicy = try plain.value(Spelling.ctPolicy).map(ArgumentConversion.value) ?? fetch.ctPolicy
            fetch.format = try plain.value(Spelling.format).map(ArgumentConversion.value) ?? fetch.format
            fetch.clientIdentity = FetchClientIdentity(
                cert: plain.value(Spelling.cert).map(PathArgument.path),
                key: plain.value(Spelling.key).map(PathArgument.path),
                keyFromVault: plain.value(Spelling.keyFromVault),
                vaultPath: plain.value(Spelling.vaultPath).map(PathArgument.path),
                vaultPassphraseFile: plain.value(Spelling.vaultPassphraseFile).map(PathArgument.path))
            try fetch.clientIdentity.validate()
            try fetch.validate()
            self = fetch
        } catch {
            return nil
        }
    }
}
