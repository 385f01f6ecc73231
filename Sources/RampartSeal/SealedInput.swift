import RampartIO

/// Encrypted input whose format is found from its first bytes, decrypted with the rules of that
/// format: age (binary or armored) released chunk by chunk as each chunk authenticates, RNCryptor
/// v3 held back until its MAC verified. What `rampart decrypt` does, as one call.
///
/// ```swift
/// var input = SealedInput(try FileSource(path: "secret.age"))
/// let format = try input.detectFormat(name: "secret.age")          // .age or .rncryptor
/// try input.decrypt(to: .file("secret.txt", replacing: false), with: SealCredentials(identities: identities))
/// ```
public struct SealedInput<Base: ByteSource> where Base.Failure: SealErrorConvertible {
    private var reader: BufferedSource<SealSource<Base>>
    private var format: SealFormat?

    /// Wraps `source`; nothing is read until ``detectFormat(name:forcing:)`` or
    /// ``decrypt(to:with:progress:)``.
    public init(_ source: Base) {
        reader = BufferedSource(SealSource(source))
    }

    /// The format of the input, read from its first bytes (``SealFormat/detect(_:)``), or
    /// `forcing` when given. `name` says which input in messages (a path, "standard input").
    ///
    /// - Throws: ``SealError/unrecognizedFormat(_:)`` for an empty input or one that is neither age
    ///   nor RNCryptor v3, at stage ``SealStage/input``.
    public mutating func detectFormat(name: String, forcing: SealFormat? = nil) throws(SealError) -> SealFormat {
        if let format { return format }
        let prefix = try reader.peek(SealFormat.detectionLength)
        guard !prefix.isEmpty else {
            throw .unrecognizedFormat(
                SealErrorContext("\(name) is empty; there is nothing to decrypt", stage: .input, offset: 0))
        }
        guard let found = forcing ?? SealFormat.detect(prefix) else {
            throw .unrecognizedFormat(
                SealErrorContext(
                    "\(name) is neither age (binary or armored) nor RNCryptor v3 data", stage: .input, offset: 0))
        }
        format = found
        return found
    }

    /// Decrypts the input into `destination` with `credentials` and returns its format. A file
    /// destination appears only when everything authenticated; standard output, a FIFO or a device
    /// receives age chunks as they authenticate and RNCryptor plaintext only after its MAC verified.
    ///
    /// - Parameters:
    ///   - destination: where the plaintext goes (see `OutputDestination`).
    ///   - credentials: the identities or passphrase that open the input.
    ///   - progress: for age, called with the number of input bytes consumed as they are.
    /// - Throws: ``SealError/invalidParameter(_:)`` when the credentials cannot open the format
    ///   (RNCryptor data and no passphrase; no credentials at all), and every failure of the format.
    @discardableResult
    public mutating func decrypt(
        to destination: OutputDestination, with credentials: SealCredentials, progress: ((Int) -> Void)? = nil
    ) throws(SealError) -> SealFormat {
        let format = try detectFormat(name: "the input")
        switch format {
        case .age:
            let identities = credentials.ageIdentities
            guard !identities.isEmpty else {
                throw .invalidParameter(
                    SealErrorContext(
                        "an age file opens with an identity or a passphrase; none was given", stage: .parameters))
            }
            try destination.write { (sink: inout any ByteSink<IOError>) throws(SealError) in
                try Age.decrypt(from: &reader, to: &sink, identities: identities, progress: progress)
            }
        case .rncryptor:
            guard let passphrase = credentials.passphrase else {
                throw .invalidParameter(
                    SealErrorContext(
                        "RNCryptor v3 data opens with its password; age identities cannot open it", stage: .parameters))
            }
            try destination.write(holdUntilDone: true) { (sink: inout any ByteSink<IOError>) throws(SealError) in
                try RNCryptor.decrypt(from: &reader, to: &sink, password: passphrase, chunkSize: 1 << 18)
            }
        }
        return format
    }
}
