import ArgumentParser
import Foundation
import RampartVault

/// `rampart vault ls [--service S]`: lists generic-password items (never their values).
struct VaultListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ls", abstract: "List items as SERVICE<TAB>ACCOUNT<TAB>ACCESSIBILITY lines, sorted; no values.",
        discussion: """
            In text output every service and account is escaped so that each item stays one line of \
            three fields: tab, line feed and carriage return as \\t, \\n, \\r, other control \
            characters as \\xHH, C1 controls, line separators and bidi overrides as \\u{HHHH}, and a \
            backslash as \\\\. --format json gives the names exactly.
            """)

    @ParentCommand var vault: VaultCommand
    @Option(help: "Only items of this service.")
    var service: String?
    @OptionGroup var output: FormatOptions

    func run() throws {
        var fields: [ItemField: String] = [:]
        if let service {
            let bytes = RawArguments.bytes(of: service)
            fields[.service] = try VaultFailure.run { () throws(VaultError) in
                try ItemIdentity(itemClass: .genericPassword, encodedFields: [.service: bytes])[.service]
            }
        }
        let opened = try vault.access.openUnlocked()
        let query = VaultQuery(itemClass: .genericPassword, fields: fields)
        let items = try VaultFailure.run { () throws(VaultError) -> [VaultItem] in
            do throws(VaultError) {
                return try opened.items(matching: query)
            } catch {
                if case .itemNotFound = error { return [] }
                throw error
            }
        }
        let entries = items.map(VaultItemReport.init).sorted { ($0.service, $0.account) < ($1.service, $1.account) }
        if output.format == .json {
            try output.printJSON(entries)
            return
        }
        for entry in entries {
            let fields = [entry.service, entry.account, entry.accessibility].map(ControlCharacterEscaping.escaped)
            try StandardOutput.line(fields.joined(separator: "\t"))
        }
    }
}
