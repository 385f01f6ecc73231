import RampartDiagnostics
import RampartE2E
import RampartHTTP
import RampartIO
import RampartPolicy
import RampartScan
import RampartSeal
import RampartTrust
import RampartVault

/// The documented exit status of each library failure. The libraries name what went wrong; which
/// number a shell sees is the command line's decision, made here and nowhere else.
extension ExitStatus {
    /// 65 for every private key failure: no key, encrypted, unsupported, or not the certificate's
    /// (the inputs do not go together: bad data, found before any connection).
    init(_ error: SigningKeyError) {
        switch error {
        case .malformed, .encrypted, .unsupported, .doesNotMatchCertificate, .emptyCertificateChain:
            self = .dataError
        }
    }

    /// 66 missing file, 74 unreadable, 65 anything else (not a property list, not a dictionary, a URL ATS does
    /// not decide for).
    init(_ error: PolicyError) {
        switch error {
        case .missingFile: self = .noInput
        case .unreadable: self = .ioError
        case .notAPropertyList, .notADictionary, .unsupportedURL, .ignoredValues: self = .dataError
        }
    }

    /// 66 missing input (or no file there), 74 unreadable, 65 bad data, 2 a pin configuration refused.
    init(_ error: TrustError) {
        switch error {
        case .missingFile, .notAFile: self = .noInput
        case .unreadable: self = .ioError
        case .malformedPin, .malformedCertificate, .malformedSCTList, .malformedLogList, .malformedPinConfiguration:
            self = .dataError
        case .noBackupPin, .publicSuffixWithSubdomains, .malformedDomain: self = .usage
        }
    }

    /// 66 missing input, 73 an output that cannot be created (or exists and may not be replaced), 141 the
    /// output's reader went away, 65 an input longer than its limit (bad data), 74 any other read,
    /// write or flush failure.
    init(_ error: IOError) {
        switch error.code {
        case .notFound: self = .noInput
        case .alreadyExists, .cannotCreate: self = .cannotCreate
        case .brokenPipe: self = .brokenPipe
        case .tooLarge: self = .dataError
        case .notAFile, .ioFailure: self = .ioError
        }
    }

    /// A trust failure met while reading a file (a policy's NSPinnedDomains, a TrustKit file): a pin
    /// configuration the library refuses is bad data in the file (65), not a bad argument (2);
    /// otherwise as ``init(_:)-TrustError``.
    init(readingFile error: TrustError) {
        let status = ExitStatus(error)
        self = status == .usage ? .dataError : status
    }

    /// A passphrase file: its read failure's own status (66 missing, 74 unreadable); 65 a first line
    /// that is no passphrase (too long, a control character); 2 an empty or non-UTF-8 one, as before.
    init(_ error: PassphraseFileError) {
        switch error {
        case .unreadable(let underlying): self.init(underlying)
        case .tooLong, .controlCharacter: self = .dataError
        case .empty, .notUTF8: self = .usage
        }
    }

    /// 77 wrong credentials or failed authentication, 65 bad data, 2 invalid parameter, 66 missing input,
    /// 73 cannot create the output, 74 I/O, 141 the output's reader went away.
    init(_ error: SealError) {
        switch error {
        case .wrongCredentials, .authenticationFailed: self = .authenticationFailed
        case .truncated, .malformed, .unrecognizedFormat: self = .dataError
        case .invalidParameter: self = .usage
        case .notFound: self = .noInput
        case .cannotCreateOutput: self = .cannotCreate
        case .io: self = .ioError
        case .brokenPipe: self = .brokenPipe
        }
    }

    /// 1 no such item, duplicate or locked; 77 authentication; 2 invalid parameter; 66 no vault or no backup
    /// file; 73 the vault or the backup exists, or the backup cannot be created; 65 bad data (not a vault, damaged, a name
    /// that is not UTF-8); 74 I/O.
    init(_ error: VaultError) {
        switch error {
        case .itemNotFound, .duplicateItem, .locked, .interactionNotAllowed: self = .policyViolation
        case .wrongPassphrase, .wrongApplicationPassword, .userPresenceDenied, .itemAuthenticationFailed, .wrongDevice:
            self = .authenticationFailed
        case .invalidParameter: self = .usage
        case .vaultNotFound, .fileNotFound: self = .noInput
        case .vaultExists, .cannotCreateFile, .fileExists: self = .cannotCreate
        case .unsupportedFormat, .damaged, .invalidEncoding: self = .dataError
        case .io: self = .ioError
        }
    }

    /// 1 refused by policy or trust (ATS, pins, CT, an insecure redirect); 2 a request that cannot be
    /// made (bad URL, request or proxy settings); 66 a request body that cannot be read; 74 any other
    /// failure on the way (connection, TLS, timeout, limits, a malformed response).
    init(_ error: HTTPClientError) {
        if error.isPolicyOrTrust {
            self = .policyViolation
            return
        }
        switch error {
        case .invalidURL, .invalidProxyConfiguration, .invalidRequest: self = .usage
        case .requestBodyFailed: self = .noInput
        default: self = .ioError
        }
    }

    /// 74: the server could not be reached or did not complete a handshake.
    init(_ error: ServedChainProbe.Failure) {
        self = .ioError
    }

    /// 2 a URL that is no connection target (found before any work); 74 unreachable, or not done
    /// within the overall deadline.
    init(_ error: ATSDiagnosticsError) {
        switch error {
        case .unsupportedURL, .unusableURL: self = .usage
        case .unreachable, .timedOut: self = .ioError
        }
    }

    /// 2 no connection target; 74 the server could not be reached, or the check was cancelled.
    init(_ error: PinHealthError) {
        switch error {
        case .endpoint: self = .usage
        case .probe(let failure): self.init(failure)
        case .cancelled: self = .ioError
        }
    }

    /// 77 not a recipient, wrong sender or tampered; 65 malformed message or unusable key; the
    /// underlying file or vault failure's own status otherwise.
    init(_ error: E2EError) {
        switch error {
        case .notARecipient, .wrongSender, .tampered: self = .authenticationFailed
        case .malformed, .invalidKey: self = .dataError
        case .io(let underlying): self.init(underlying)
        case .vault(let underlying): self.init(underlying)
        }
    }
}

extension ExitStatus {
    /// `rampart scan`: 66 a missing path or baseline, 74 an unreadable baseline, 65 a malformed one.
    init(_ error: ScanError) {
        switch error {
        case .missingPath, .missingBaseline: self = .noInput
        case .unreadableBaseline, .unreadableInput: self = .ioError
        case .malformedBaseline, .malformedInput: self = .dataError
        case .outputIsInput: self = .cannotCreate
        }
    }
}
