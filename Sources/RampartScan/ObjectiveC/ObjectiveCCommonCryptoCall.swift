/// The positions of the key, IV and password arguments of CommonCrypto's calls, and how to tell whether an
/// argument is fixed in the code: a literal, a constant (`#define`, `static const`), a local array initialised
/// with a literal, or NULL. Shared by RS-CRYPTO-002 (IV) and RS-CRYPTO-003 (key).
enum ObjectiveCCommonCryptoCall {
    /// Function name → (key argument, IV argument) positions.
    static let positions: [String: (key: Int?, iv: Int?)] = [
        "CCCrypt": (3, 5), "CCCryptorCreate": (3, 5), "CCCryptorCreateWithMode": (5, 4), "CCHmac": (1, nil),
        "CCHmacInit": (2, nil), "CCKeyDerivationPBKDF": (1, nil),
    ]

    enum Fixed {
        case null
        case literal(String)
        /// A constant or local named `name`; `definition` is the first token of a file-level constant's value
        /// (findings point there, once per constant), nil for a local.
        case constant(String, definition: ObjectiveCToken?)
    }

    /// How the argument is fixed, or nil when it comes from elsewhere (a parameter, random bytes).
    static func fixed(_ range: Range<Int>, in source: ObjectiveCSource) -> Fixed? {
        let tokens = source.tokens[range]
        let texts = tokens.map(\.text)
        if texts == ["NULL"] || texts == ["nil"] || texts == ["0"] || texts == ["nullptr"] { return .null }
        if let literal = tokens.first(where: { $0.stringValue != nil }) {
            return .literal(literal.text)
        }
        let wrappers: Set<String> = [
            "bytes", "UTF8String", "dataUsingEncoding", "NSUTF8StringEncoding", "void", "const", "char", "uint8_t",
            "unsigned",
        ]
        let names = tokens.filter { $0.kind == .identifier && !wrappers.contains($0.text) }.map(\.text)
        guard names.count == 1, let name = names.first else { return nil }
        // Filled with random bytes before use: not fixed.
        let random: Set<String> = ["SecRandomCopyBytes", "arc4random_buf", "CCRandomGenerateBytes"]
        // The random call starts the statement that fills it (`SecRandomCopyBytes(…, iv)`, `status = SecRandomCopyBytes(…)`).
        let randomFill = source.occurrences(of: name, before: range.lowerBound, limit: 16).contains { index in
            let start = source.statementStart(of: index)
            return (start..<min(start + 4, index)).contains { random.contains(source.tokens[$0].text) }
        }
        if randomFill { return nil }
        let local = source.localInitializer(of: name, before: range.lowerBound)
        guard let value = local ?? source.constants[name] else { return nil }
        if let local, local.count == 1, local[0].kind == .identifier, local[0].text != name,
            let constant = source.constants[local[0].text], isFixed(constant)
        {
            // `NSData *key = [LBKey dataUsingEncoding:…]` style: a local standing for a file constant.
            return .constant(local[0].text, definition: constant.first)
        }
        if let local {
            let inner = local.filter { $0.kind == .identifier && !wrappers.contains($0.text) }
            if inner.count == 1, let constant = source.constants[inner[0].text], isFixed(constant) {
                return .constant(inner[0].text, definition: constant.first)
            }
        }
        guard isFixed(value) else {
            if value.map(\.text) == ["NULL"] || value.map(\.text) == ["nil"] { return .null }
            return nil
        }
        return .constant(name, definition: local == nil ? value.first : nil)
    }

    /// A value written in the code: a string literal, a `{…}` initializer, or numbers and punctuation only.
    static func isFixed(_ value: [ObjectiveCToken]) -> Bool {
        guard !value.isEmpty else { return false }
        return value.contains(where: { $0.stringValue != nil }) || value.first?.text == "{"
            || value.allSatisfy({ $0.kind == .number || $0.kind == .punctuation })
    }
}
