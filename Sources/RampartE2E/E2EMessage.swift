import Foundation

/// An opened end-to-end message: its plaintext and who signed it.
///
/// ```swift
/// let message = try E2E.open(sealed, with: bob)
/// if let sender = message.sender { print("signed by", sender.keyID) } else { print("anonymous") }
/// ```
public struct E2EMessage: Sendable, Equatable {
    /// The plaintext, released only after every chunk and the signature verified.
    public var plaintext: Data
    /// The signer, or `nil` for an anonymous message.
    public var sender: E2EPublicKey?
}
