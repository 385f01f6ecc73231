import Foundation
import RampartTestKit
import Testing

/// `rampart vault` as a user runs it: values on stdin, passphrases from files, exit codes.
@Suite("rampart vault")
struct VaultCLITests {
    private final class Folder {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "rampart-vault-cli-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: url.appendingPathComponent(name))
        }
    }

    /// `rampart vault --path VAULT --passphrase-file PW ARGS…`.
    private func vault(
        _ folder: Folder, _ arguments: [String], input: String = "", passphrase: String = "pw",
        environment: [String: String] = [:]
    ) async throws -> PeerProcess.Result {
        try await RampartBinary.run(
            ["vault", "--path", folder.path("v.sqlite"), "--passphrase-file", folder.path(passphrase)] + arguments,
            input: Data(input.utf8), environment: environment)
    }

    private func initialized() async throws -> Folder {
        let folder = try Folder()
        try folder.write("pw", "vault passphrase\n")
        try folder.write("bad", "not the passphrase\n")
        let made = try await vault(folder, ["init", "--work-factor", "4"])
        #expect(made.exitCode == 0, "\(made.standardErrorText)")
        return folder
    }

    @Test("set reads stdin, get prints it, rm removes it; a missing item exits 1 with a clear message")
    func setGetRemove() async throws {
        let folder = try await initialized()
        #expect(try await vault(folder, ["set", "api.example.com", "ci"], input: "s3cret\n").exitCode == 0)
        let got = try await vault(folder, ["get", "api.example.com", "ci"])
        #expect(got.exitCode == 0)
        #expect(got.standardOutputText == "s3cret\n")
        #expect(try await vault(folder, ["set", "api.example.com", "ci"], input: "rotated").exitCode == 0)
        #expect(try await vault(folder, ["get", "api.example.com", "ci"]).standardOutputText == "rotated\n")
        #expect(try await vault(folder, ["rm", "api.example.com", "ci"]).exitCode == 0)
        let missing = try await vault(folder, ["get", "api.example.com", "ci"])
        #expect(missing.exitCode == 1)
        #expect(missing.standardErrorText.contains("no such item"))
        #expect(missing.standardErrorText.contains("api.example.com"))
        #expect(try await vault(folder, ["rm", "api.example.com", "ci"]).exitCode == 1)
    }

    @Test("a wrong vault passphrase or application password exits 77 and echoes no secret")
    func authenticationFailures() async throws {
        let folder = try await initialized()
        try folder.write("app", "app password\n")
        try folder.write("wrong-app", "guessed app password\n")
        #expect(
            try await vault(folder, ["set", "bank", "me", "--app-password-file", folder.path("app")], input: "1234")
                .exitCode == 0)
        let wrongVault = try await vault(folder, ["get", "bank", "me"], passphrase: "bad")
        #expect(wrongVault.exitCode == 77)
        #expect(!wrongVault.standardErrorText.contains("not the passphrase"))
        let noApp = try await vault(folder, ["get", "bank", "me"])
        #expect(noApp.exitCode == 77)
        let wrongApp = try await vault(folder, ["get", "bank", "me", "--app-password-file", folder.path("wrong-app")])
        #expect(wrongApp.exitCode == 77)
        #expect(!wrongApp.standardErrorText.contains("guessed"))
        let right = try await vault(folder, ["get", "bank", "me", "--app-password-file", folder.path("app")])
        #expect(right.standardOutputText == "1234\n")
    }

    @Test("ls lists service and account without values; --service filters")
    func list() async throws {
        let folder = try await initialized()
        _ = try await vault(folder, ["set", "db", "app"], input: "v1")
        _ = try await vault(folder, ["set", "db", "admin", "--accessibility", "afterFirstUnlock"], input: "v2")
        _ = try await vault(folder, ["set", "web", "app"], input: "v3")
        let all = try await vault(folder, ["ls"])
        #expect(
            all.standardOutputText == "db\tadmin\tafterFirstUnlock\ndb\tapp\twhenUnlocked\nweb\tapp\twhenUnlocked\n")
        let db = try await vault(folder, ["ls", "--service", "web"])
        #expect(db.standardOutputText == "web\tapp\twhenUnlocked\n")
        let json = try await vault(folder, ["ls", "--format", "json"])
        let entries = try JSONSerialization.jsonObject(with: json.standardOutput) as? [[String: Any]]
        #expect(entries?.compactMap { $0["account"] as? String } == ["admin", "app", "app"])
        #expect(!json.standardOutputText.contains("v1"))
        let bad = try await vault(folder, ["set", "db", "x", "--accessibility", "always"], input: "v")
        #expect(bad.exitCode == 2)
    }

    @Test("user presence asks for the passphrase again")
    func userPresence() async throws {
        let folder = try await initialized()
        #expect(try await vault(folder, ["set", "s", "a", "--user-presence"], input: "guarded").exitCode == 0)
        let read = try await vault(folder, ["get", "s", "a"])
        #expect(read.exitCode == 0)
        #expect(read.standardOutputText == "guarded\n")
    }

    @Test("RAMPART_VAULT_PASSPHRASE_FILE and XDG_DATA_HOME choose the passphrase and the default path")
    func environment() async throws {
        let folder = try Folder()
        try folder.write("pw", "from the environment\n")
        let environment = [
            "RAMPART_VAULT_PASSPHRASE_FILE": folder.path("pw"), "XDG_DATA_HOME": folder.path("data"),
        ]
        let made = try await RampartBinary.run(["vault", "init", "--work-factor", "4"], environment: environment)
        #expect(made.exitCode == 0, "\(made.standardErrorText)")
        #expect(FileManager.default.fileExists(atPath: folder.path("data/rampart/vault.sqlite")))
        _ = try await RampartBinary.run(["vault", "set", "s", "a"], input: Data("v".utf8), environment: environment)
        let got = try await RampartBinary.run(["vault", "get", "s", "a"], environment: environment)
        #expect(got.standardOutputText == "v\n")
        let again = try await RampartBinary.run(["vault", "init", "--work-factor", "4"], environment: environment)
        #expect(again.exitCode == 73)
        let none = try await RampartBinary.run(
            ["vault", "--path", folder.path("none.sqlite"), "ls"], environment: environment)
        #expect(none.exitCode == 66)
    }

    @Test("passwd re-wraps; export and import move items through an age file")
    func passwdExportImport() async throws {
        let folder = try await initialized()
        try folder.write("new", "new passphrase\n")
        _ = try await vault(folder, ["set", "s", "a"], input: "moved")
        _ = try await vault(
            folder, ["set", "s", "local", "--accessibility", "whenUnlockedThisDeviceOnly"], input: "stays")
        #expect(try await vault(folder, ["passwd", "--new-passphrase-file", folder.path("new")]).exitCode == 0)
        #expect(try await vault(folder, ["get", "s", "a"]).exitCode == 77)
        #expect(try await vault(folder, ["get", "s", "a"], passphrase: "new").standardOutputText == "moved\n")
        let exported = try await vault(
            folder, ["export", "--work-factor", "10", folder.path("backup.age")], passphrase: "new")
        #expect(exported.exitCode == 0, "\(exported.standardErrorText)")
        #expect(exported.standardErrorText.contains("exported 1 items"))

        let other = ["vault", "--path", folder.path("w.sqlite"), "--passphrase-file", folder.path("pw")]
        #expect(try await RampartBinary.run(other + ["init", "--work-factor", "4"]).exitCode == 0)
        let wrong = try await RampartBinary.run(other + ["import", folder.path("backup.age")])
        #expect(wrong.exitCode == 77)
        let imported = try await RampartBinary.run(
            other + ["import", "--backup-passphrase-file", folder.path("new"), folder.path("backup.age")])
        #expect(imported.exitCode == 0, "\(imported.standardErrorText)")
        #expect(try await RampartBinary.run(other + ["get", "s", "a"]).standardOutputText == "moved\n")
        #expect(try await RampartBinary.run(other + ["get", "s", "local"]).exitCode == 1)
    }
}
