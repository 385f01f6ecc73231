/// Whether an argument spliced into Objective-C SQL (a `%@` of `stringWithFormat:`, the argument of
/// `stringByAppendingString:`) is fixed by the code, so it carries no input: string or number literals, a
/// constant of the file whose value is one (`static NSString *const kTable = @"…"`, a `#define`), a name
/// written as a constant (`kEpisodesTable`, `EPISODES_TABLE`), a local given such a value, or a name or
/// message that says it holds a table or column name or `?` placeholders (`[self tableName]`,
/// `view.mapTableName`, `placeholders`: see ``SQLFixedName``). A parameter named `name`, or a message with
/// arguments, may carry input.
///
/// ```swift
/// ObjectiveCSQLFixedPiece.isFixed(argumentRange, before: sinkIndex, in: source)
/// ```
enum ObjectiveCSQLFixedPiece {
    /// Names that do not change the value they wrap: casts, `self`, encodings.
    static let wrappers: Set<String> = [
        "self", "NSString", "UTF8String", "cStringUsingEncoding", "NSUTF8StringEncoding", "const", "char", "id",
    ]

    static func isFixed(_ range: Range<Int>, in source: ObjectiveCSource, depth: Int = 2) -> Bool {
        let tokens = source.tokens[range]
        if tokens.isEmpty { return true }
        if tokens.allSatisfy({ isLiteral($0) || $0.text == "@" || $0.text == "(" || $0.text == ")" }) {
            return true
        }
        // A message with arguments (`[a b:c]`) or a call computes something: not fixed by name.
        let meaningful = tokens.filter {
            $0.kind == .identifier && !wrappers.contains($0.text)
        }
        if tokens.contains(where: { $0.text == ":" || $0.text == "," }) { return false }
        guard let last = meaningful.last else { return false }
        if SQLFixedName.isIdentifier(last.text) || SQLFixedName.isPlaceholder(last.text) { return true }
        guard meaningful.count == 1 else { return false }
        let name = last.text
        if isConstantName(name) { return true }
        if let value = source.constants[name] { return value.allSatisfy(isLiteral) }
        if depth > 0, let value = source.localInitializer(of: name, before: range.lowerBound), !value.isEmpty {
            return value.allSatisfy { isLiteral($0) || $0.text == "@" || $0.text == ";" }
        }
        return false
    }

    static func isLiteral(_ token: ObjectiveCToken) -> Bool {
        token.kind == .string || token.kind == .objectiveCString || token.kind == .number
    }

    /// `kTableName`, `EPISODES_TABLE`: the spelling of a constant or macro.
    static func isConstantName(_ name: String) -> Bool {
        let characters = Array(name)
        if characters.count >= 2, characters[0] == "k", characters[1].isUppercase { return true }
        return characters.count >= 2 && characters.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "_" }
            && characters.contains { $0.isLetter }
    }
}
