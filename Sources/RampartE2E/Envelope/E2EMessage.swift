import Foundation

/// An opened end-to-end message: its plaintext and who signed it.
///
/// ```swift
/// let message = try E2E.open(sealed, with: bob)
/// // Compare the whole key (or pass `from:`), never the 64-bit key ID: a second key with the same
/// // ID costs about 2^64 work.
/// if message.sender == alice.publicKey { print("from Alice") } else { print("not from Alice") }
/// ```
public struct E2EMessage: Sendable, Equatable {
    /// The plaintext, released only after every chunk and the signature verified.
    public var plaintext: Data
    /// The signer, or `nil` for an anonymous message.
    public var sender: E2EPublicKey?
}
