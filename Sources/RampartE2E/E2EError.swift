import RampartIO
import RampartVault

/// Why an end-to-end operation failed, in classes a caller can act on: a message that is not for
/// you is not tampering, tampering is not a malformed file, and a wrong sender is neither.
///
/// ```swift
/// do {
///     let message = try E2E.open(sealed, with: bob, from: alice.publicKey)
/// } catch E2EError.wrongSender(let detail) {
///     print("not from Alice:", detail)
/// }
/// ```
public enum E2EError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No recipient entry in the envelope opens with this identity: the message is for someone else.
    case notARecipient(String)
    /// The message is not signed by the expected sender (another key, or no signature at all).
    case wrongSender(String)
    /// A tag or a signature does not verify, or the body was cut short: the envelope was altered.
    case tampered(String)
    /// The bytes break the envelope format (bad magic, lengths, counts): not a Rampart E2E message,
    /// or damaged before its authenticated parts.
    case malformed(String)
    /// A public key, identity or option is not usable (wrong prefix, checksum, length, mixed kinds).
    case invalidKey(String)
    /// A file or stream failed underneath (missing input, output not creatable, I/O, broken pipe):
    /// the path, operation and `errno` are in the `IOError`.
    case io(IOError)
    /// Storing or reading an identity in a vault failed.
    case vault(VaultError)

    public var description: String {
        switch self {
        case .notARecipient(let detail): return "not a recipient: \(detail)"
        case .wrongSender(let detail): return "wrong sender: \(detail)"
        case .tampered(let detail): return "tampered: \(detail)"
        case .malformed(let detail): return "malformed: \(detail)"
        case .invalidKey(let detail): return "invalid key: \(detail)"
        case .io(let error): return "\(error.code.summary): \(error)"
        case .vault(let error): return "vault: \(error)"
        }
    }
}
