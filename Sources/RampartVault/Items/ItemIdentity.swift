import Foundation

/// An item's primary key: its class and the values of that class's key fields. Two items with the
/// same identity are the same item; protection (accessibility, application password, user
/// presence) is not part of the identity.
///
/// ```swift
/// let token = ItemIdentity.genericPassword(service: "api.example.com", account: "ci")
/// let login = ItemIdentity.internetPassword(server: "git.example.com", account: "me")
/// let signing = ItemIdentity.key(applicationTag: "com.example.signing")
/// ```
public struct ItemIdentity: Sendable, Hashable, CustomStringConvertible {
    /// The item's class.
    public let itemClass: ItemClass
    /// The primary-key values, in `itemClass.primaryKey` order.
    public let values: [String]

    /// An identity from a class and its key fields; fields not given are empty.
    public init(itemClass: ItemClass, fields: [ItemField: String]) throws(VaultError) {
        for field in fields.keys where !itemClass.primaryKey.contains(field) {
            throw .invalidParameter("\(field.rawValue) is not part of a \(itemClass) item's primary key")
        }
        self.init(itemClass: itemClass, values: itemClass.primaryKey.map { fields[$0] ?? "" })
    }

    /// An identity from the raw bytes of its key fields (as a command line or a file gives them);
    /// fields not given are empty. Throws `invalidEncoding`, naming the field, when one is not
    /// valid UTF-8: decoding it with replacement characters would let two different names become
    /// the same item.
    ///
    /// ```swift
    /// let id = try ItemIdentity(itemClass: .genericPassword, encodedFields: [.service: serviceBytes, .account: accountBytes])
    /// ```
    public init(itemClass: ItemClass, encodedFields: [ItemField: Data]) throws(VaultError) {
        var fields: [ItemField: String] = [:]
        for (field, bytes) in encodedFields {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw .invalidEncoding(
                    field,
                    "the \(field.rawValue) is not valid UTF-8 \(Self.firstInvalidByte(bytes)); give names as UTF-8 text"
                )
            }
            fields[field] = text
        }
        try self.init(itemClass: itemClass, fields: fields)
    }

    /// Where `bytes` stops being UTF-8, for messages: "(byte 0xFF at offset 1)".
    private static func firstInvalidByte(_ bytes: Data) -> String {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error:
                let byte = bytes[bytes.startIndex + offset]
                return "(byte 0x\(String(byte, radix: 16, uppercase: true)) at offset \(offset))"
            case .emptyInput: return ""
            }
        }
    }

    init(itemClass: ItemClass, values: [String]) {
        self.itemClass = itemClass
        self.values = values
    }

    /// A generic password.
    public static func genericPassword(service: String, account: String, accessGroup: String = "") -> ItemIdentity {
        ItemIdentity(itemClass: .genericPassword, values: [service, account, accessGroup])
    }

    /// An internet password; `port` 0 means the protocol's default.
    public static func internetPassword(
        server: String, protocol: String = "https", port: Int = 0, path: String = "", account: String
    ) -> ItemIdentity {
        ItemIdentity(itemClass: .internetPassword, values: [server, `protocol`, String(port), path, account])
    }

    /// A key.
    public static func key(applicationTag: String, label: String = "") -> ItemIdentity {
        ItemIdentity(itemClass: .key, values: [applicationTag, label])
    }

    /// The value of one primary-key field, `nil` when the field is not part of this class's key.
    public subscript(field: ItemField) -> String? {
        itemClass.primaryKey.firstIndex(of: field).map { values[$0] }
    }

    /// The first primary-key field (service, server or application tag), which queries may use
    /// through an index.
    var group: String { values.first ?? "" }

    /// An unambiguous byte encoding: the class, then each field as a 32-bit length and its UTF-8.
    var canonicalBytes: Data {
        var bytes = Data([UInt8(itemClass.rawValue)])
        for value in values {
            let utf8 = Data(value.utf8)
            withUnsafeBytes(of: UInt32(utf8.count).bigEndian) { bytes.append(contentsOf: $0) }
            bytes.append(utf8)
        }
        return bytes
    }

    /// Checks the identity can be stored: the first field is not empty and no value is absurdly long.
    /// A new name must not hold U+FFFD, the replacement character: it is what invalid UTF-8 becomes
    /// through a lossy decoder (`String(decoding:as:)`, a command-line parser), so the byte names
    /// `a 0xFF` and `a 0xFE` would silently become the same item. (Items stored before keep being readable;
    /// backups are imported as they were exported.)
    func validate(newName: Bool = false) throws(VaultError) {
        guard !group.isEmpty else {
            throw .invalidParameter(
                "a \(itemClass) item needs a non-empty \(itemClass.primaryKey[0].rawValue); give one")
        }
        for (field, value) in zip(itemClass.primaryKey, values) where value.utf8.count > 4096 {
            throw .invalidParameter("the \(field.rawValue) is longer than 4096 bytes; shorten it")
        }
        guard newName else { return }
        for (field, value) in zip(itemClass.primaryKey, values) where value.unicodeScalars.contains("\u{FFFD}") {
            throw .invalidEncoding(
                field,
                VaultErrorContext(
                    "the \(field.rawValue) \(Self.quoted(value)) holds U+FFFD, the character invalid UTF-8 is decoded to; "
                        + "give the name as valid UTF-8 (a lossy decoding would make different names one item)"))
        }
    }

    /// Each non-empty field as `service "name"`; names longer than 64 Unicode scalars are cut (with
    /// their length in bytes) and control characters are escaped, so a message stays one short line.
    public var description: String {
        zip(itemClass.primaryKey, values).filter { !$0.1.isEmpty }.map { "\($0.0.rawValue) \(Self.quoted($0.1))" }
            .joined(separator: ", ")
    }

    /// `value` in double quotes for a message: at most 64 Unicode scalars (then `…` and the length
    /// in bytes; scalars, not characters, as one character may join thousands of them), with
    /// control characters (C0, DEL, C1), bidirectional overrides and isolates, quotes and
    /// backslashes escaped as in a Swift string literal.
    static func quoted(_ value: String) -> String {
        let limit = 64
        var text = "\""
        for scalar in value.unicodeScalars.prefix(limit) {
            switch scalar {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}":
                text += "\\u{\(String(scalar.value, radix: 16))}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
        if !value.unicodeScalars.dropFirst(limit).isEmpty { text += "… (\(value.utf8.count) bytes)" }
        return text
    }
}
