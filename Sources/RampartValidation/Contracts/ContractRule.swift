// The rule a document broke, named for programs; ContractViolation carries it with the key path.

/// Which rule of a contract a document broke.
///
/// ```swift
/// do { _ = try ContractDecoder().decode(Profile.self, from: body) }
/// catch let violation as ContractViolation where violation.rule == .unknownKey { … }
/// ```
public enum ContractRule: String, Sendable, Hashable, CaseIterable, Codable {
    /// More bytes than ``JSONLimits/maxBytes``.
    case tooManyBytes
    /// Nested deeper than ``JSONLimits/maxDepth``.
    case tooDeep
    /// A string or key longer than ``JSONLimits/maxStringBytes``.
    case stringTooLong
    /// An array or object with more than ``JSONLimits/maxElements`` entries.
    case tooManyElements
    /// A number longer than ``JSONLimits/maxNumberCharacters``.
    case numberTooLong
    /// Not JSON.
    case malformedJSON
    /// A key the contract does not declare, in a type that rejects unknown keys.
    case unknownKey
    /// A key given twice in one object (refused unless ``JSONLimits/allowsDuplicateKeys``): parsers
    /// disagree on which value wins, so a check and the code after it could read different ones.
    case duplicateKey
    /// A required key is absent.
    case missingKey
    /// A value of the wrong JSON type (a string where a number was promised…), or null where a value is required.
    case wrongType
    /// A number that does not fit the declared type: a fraction for an integer, or out of its range.
    case numberNotRepresentable
    /// A value outside the range a ``Bounded`` field declares.
    case outOfRange
    /// A string or array whose length is outside the range a ``Bounded`` field declares.
    case lengthOutOfRange
    /// A value the type's own decoding refused.
    case invalidValue
    /// A ``Bounded`` field decoded without ``ContractDecoder`` (its limits would go unchecked).
    case noContract
}
