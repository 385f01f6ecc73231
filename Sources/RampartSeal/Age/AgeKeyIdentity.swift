/// An age identity that lives in a key file as one line (`AGE-SECRET-KEY-1…` or
/// `AGE-SECRET-KEY-PQ-1…`) and knows its recipient.
///
/// ```swift
/// let identities: [any AgeKeyIdentity] = try AgeKeyFile.identities(atPath: "key.txt")
/// for identity in identities { print(identity.recipientText) }   // age1… or age1pq1…
/// ```
public protocol AgeKeyIdentity: AgeIdentity {
    /// The recipient (public key) as it is shared: `age1…` or `age1pq1…`.
    var recipientText: String { get }
    /// The identity as a key file holds it: a secret.
    var secretText: String { get }
}
