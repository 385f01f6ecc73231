// A contract type's declaration, read once per type from its prototype with Mirror: its JSON keys,
// the limits of its Bounded fields and the nodes of nested contracts. The pre-scan uses it for
// unknown keys; Bounded fields look their limits up in it by coding path.

import Foundation

/// A Bounded field's range check, run by the pre-scan on the field's raw JSON value.
struct ContractCheck: Sendable {
    enum Kind: Sendable {
        case string, number, array
    }

    let kind: Kind
    /// The rule and words when the value is outside the range, nil when inside. Strings get their
    /// bytes between the quotes; numbers their literal; arrays a buffer as long as their element count.
    let run: @Sendable (UnsafeRawBufferPointer) -> (ContractRule, String)?

    /// The length of a JSON string's content in `unit`, without making a String when it is printable
    /// ASCII without escapes (one byte, scalar, UTF-16 unit and grapheme each), or when the unit is
    /// UTF-8 bytes and nothing is escaped.
    static func length(_ raw: UnsafeRawBufferPointer, in unit: TextUnit) -> Int? {
        guard let base = raw.baseAddress else { return 0 }
        if unit == .utf8Bytes, memchr(base, 0x5C, raw.count) == nil { return raw.count }
        if isPlainASCII(raw) { return raw.count }
        return decodeString(raw).map { unit.length(of: $0) }
    }

    /// Whether every byte is printable ASCII other than a backslash (0x20...0x7F, not 0x5C), eight
    /// bytes at a time. Control bytes are excluded so that a raw CR LF (invalid JSON, but measured
    /// all the same) is counted as one grapheme by the slow path.
    static func isPlainASCII(_ raw: UnsafeRawBufferPointer) -> Bool {
        guard let base = raw.baseAddress else { return true }
        let count = raw.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let backslashes: UInt64 = ones &* 0x5C
        let spaces: UInt64 = ones &* 0x20
        var index = 0
        while index + 8 <= count {
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // The high bit of a lane is set by a byte ≥ 0x80, a byte below 0x20 (the borrow of
            // `word - 0x20`), or a backslash (the borrow of `(word ^ 0x5C) - 1`). Borrows can only
            // spread from a lane that is itself flagged, so "any lane flagged" is exact.
            let noBackslash = word ^ backslashes
            let flagged = word | ((word &- spaces) & ~word) | ((noBackslash &- ones) & ~noBackslash)
            if flagged & highs != 0 { return false }
            index += 8
        }
        while index < count {
            let byte = base.load(fromByteOffset: index, as: UInt8.self)
            if byte >= 0x80 || byte < 0x20 || byte == 0x5C { return false }
            index += 1
        }
        return true
    }

    /// A JSON integer literal of plain digits as an Int, or nil (fractions, exponents, overflow).
    static func integer(_ raw: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        var negative = false
        if raw.first == UInt8(ascii: "-") {
            negative = true
            index = 1
        }
        guard index < raw.count else { return nil }
        var value = 0
        while index < raw.count {
            let byte = raw[index]
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let digit = Int(byte - UInt8(ascii: "0"))
            let (next, o2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !o1, !o2 else { return nil }
            value = next
            index += 1
        }
        return value
    }

    /// A JSON string's content (between the quotes) as a String, escapes resolved.
    static func decodeString(_ raw: UnsafeRawBufferPointer) -> String? {
        if !raw.contains(UInt8(ascii: "\\")) { return String(decoding: raw, as: UTF8.self) }
        var quoted = Data([UInt8(ascii: "\"")])
        quoted.append(contentsOf: raw)
        quoted.append(UInt8(ascii: "\""))
        return try? JSONDecoder().decode(String.self, from: quoted)
    }
}

/// The range of a fixed-width integer type, for the pre-scan's check of number literals.
struct IntegerBounds: @unchecked Sendable {
    let lowest: Int64
    let highest: UInt64
    /// The integer type (a metatype: no reference counting in the pre-scan's hot path).
    let type: Any.Type
    var typeName: String { String(describing: type) }

    /// Whether the literal is an integer this type holds exactly (`1.0` and `1e2` are; `1.5` is not).
    func admits(_ literal: UnsafeRawBufferPointer) -> Bool {
        var negative = false
        var magnitude: UInt64 = 0
        var index = 0
        if index < literal.count, literal[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < literal.count else { return false }
        while index < literal.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(literal[index]) {
            let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(UInt64(literal[index] - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return false }
            magnitude = sum
            index += 1
        }
        if index < literal.count {
            // A fraction or an exponent: exact only when the value is an integer in range.
            guard let decimal = Decimal(string: String(decoding: literal, as: UTF8.self)), decimal.isFinite else {
                return false
            }
            var rounded = Decimal()
            var copy = decimal
            NSDecimalRound(&rounded, &copy, 0, .plain)
            guard rounded == decimal else { return false }
            return decimal >= Decimal(lowest) && decimal <= Decimal(highest)
        }
        if negative { return magnitude == 0 || (lowest < 0 && magnitude - 1 <= UInt64(-(lowest + 1))) }
        return magnitude <= highest
    }
}

/// One field of a contract node.
struct ContractField: Sendable {
    var check: ContractCheck?
    /// The integer type of the value, or of the elements of an array value.
    var integer: IntegerBounds?
    /// The contract of the field's value, or of the elements when the value is an array or optional.
    var child: ContractNode?
}

/// One contract type: its fields by JSON key.
///
/// Built once per type while the schema lock is held, then only read. The pre-scan reads it for
/// every token, so its storage opts out of dynamic exclusivity checks (there are no writers then).
final class ContractNode: @unchecked Sendable {
    /// The UTF-8 bytes of each key, and its field, for the pre-scan's byte comparisons.
    var keyBytes: [[UInt8]] = [] {
        didSet {
            keyBlob = keyBytes.flatMap { $0 }
            var start = 0
            keyStarts = keyBytes.map { key in
                defer { start += key.count }
                return start
            }
            keyCounts = keyBytes.map(\.count)
        }
    }
    /// Every key's bytes end to end, and where each starts: the pre-scan compares a key with one
    /// buffer instead of an array per key (each of which would be retained and released).
    @exclusivity(unchecked) private var keyBlob: [UInt8] = []
    @exclusivity(unchecked) private var keyStarts: [Int] = []
    @exclusivity(unchecked) private var keyCounts: [Int] = []
    @exclusivity(unchecked) var fieldList: [ContractField] = [] {
        didSet {
            checkKinds = fieldList.map { $0.check?.kind }
            children = fieldList.map { $0.child.map { Unmanaged.passUnretained($0) } }
        }
    }
    /// Each field's check kind and child node, read by the pre-scan for every token without
    /// copying a field (whose closure and child would be retained and released each time). The
    /// children are unretained: `fieldList` keeps them alive as long as this node.
    @exclusivity(unchecked) private(set) var checkKinds: [ContractCheck.Kind?] = []
    @exclusivity(unchecked) private(set) var children: [Unmanaged<ContractNode>?] = []
    @exclusivity(unchecked) var unknownKeys: UnknownKeyPolicy = .reject

    /// The index of the field declared under `key` (its bytes as written between the quotes), or
    /// -1. Members usually arrive in declaration order, so the field after `previous` is tried first.
    func fieldIndex(_ key: UnsafeRawBufferPointer, after previous: Int) -> Int {
        let fields = keyCounts.count
        guard fields > 0 else { return -1 }
        return keyBlob.withUnsafeBytes { blob in
            let guess = previous + 1 < fields ? previous + 1 : 0
            var index = guess
            repeat {
                if keyCounts[index] == key.count {
                    if key.isEmpty { return index }
                    if let a = blob.baseAddress, let b = key.baseAddress,
                        memcmp(a + keyStarts[index], b, key.count) == 0
                    {
                        return index
                    }
                }
                index = index + 1 == fields ? 0 : index + 1
            } while index != guess
            return -1
        }
    }
}

/// Types that hold another type's values (arrays, optionals): a contract inside them is still a contract.
protocol ContractWrapping {
    static var contractWrappedType: Any.Type { get }
}

extension Array: ContractWrapping {
    static var contractWrappedType: Any.Type { Element.self }
}

extension Optional: ContractWrapping {
    static var contractWrappedType: Any.Type { Wrapped.self }
}

/// The schema of one root type, handed to Bounded fields through the decoder's userInfo.
final class ContractSchema: @unchecked Sendable {
    static let userInfoKey: CodingUserInfoKey = {
        guard let key = CodingUserInfoKey(rawValue: "RampartValidation.ContractSchema") else {
            preconditionFailure("a constant, valid key")
        }
        return key
    }()

    let root: ContractNode?

    private init(root: ContractNode?) {
        self.root = root
    }

    // MARK: Building, once per type

    private static let lock = NSLock()
    nonisolated(unsafe) private static var schemas: [ObjectIdentifier: ContractSchema] = [:]
    nonisolated(unsafe) private static var nodes: [ObjectIdentifier: ContractNode] = [:]

    static func schema(for type: Any.Type) -> ContractSchema {
        lock.lock()
        defer { lock.unlock() }
        if let known = schemas[ObjectIdentifier(type)] { return known }
        let schema = ContractSchema(root: resolveNode(type))
        schemas[ObjectIdentifier(type)] = schema
        return schema
    }

    /// The node of a contract type, or of the contract inside an array or optional (lock held).
    private static func resolveNode(_ type: Any.Type) -> ContractNode? {
        if let contract = type as? any JSONContract.Type { return contractNode(contract) }
        if let bounded = type as? any BoundedField.Type { return resolveNode(bounded.contractValueType) }
        if let wrapping = type as? any ContractWrapping.Type { return resolveNode(wrapping.contractWrappedType) }
        return nil
    }

    /// The bounds of an integer type, or of the integers inside a Bounded field, array or optional.
    static func resolveInteger(_ type: Any.Type) -> IntegerBounds? {
        if let integer = type as? any FixedWidthInteger.Type { return bounds(integer) }
        if let bounded = type as? any BoundedField.Type { return resolveInteger(bounded.contractValueType) }
        if let wrapping = type as? any ContractWrapping.Type { return resolveInteger(wrapping.contractWrappedType) }
        return nil
    }

    private static func bounds<T: FixedWidthInteger>(_ type: T.Type) -> IntegerBounds {
        IntegerBounds(
            lowest: Int64(clamping: T.min), highest: UInt64(clamping: T.max), type: T.self)
    }

    private static func contractNode(_ type: any JSONContract.Type) -> ContractNode {
        if let known = nodes[ObjectIdentifier(type)] { return known }
        let node = ContractNode()
        nodes[ObjectIdentifier(type)] = node  // before the children: recursive types reuse it
        node.unknownKeys = type.unknownKeys
        let renames = type.contractKeyNames
        for child in Mirror(reflecting: type.init()).children {
            guard let label = child.label else { continue }
            var field = ContractField()
            var name = label
            if let bounded = child.value as? any BoundedField {
                if label.hasPrefix("_") { name = String(label.dropFirst()) }
                field.check = bounded.contractCheck
            }
            name = renames[name] ?? name
            field.child = resolveNode(Swift.type(of: child.value))
            field.integer = resolveInteger(Swift.type(of: child.value))
            node.fieldList.append(field)
            node.keyBytes.append(Array(name.utf8))
        }
        return node
    }
}
