import ArgumentParser
import RampartVault

/// `rampart vault ls [--service S]`: lists generic-password items (never their values).
struct VaultListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ls", abstract: "List items as SERVICE<TAB>ACCOUNT<TAB>ACCESSIBILITY lines, sorted; no values.")

    @ParentCommand var vault: VaultCommand
    @Option(help: "Only items of this service.")
    var service: String?

    func run() throws {
        let opened = try vault.access.openUnlocked()
        var fields: [ItemField: String] = [:]
        if let service { fields[.service] = service }
        let query = VaultQuery(itemClass: .genericPassword, fields: fields)
        let items = try VaultFailure.run { () throws(VaultError) -> [VaultItem] in
            do throws(VaultError) {
                return try opened.items(matching: query)
            } catch {
                if case .itemNotFound = error { return [] }
                throw error
            }
        }
        let lines = items.map { item in
            [
                item.identity[ItemField.service] ?? "", item.identity[ItemField.account] ?? "",
                item.protection.accessibility.description,
            ]
            .joined(separator: "\t")
        }
        for line in lines.sorted() { print(line) }
    }
}
