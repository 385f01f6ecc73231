/// What a ``VaultError`` says beyond its class: a sentence for people, and the file, item and
/// stored location a program can act on. Never a value, a passphrase or an application password.
///
/// A string literal is a context with only its ``detail``.
///
/// ```swift
/// catch let error as VaultError {
///     if let path = error.context.path { print("restore \(path) from a backup") }
/// }
/// ```
public struct VaultErrorContext: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// What was wrong and what to do, for people.
    public var detail: String
    /// The vault or backup file involved, when the failure is about one.
    public var path: String?
    /// The item involved (its class, service or server, and account), when there is one.
    public var item: ItemIdentity?
    /// Where in the vault file the damage is (`table.column`), for ``VaultError/damaged(_:)``.
    public var location: String?

    public init(_ detail: String, path: String? = nil, item: ItemIdentity? = nil, location: String? = nil) {
        self.detail = detail
        self.path = path
        self.item = item
        self.location = location
    }

    public init(stringLiteral value: String) { self.init(value) }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(String(stringInterpolation: stringInterpolation))
    }

    public var description: String { detail }
}
