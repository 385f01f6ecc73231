/// Why a `RampartSeal` operation failed, in classes a caller can act on.
///
/// The classes are kept apart on purpose: a wrong passphrase is not tampering, tampering is not
/// truncation, and truncation is not "this is some other format".
///
/// ```swift
/// do {
///     let plaintext = try RNCryptor.decrypt(message, password: password)
/// } catch SealError.authenticationFailed(let context) {
///     print("wrong password or altered file:", context.detail, context.stage ?? .input)
/// }
/// ```
public enum SealError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The passphrase or key is wrong, or no identity matched a recipient stanza.
    case wrongCredentials(SealErrorContext)
    /// A MAC or authentication tag does not verify: the data was altered (or, for formats that
    /// cannot tell the two apart, the key is wrong).
    case authenticationFailed(SealErrorContext)
    /// The data ends before the format says it may.
    case truncated(SealErrorContext)
    /// The bytes are damaged or break a rule of the format (the header parses to something invalid).
    case malformed(SealErrorContext)
    /// The bytes are not this format at all (or a version this library does not speak).
    case unrecognizedFormat(SealErrorContext)
    /// The caller asked for something the format forbids or this library refuses (an empty
    /// passphrase, a work factor above the limit, a scrypt stanza mixed with others…).
    case invalidParameter(SealErrorContext)
    /// An input file does not exist.
    case notFound(SealErrorContext)
    /// The output cannot be created (it exists and may not be replaced, or the folder refuses it).
    case cannotCreateOutput(SealErrorContext)
    /// Reading or writing failed.
    case io(SealErrorContext)
    /// The output is a pipe (or FIFO) whose reader went away (`EPIPE`): nothing more can be
    /// written, and there is nobody to tell. A command line ends quietly with status 141, as a
    /// shell reports a broken pipe.
    case brokenPipe(SealErrorContext)

    /// The failure's stage, offset, chunk, path and sentence.
    public var context: SealErrorContext {
        switch self {
        case .wrongCredentials(let context), .authenticationFailed(let context), .truncated(let context),
            .malformed(let context), .unrecognizedFormat(let context), .invalidParameter(let context),
            .notFound(let context), .cannotCreateOutput(let context), .io(let context), .brokenPipe(let context):
            return context
        }
    }

    /// The same failure with its stage (and offset) filled in where they were not known yet.
    ///
    /// ```swift
    /// throw error.at(.ageRecipientStanza)
    /// ```
    public func at(_ stage: SealStage, offset: Int? = nil) -> SealError {
        with { $0 = $0.at(stage, offset: offset) }
    }

    /// Runs `body`; a failure it throws without a stage is given `stage`.
    static func staged<Value>(_ stage: SealStage, _ body: () throws(SealError) -> Value) throws(SealError) -> Value {
        do {
            return try body()
        } catch {
            throw error.at(stage)
        }
    }

    /// The same class of failure with its context changed by `change` (to add a stage or a path
    /// known only further up).
    public func with(_ change: (inout SealErrorContext) -> Void) -> SealError {
        var context = self.context
        change(&context)
        switch self {
        case .wrongCredentials: return .wrongCredentials(context)
        case .authenticationFailed: return .authenticationFailed(context)
        case .truncated: return .truncated(context)
        case .malformed: return .malformed(context)
        case .unrecognizedFormat: return .unrecognizedFormat(context)
        case .invalidParameter: return .invalidParameter(context)
        case .notFound: return .notFound(context)
        case .cannotCreateOutput: return .cannotCreateOutput(context)
        case .io: return .io(context)
        case .brokenPipe: return .brokenPipe(context)
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
