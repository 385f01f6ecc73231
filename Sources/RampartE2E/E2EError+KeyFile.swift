import RampartSeal

extension E2EError {
    /// A ``KeyFile`` failure as an E2E failure: a file that breaks the key-file rules or holds a
    /// line that does not decode is ``invalidKey(_:)`` with the key file's own `FILE:LINE:` words,
    /// so age and E2E commands say the same about the same file; a file that cannot be read stays
    /// the file failure it is.
    init(keyFile error: SealError) {
        if case .malformed(let context) = error, context.stage == .keyFile {
            self = .invalidKey(context.detail)
        } else {
            self = E2EError(error)
        }
    }

    /// The words of an ``invalidKey(_:)`` without its class, to place after a key file's line number.
    var keyDetail: String {
        if case .invalidKey(let detail) = self { return detail }
        return description
    }
}
