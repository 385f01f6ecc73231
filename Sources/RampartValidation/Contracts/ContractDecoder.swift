// Typed decoding of JSON from an untrusted peer: the bounded pre-scan first, then Foundation's
// JSONDecoder with the contract's schema, and every failure turned into a ContractViolation with
// the key path and the rule.

import Foundation

/// Decodes JSON from a peer that is not trusted, with limits that hold before memory is spent.
///
/// 1. A pre-scan of the bytes enforces ``JSONLimits`` (size, depth, string length, element counts,
///    number length) and, for ``JSONContract`` types, refuses keys a type does not declare.
/// 2. Foundation's `JSONDecoder` decodes; ``Bounded`` fields check their declared ranges; a
///    fraction or out-of-range number for an integer field fails (never truncated).
/// 3. Every failure is a ``ContractViolation`` naming the key path (`items[3].name`) and the rule.
///
/// ```swift
/// struct User: JSONContract {
///     @Bounded(1...24) var name = ""
///     @Bounded(0...150) var age = 0
/// }
/// let decoder = ContractDecoder(limits: JSONLimits(maxBytes: 64 << 10, maxDepth: 8, maxStringBytes: 4096, maxElements: 1000))
/// do {
///     let user = try decoder.decode(User.self, from: body)
/// } catch {
///     log("refused: \(error.keyPath) broke \(error.rule)")
/// }
/// ```
public struct ContractDecoder: Sendable {
    /// The structural limits.
    public let limits: JSONLimits

    /// A decoder with the given limits.
    public init(limits: JSONLimits = .default) {
        self.limits = limits
    }

    /// Checks `data` against the limits only (no type), as `rampart validate json` does.
    public func checkLimits(_ data: Data) throws(ContractViolation) {
        if let problem = Self.preScan(data, limits: limits, root: nil) { throw problem }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw ContractViolation(
                rule: .malformedJSON, keyPath: "", detail: "not JSON (\(error.localizedDescription))")
        }
    }

    /// Decodes a `T` from `data`, or throws the first ``ContractViolation``.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(ContractViolation) -> T {
        let schema = ContractSchema.schema(for: T.self)
        if let problem = Self.preScan(data, limits: limits, root: schema.root) { throw problem }
        let decoder = JSONDecoder()
        decoder.userInfo[ContractSchema.userInfoKey] = schema
        do {
            return try decoder.decode(T.self, from: data)
        } catch let error as DecodingError {
            throw Self.violation(error)
        } catch let error as ContractViolation {
            throw error
        } catch {
            throw ContractViolation(rule: .invalidValue, keyPath: "", detail: "\(error)")
        }
    }

    private static func preScan(_ data: Data, limits: JSONLimits, root: ContractNode?) -> ContractViolation? {
        data.withUnsafeBytes { (buffer) -> ContractViolation? in
            do throws(ContractViolation) {
                try JSONPreScan(limits: limits, root: root).scan(buffer)
                return nil
            } catch {
                return error
            }
        }
    }

    static func violation(_ error: DecodingError) -> ContractViolation {
        switch error {
        case .keyNotFound(let key, let context):
            let path = ContractViolation.keyPath(context.codingPath + [key])
            return ContractViolation(
                rule: .missingKey, keyPath: path, detail: "the required key \(key.stringValue) is absent")
        case .valueNotFound(let type, let context):
            return ContractViolation(
                rule: .wrongType, keyPath: ContractViolation.keyPath(context.codingPath),
                detail: "null where \(type) is required")
        case .typeMismatch(let type, let context):
            return ContractViolation(
                rule: .wrongType, keyPath: ContractViolation.keyPath(context.codingPath),
                detail: "not a \(type) (\(context.debugDescription))")
        case .dataCorrupted(let context):
            if let violation = context.underlyingError as? ContractViolation { return violation }
            let path = ContractViolation.keyPath(context.codingPath)
            let text = context.debugDescription
            if text.contains("does not fit") || text.contains("not representable") || text.contains("Number") {
                return ContractViolation(rule: .numberNotRepresentable, keyPath: path, detail: text)
            }
            if context.codingPath.isEmpty, context.underlyingError != nil {
                return ContractViolation(rule: .malformedJSON, keyPath: path, detail: text)
            }
            return ContractViolation(rule: .invalidValue, keyPath: path, detail: text)
        @unknown default:
            return ContractViolation(rule: .invalidValue, keyPath: "", detail: "\(error)")
        }
    }
}
