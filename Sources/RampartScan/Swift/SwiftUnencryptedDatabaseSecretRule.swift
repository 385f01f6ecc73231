import RampartPolicy
import SwiftSyntax

/// RS-STORAGE-004 in Swift: a secret kept in a database that is not encrypted — a property named like a
/// secret on a Realm `Object` or Core Data `NSManagedObject` model, a secret bound into SQLite
/// (`sqlite3_bind_text`), a secret set on a managed object by key; and `Realm.Configuration` without
/// `encryptionKey` (low: the file is plain, whatever it holds).
final class SwiftUnencryptedDatabaseSecretRule: SwiftRule {
    static let modelBases: Set<String> = ["Object", "NSManagedObject", "RealmSwift.Object", "EmbeddedObject"]

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        guard
            let base = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription,
            Self.modelBases.contains(base)
        else { return .visitChildren }
        let store = base == "NSManagedObject" ? "Core Data" : "Realm"
        // A file that opens its Realm with an encryption key stores these models encrypted.
        if store == "Realm" && context.tree.description.contains("encryptionKey") { return .visitChildren }
        for member in node.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    ScanSecretName.isSecret(name), binding.accessorBlock == nil
                else { continue }
                context.report(
                    .unencryptedDatabaseSecret, at: binding,
                    "\(node.name.text).\(name) is stored in \(store) as it is: keep it in the keychain or encrypt it")
            }
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let name = SwiftSyntaxQueries.calleeName(node) ?? ""
        if name == "sqlite3_bind_text" || name == "sqlite3_bind_blob",
            let value = SwiftSyntaxQueries.argument(node, at: 2), let secret = SwiftSecretValue.secret(in: value)
        {
            context.report(
                .unencryptedDatabaseSecret, at: node,
                "\(secret) is bound into SQLite by \(name): the database file is not encrypted")
        } else if name == "setValue", let key = SwiftSyntaxQueries.argument(node, "forKey"),
            let keyLiteral = key.as(StringLiteralExprSyntax.self),
            let keyText = SwiftSyntaxQueries.staticText(keyLiteral), ScanSecretName.isSecret(keyText),
            let base = SwiftSyntaxQueries.calleeBase(node), !SwiftSecretInUserDefaultsRule.isDefaults(base),
            isManagedObject(base)
        {
            context.report(
                .unencryptedDatabaseSecret, at: node,
                "\"\(keyText)\" is stored in Core Data by setValue(_:forKey:): the store is not encrypted")
        } else if SwiftSyntaxQueries.calleeText(node).hasSuffix("Realm.Configuration")
            || (name == "Configuration" && SwiftSyntaxQueries.calleeText(node) == "Realm.Configuration")
        {
            if !SwiftSyntaxQueries.labels(node).contains("encryptionKey"), !setsEncryptionKeyLater(node) {
                context.report(
                    .unencryptedDatabaseSecret, at: node,
                    "Realm.Configuration has no encryptionKey: the Realm file is stored unencrypted", severity: .low)
            }
        }
        return .visitChildren
    }

    /// `NSEntityDescription.insertNewObject(…)`, `Entity(context:)`, or a name that says managed object.
    private func isManagedObject(_ base: ExprSyntax) -> Bool {
        let resolved = SwiftBindings.resolve(base).trimmedDescription
        return resolved.contains("insertNewObject") || resolved.contains("context:")
            || resolved.contains("NSManagedObject")
    }

    private func setsEncryptionKeyLater(_ node: FunctionCallExprSyntax) -> Bool {
        let region = SwiftSyntaxQueries.enclosingFunction(Syntax(node)) ?? Syntax(node.root)
        return region.description.contains(".encryptionKey")
    }
}
