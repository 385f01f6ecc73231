/// How many items a query returns at most.
///
/// ```swift
/// let first = try vault.items(matching: VaultQuery(itemClass: .genericPassword, limit: .one))
/// ```
public enum MatchLimit: Sendable, Hashable {
    case one
    case all
    case upTo(Int)

    var count: Int? {
        switch self {
        case .one: return 1
        case .all: return nil
        case .upTo(let limit): return limit
        }
    }
}
