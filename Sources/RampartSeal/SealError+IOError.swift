import RampartIO

extension SealError {
    /// The ``SealError`` class of a file or stream failure from RampartIO: a missing input is
    /// ``notFound(_:)``, an output that cannot be created (or exists and may not be replaced)
    /// ``cannotCreateOutput(_:)``, a reader that went away ``brokenPipe(_:)``, an input read
    /// whole that is over its limit ``malformed(_:)`` (it cannot be what it claims), anything else
    /// ``io(_:)``. The context keeps the I/O error's sentence and path; an output failure is at
    /// ``SealStage/output``.
    ///
    /// ```swift
    /// do { try output.commit() } catch { throw SealError(error) }
    /// ```
    package init(_ error: IOError) {
        let output = error.code == .cannotCreate || error.code == .alreadyExists
        var context = SealErrorContext(error.description, stage: output ? .output : nil, path: error.path)
        context.ioError = error
        switch error.code {
        case .notFound: self = .notFound(context)
        case .alreadyExists, .cannotCreate: self = .cannotCreateOutput(context)
        case .brokenPipe: self = .brokenPipe(context)
        case .tooLarge: self = .malformed(context)
        case .notAFile, .ioFailure: self = .io(context)
        }
    }

    /// The file or stream failure this is, for a caller that reports I/O in its own terms: the
    /// ``IOError`` underneath when there is one, else one made from a failure of an I/O class that a
    /// source or sink of the caller's own threw (`nil` for the other classes).
    package var ioError: IOError? {
        if let underlying = context.ioError { return underlying }
        let path = context.path ?? ""
        switch self {
        case .notFound: return IOError(.notFound, .open, path: path, message: context.detail)
        case .cannotCreateOutput: return IOError(.cannotCreate, .create, path: path, message: context.detail)
        case .brokenPipe: return IOError(.brokenPipe, .write, path: path, message: context.detail)
        case .io: return IOError(.ioFailure, .write, path: path, message: context.detail)
        default: return nil
        }
    }

    /// Runs `body`, turning an ``IOError`` it throws into a ``SealError``.
    package static func mappingIO<Value>(_ body: () throws(IOError) -> Value) throws(SealError) -> Value {
        do {
            return try body()
        } catch {
            throw SealError(error)
        }
    }
}
