/// Why a `RampartSeal` operation failed, in classes a caller can act on.
///
/// The classes are kept apart on purpose: a wrong passphrase is not tampering, tampering is not
/// truncation, and truncation is not "this is some other format".
///
/// ```swift
/// do {
///     let plaintext = try RNCryptor.decrypt(message, password: password)
/// } catch SealError.authenticationFailed(let reason) {
///     print("wrong password or altered file:", reason)
/// }
/// ```
public enum SealError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The passphrase or key is wrong, or no identity matched a recipient stanza.
    case wrongCredentials(String)
    /// A MAC or authentication tag does not verify: the data was altered (or, for formats that
    /// cannot tell the two apart, the key is wrong).
    case authenticationFailed(String)
    /// The data ends before the format says it may.
    case truncated(String)
    /// The bytes are damaged or break a rule of the format (the header parses to something invalid).
    case malformed(String)
    /// The bytes are not this format at all (or a version this library does not speak).
    case unrecognizedFormat(String)
    /// The caller asked for something the format forbids or this library refuses (an empty
    /// passphrase, a work factor above the limit, a scrypt stanza mixed with others…).
    case invalidParameter(String)
    /// An input file does not exist.
    case notFound(String)
    /// The output cannot be created (it exists and may not be replaced, or the folder refuses it).
    case cannotCreateOutput(String)
    /// Reading or writing failed.
    case io(String)
    /// The output is a pipe (or FIFO) whose reader went away (`EPIPE`): nothing more can be
    /// written, and there is nobody to tell. A command line ends quietly with status 141, as a
    /// shell reports a broken pipe.
    case brokenPipe(String)

    /// The CLI's documented exit code: 77 authentication, 65 bad data, 66 missing input,
    /// 73 cannot create output, 74 I/O, 2 usage, 141 the output's reader went away.
    public var exitCode: Int32 {
        switch self {
        case .wrongCredentials, .authenticationFailed: return 77
        case .truncated, .malformed, .unrecognizedFormat: return 65
        case .invalidParameter: return 2
        case .notFound: return 66
        case .cannotCreateOutput: return 73
        case .io: return 74
        case .brokenPipe: return 141
        }
    }

    public var description: String {
        switch self {
        case .wrongCredentials(let detail): return "wrong passphrase or key: \(detail)"
        case .authenticationFailed(let detail): return "authentication failed (altered or wrong key): \(detail)"
        case .truncated(let detail): return "truncated: \(detail)"
        case .malformed(let detail): return "malformed: \(detail)"
        case .unrecognizedFormat(let detail): return "not a recognized format: \(detail)"
        case .invalidParameter(let detail): return "invalid parameter: \(detail)"
        case .notFound(let detail): return "not found: \(detail)"
        case .cannotCreateOutput(let detail): return "cannot create the output: \(detail)"
        case .io(let detail): return "I/O error: \(detail)"
        case .brokenPipe(let detail): return "broken pipe: \(detail)"
        }
    }
}
