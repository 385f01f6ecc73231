// What a contract type does with keys it does not declare.

/// Whether a ``JSONContract`` type refuses keys it does not declare.
///
/// ```swift
/// struct Token: JSONContract {
///     static let unknownKeys = UnknownKeyPolicy.ignore  // the server adds fields over time
///     var access_token = ""
/// }
/// ```
public enum UnknownKeyPolicy: String, Sendable, Hashable, Codable {
    /// An undeclared key is a ``ContractRule/unknownKey`` violation (the default).
    case reject
    /// Undeclared keys are skipped.
    case ignore
}
