import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

/// `rampart vault` as a user runs it: values on stdin, passphrases from files, exit codes.
@Suite("rampart vault", .timeLimit(.minutes(10)))
struct VaultCLITests {
    /// `rampart vault --path VAULT --passphrase-file PW ARGS…`.
    private func vault(
        _ folder: ScratchFolder, _ arguments: [String], input: String = "", passphrase: String = "pw",
        environment: [String: String] = [:]
    ) async throws -> PeerProcess.Result {
        try await RampartBinary.run(
            ["vault", "--path", folder.path("v.sqlite"), "--passphrase-file", folder.path(passphrase)] + arguments,
            input: Data(input.utf8), environment: environment)
    }

    private func initialized() async throws -> ScratchFolder {
        let folder = try ScratchFolder("rampart-vault-cli")
        try folder.write("pw", "vault passphrase\n")
        try folder.write("bad", "not the passphrase\n")
        let made = try await vault(folder, ["init", "--work-factor", "15"])
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
        let folder = try ScratchFolder("rampart-vault-cli")
        try folder.write("pw", "from the environment\n")
        let environment = [
            "RAMPART_VAULT_PASSPHRASE_FILE": folder.path("pw"), "XDG_DATA_HOME": folder.path("data"),
        ]
        let made = try await RampartBinary.run(["vault", "init", "--work-factor", "15"], environment: environment)
        #expect(made.exitCode == 0, "\(made.standardErrorText)")
        #expect(FileManager.default.fileExists(atPath: folder.path("data/rampart/vault.sqlite")))
        _ = try await RampartBinary.run(["vault", "set", "s", "a"], input: Data("v".utf8), environment: environment)
        let got = try await RampartBinary.run(["vault", "get", "s", "a"], environment: environment)
        #expect(got.standardOutputText == "v\n")
        let again = try await RampartBinary.run(["vault", "init", "--work-factor", "15"], environment: environment)
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
            folder, ["export", "--work-factor", "15", folder.path("backup.age")], passphrase: "new")
        #expect(exported.exitCode == 0, "\(exported.standardErrorText)")
        #expect(exported.standardErrorText.contains("exported 1 items"))

        let other = ["vault", "--path", folder.path("w.sqlite"), "--passphrase-file", folder.path("pw")]
        #expect(try await RampartBinary.run(other + ["init", "--work-factor", "15"]).exitCode == 0)
        let wrong = try await RampartBinary.run(other + ["import", folder.path("backup.age")])
        #expect(wrong.exitCode == 77)
        let imported = try await RampartBinary.run(
            other + ["import", "--backup-passphrase-file", folder.path("new"), folder.path("backup.age")])
        #expect(imported.exitCode == 0, "\(imported.standardErrorText)")
        #expect(try await RampartBinary.run(other + ["get", "s", "a"]).standardOutputText == "moved\n")
        #expect(try await RampartBinary.run(other + ["get", "s", "local"]).exitCode == 1)
    }

    // MARK: - Issue 17: reliability and hostile use

    /// `arguments` quoted for `/bin/sh`.
    private static func quoted(_ arguments: [String]) -> String {
        arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    }

    /// `rampart vault --path VAULT --passphrase-file pw ARGS… REDIRECTIONS` through the shell; `$1`
    /// and `$2` in `arguments` are the bytes given as `raw` (printf escapes such as `\377`).
    private func shell(_ folder: ScratchFolder, _ arguments: [String], _ redirections: String = "", raw: [String] = [])
        async throws -> PeerProcess.Result
    {
        let base = [
            RampartBinary.url.path, "vault", "--path", folder.path("v.sqlite"), "--passphrase-file", folder.path("pw"),
        ]
        let words =
            Self.quoted(base) + " "
            + arguments.map { $0.hasPrefix("$") ? "\"\($0)\"" : Self.quoted([$0]) }
            .joined(separator: " ")
        let setup = raw.enumerated().map { "r\($0.offset + 1)=$(printf '\($0.element)')" }.joined(separator: "; ")
        let script = (setup.isEmpty ? "" : setup + "; ") + "set -- \"$r1\" \"$r2\"; exec " + words + " " + redirections
        return try await PeerProcess.runAsync("/bin/sh", ["-c", script])
    }

    /// Runs `sql` on the vault with the sqlite3 tool.
    private func sqlite(_ folder: ScratchFolder, _ sql: String) async throws {
        let result = try await PeerProcess.runAsync("sqlite3", [folder.path("v.sqlite"), sql])
        #expect(result.exitCode == 0, "\(sql): \(result.standardErrorText)")
    }

    @Test("ls escapes control characters in names so each item stays one line of three fields; JSON stays exact")
    func listEscapesNames() async throws {
        let folder = try await initialized()
        let service = "evil\nforged\tline\u{1B}]0;title\u{07}\u{202E}"
        #expect(try await vault(folder, ["set", service, "a\\b\r"], input: "v").exitCode == 0)
        #expect(try await vault(folder, ["set", "plain", "\u{85}next"], input: "v").exitCode == 0)
        let listed = try await vault(folder, ["ls"])
        #expect(listed.exitCode == 0)
        #expect(
            listed.standardOutputText
                == "evil\\nforged\\tline\\x1b]0;title\\x07\\u{202e}\ta\\\\b\\r\twhenUnlocked\n"
                + "plain\t\\u{0085}next\twhenUnlocked\n")
        for line in listed.standardOutputText.split(separator: "\n") {
            #expect(line.split(separator: "\t", omittingEmptySubsequences: false).count == 3)
        }
        let json = try await vault(folder, ["ls", "--format", "json"])
        let entries = try JSONSerialization.jsonObject(with: json.standardOutput) as? [[String: Any]]
        #expect(entries?.compactMap { $0["service"] as? String } == [service, "plain"])
        #expect(entries?.compactMap { $0["account"] as? String } == ["a\\b\r", "\u{85}next"])
    }

    @Test("get writes the exact value to a pipe, and escapes control characters when standard output is a terminal")
    func getEscapesOnlyOnATerminal() async throws {
        let folder = try await initialized()
        let value = "a\u{1B}]0;owned\u{07}\u{1B}[2Jb\\c"
        #expect(try await vault(folder, ["set", "s", "a"], input: value).exitCode == 0)
        let piped = try await vault(folder, ["get", "s", "a"])
        #expect(piped.standardOutput == Data((value + "\n").utf8))
        #expect(piped.standardErrorText.isEmpty)
        // script(1) runs the command on a pseudo-terminal and copies what it wrote.
        let command = Self.quoted([
            RampartBinary.url.path, "vault", "--path", folder.path("v.sqlite"), "--passphrase-file", folder.path("pw"),
            "get", "s", "a",
        ])
        let terminal = try await PeerProcess.runAsync("script", ["-q", "-e", "-c", command, "/dev/null"])
        #expect(terminal.exitCode == 0, "\(terminal.standardErrorText)")
        let shown = terminal.standardOutputText
        #expect(!shown.unicodeScalars.contains("\u{1B}"), "\(shown.debugDescription)")
        #expect(!shown.unicodeScalars.contains("\u{07}"))
        #expect(shown.contains(#"a\x1b]0;owned\x07\x1b[2Jb\\c"#), "\(shown.debugDescription)")
        #expect(shown.contains("shown escaped"))
        // Plain text is shown as it is on a terminal too.
        #expect(try await vault(folder, ["set", "s", "plain"], input: "p\\q r").exitCode == 0)
        let plain = Self.quoted([
            RampartBinary.url.path, "vault", "--path", folder.path("v.sqlite"), "--passphrase-file", folder.path("pw"),
            "get", "s", "plain",
        ])
        let shownPlain = try await PeerProcess.runAsync("script", ["-q", "-e", "-c", plain, "/dev/null"])
        #expect(shownPlain.standardOutputText == "p\\q r\r\n", "\(shownPlain.standardOutputText.debugDescription)")
    }

    @Test("names that are not UTF-8 are refused (65), so two byte names never become one item")
    func namesThatAreNotUTF8() async throws {
        let folder = try await initialized()
        let first = try await shell(folder, ["set", "$1", "acct"], "<&-", raw: ["a\\377", "x"])
        #expect(first.exitCode == 65, "\(first.standardErrorText)")
        #expect(first.standardErrorText.contains("service is not valid UTF-8 (byte 0xFF at offset 1)"))
        let second = try await shell(folder, ["set", "svc", "$2"], "<&-", raw: ["x", "b\\376"])
        #expect(second.exitCode == 65)
        #expect(second.standardErrorText.contains("account is not valid UTF-8 (byte 0xFE at offset 1)"))
        #expect(try await shell(folder, ["get", "$1", "acct"], raw: ["a\\377", "x"]).exitCode == 65)
        #expect(try await shell(folder, ["rm", "$1", "acct"], raw: ["a\\377", "x"]).exitCode == 65)
        #expect(try await shell(folder, ["ls", "--service", "$1"], raw: ["a\\377", "x"]).exitCode == 65)
        #expect(try await vault(folder, ["ls"]).standardOutputText.isEmpty)
        // U+FFFD given as valid UTF-8 is refused for a new item too: it is what a lossy decoder makes.
        let replacement = try await vault(folder, ["set", "a\u{FFFD}", "acct"], input: "v")
        #expect(replacement.exitCode == 65, "\(replacement.standardErrorText)")
    }

    @Test("get to a full disk or a closed standard output exits 74 with a message, without crashing")
    func getOutputFailures() async throws {
        let folder = try await initialized()
        #expect(try await vault(folder, ["set", "s", "a"], input: "value").exitCode == 0)
        let full = try await shell(folder, ["get", "s", "a"], ">/dev/full")
        #expect(full.exitCode == 74, "\(full.standardErrorText)")
        #expect(full.standardErrorText.contains("No space left on device"))
        let closed = try await shell(folder, ["get", "s", "a"], ">&-")
        #expect(closed.exitCode == 74, "\(closed.standardErrorText)")
        #expect(closed.standardErrorText.contains("Bad file descriptor"))
    }

    @Test(
        "a vault whose columns hold the wrong type is reported damaged (65), naming table and column",
        arguments: [
            ("UPDATE vault_meta SET kdf_work_factor = 'abc'", "vault_meta.kdf_work_factor"),
            ("UPDATE vault_meta SET kdf_salt = 7", "vault_meta.kdf_salt"),
            ("UPDATE vault_keys SET wrapped = 'text' WHERE name = 'lookup'", "vault_keys.wrapped"),
            ("UPDATE items SET protection = 'x'", "items.protection"),
            ("UPDATE items SET value = 5", "items.value"),
            ("UPDATE items SET app_salt = 'x'", "items.app_salt"),
        ])
    func wrongTypesAreDamage(sql: String, column: String) async throws {
        let folder = try await initialized()
        #expect(try await vault(folder, ["set", "s", "a"], input: "value").exitCode == 0)
        try await sqlite(folder, sql)
        for command in [["get", "s", "a"], ["ls"]] {
            let result = try await vault(folder, command)
            #expect(result.exitCode == 65, "\(command): \(result.exitCode) \(result.standardErrorText)")
            #expect(result.standardErrorText.contains("damaged vault"))
            #expect(result.standardErrorText.contains(column), "\(result.standardErrorText)")
        }
    }

    @Test("a read-only vault is an I/O error (74) that leaves no -wal or -shm behind, and works once writable")
    func readOnlyVault() async throws {
        let folder = try await initialized()
        #expect(try await vault(folder, ["set", "s", "a"], input: "value").exitCode == 0)
        // Root ignores file modes: run as nobody then.
        var runAs: [String] = []
        if getuid() == 0 {
            let chown = try await PeerProcess.runAsync("chown", ["-R", "65534", folder.url.path])
            #expect(chown.exitCode == 0)
            runAs = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        }
        let get =
            runAs + [
                RampartBinary.url.path, "vault", "--path", folder.path("v.sqlite"), "--passphrase-file",
                folder.path("pw"),
                "get", "s", "a",
            ]
        #expect(chmod(folder.path("v.sqlite"), 0o400) == 0)
        let readOnly = try await PeerProcess.runAsync("/bin/sh", ["-c", "exec " + Self.quoted(get)])
        #expect(readOnly.exitCode == 74, "\(readOnly.standardErrorText)")
        #expect(readOnly.standardErrorText.contains("Permission denied"))
        for companion in ["-wal", "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: folder.path("v.sqlite" + companion)), "\(companion)")
        }
        #expect(chmod(folder.path("v.sqlite"), 0o600) == 0)
        let writable = try await PeerProcess.runAsync("/bin/sh", ["-c", "exec " + Self.quoted(get)])
        #expect(writable.exitCode == 0, "\(writable.standardErrorText)")
        #expect(writable.standardOutputText == "value\n")
    }

    @Test("a file that is not a vault (empty, not SQLite, a directory, a device) is refused (65) and left as it is")
    func notAVault() async throws {
        let folder = try ScratchFolder("rampart-vault-cli")
        try folder.write("pw", "pw\n")
        for contents in ["", String(repeating: "A", count: 5000)] {
            try folder.write("v.sqlite", contents)
            let result = try await vault(folder, ["ls"])
            #expect(result.exitCode == 65, "\(result.standardErrorText)")
            #expect(FileManager.default.contents(atPath: folder.path("v.sqlite")) == Data(contents.utf8))
            #expect(!FileManager.default.fileExists(atPath: folder.path("v.sqlite-wal")))
            #expect(!FileManager.default.fileExists(atPath: folder.path("v.sqlite-shm")))
        }
        for (path, reason) in [(folder.url.path, "is a directory"), ("/dev/null", "is a character device")] {
            let result = try await RampartBinary.run(
                ["vault", "--path", path, "--passphrase-file", folder.path("pw"), "ls"])
            #expect(result.exitCode == 65)
            #expect(result.standardErrorText.contains(reason), "\(result.standardErrorText)")
        }
    }

    @Test("a damaged key table exits 65, a wrong passphrase 77")
    func damagedKeysAreNotAWrongPassphrase() async throws {
        let folder = try await initialized()
        try await sqlite(folder, "UPDATE vault_keys SET wrapped = randomblob(60) WHERE name = 'afterFirstUnlock'")
        let damaged = try await vault(folder, ["ls"])
        #expect(damaged.exitCode == 65, "\(damaged.standardErrorText)")
        #expect(damaged.standardErrorText.contains("afterFirstUnlock"))
        #expect(try await vault(folder, ["ls"], passphrase: "bad").exitCode == 77)
    }

    @Test(
        "a copy of the vault's folder opens its items but not the ThisDeviceOnly ones (77): the device key is not in it"
    )
    func copiedFolderHasNoDeviceKey() async throws {
        let folder = try ScratchFolder("rampart-vault-cli")
        try folder.write("pw", "vault passphrase\n")
        let here = ["XDG_STATE_HOME": folder.path("state")]
        #expect(try await vault(folder, ["init", "--work-factor", "15"], environment: here).exitCode == 0)
        _ = try await vault(folder, ["set", "s", "portable"], input: "moves", environment: here)
        let local = ["set", "s", "local", "--accessibility", "afterFirstUnlockThisDeviceOnly"]
        #expect(try await vault(folder, local, input: "stays", environment: here).exitCode == 0)
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("v.") }
        #expect(Set(beside).isSubset(of: ["v.sqlite", "v.sqlite-wal", "v.sqlite-shm"]), "\(beside)")
        let keys = try FileManager.default.contentsOfDirectory(atPath: folder.path("state/rampart/device-keys"))
        #expect(keys.count == 1, "\(keys)")

        let copy = try ScratchFolder("rampart-vault-cli-copy")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name != "state" {
            try FileManager.default.copyItem(atPath: folder.path(name), toPath: copy.path(name))
        }
        let there = ["XDG_STATE_HOME": copy.path("state")]
        #expect(try await vault(copy, ["get", "s", "portable"], environment: there).standardOutputText == "moves\n")
        let refused = try await vault(copy, ["get", "s", "local"], environment: there)
        #expect(refused.exitCode == 77, "\(refused.standardErrorText)")
        #expect(refused.standardErrorText.contains("device key"), "\(refused.standardErrorText)")
        #expect(refused.standardOutputText.isEmpty)
        #expect(try await vault(folder, ["get", "s", "local"], environment: here).standardOutputText == "stays\n")
    }

    @Test(
        "scrypt costs under 15 or above 4 GiB are refused: by init and export (2); above 4 GiB stored in the vault (65, at once)"
    )
    func scryptCap() async throws {
        let folder = try ScratchFolder("rampart-vault-cli")
        try folder.write("pw", "pw\n")
        let tooMuch = try await vault(folder, ["init", "--work-factor", "23"])
        #expect(tooMuch.exitCode == 2)
        #expect(tooMuch.standardErrorText.contains("--work-factor 23 is outside 15…22"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("v.sqlite")))
        for weak in ["1", "14"] {
            let tooLittle = try await vault(folder, ["init", "--work-factor", weak])
            #expect(tooLittle.exitCode == 2, "\(tooLittle.standardErrorText)")
            #expect(tooLittle.standardErrorText.contains("--work-factor \(weak) is outside 15…22"))
            #expect(tooLittle.standardErrorText.contains("cheap to guess"))
            #expect(!FileManager.default.fileExists(atPath: folder.path("v.sqlite")))
        }
        #expect(try await vault(folder, ["init", "--work-factor", "15"]).exitCode == 0)
        try await sqlite(folder, "UPDATE vault_meta SET kdf_work_factor = 22, kdf_block_size = 32")
        let hostile = try await vault(folder, ["ls"])
        #expect(hostile.exitCode == 65, "\(hostile.standardErrorText)")
        #expect(hostile.standardErrorText.contains("4 GiB"))
        try await sqlite(folder, "UPDATE vault_meta SET kdf_work_factor = 15, kdf_block_size = 8")
        let weakBackup = try await vault(folder, ["export", "--work-factor", "1", folder.path("backup.age")])
        #expect(weakBackup.exitCode == 2, "\(weakBackup.standardErrorText)")
        #expect(weakBackup.standardErrorText.contains("--work-factor 1 is outside 15…22"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("backup.age")))
        // Refused before scrypt runs (a 16 GiB derivation would take minutes, or fail for memory).
    }

    @Test(
        "export over a file exits 73 without naming a missing flag; --force replaces it; import of a missing file exits 66"
    )
    func exportAndImportFiles() async throws {
        let folder = try await initialized()
        #expect(try await vault(folder, ["set", "s", "a"], input: "v").exitCode == 0)
        try folder.write("backup.age", "keep me")
        let exists = try await vault(folder, ["export", "--work-factor", "15", folder.path("backup.age")])
        #expect(exists.exitCode == 73, "\(exists.standardErrorText)")
        #expect(exists.standardErrorText.contains("already exists"))
        #expect(exists.standardErrorText.contains("(--force replaces it)"), "\(exists.standardErrorText)")
        #expect(FileManager.default.contents(atPath: folder.path("backup.age")) == Data("keep me".utf8))
        let forced = try await vault(folder, ["export", "--force", "--work-factor", "15", folder.path("backup.age")])
        #expect(forced.exitCode == 0, "\(forced.standardErrorText)")
        #expect(try await vault(folder, ["import", folder.path("backup.age")]).exitCode == 0)
        let directoryOutput = try await vault(folder, ["export", "--force", "--work-factor", "15", folder.url.path])
        #expect(directoryOutput.exitCode == 73)
        #expect(directoryOutput.standardErrorText.contains("is a directory"))
        let missing = try await vault(folder, ["import", folder.path("missing.age")])
        #expect(missing.exitCode == 66, "\(missing.standardErrorText)")
        #expect(missing.standardErrorText.contains("does not exist"))
        let directory = try await vault(folder, ["import", folder.url.path])
        #expect(directory.standardErrorText.contains("is a directory"), "\(directory.standardErrorText)")
        #expect(!directory.standardErrorText.contains("permission"))
    }

    @Test("without a terminal the message names only options that exist")
    func noTerminal() async throws {
        let folder = try await initialized()
        let setsid = ["setsid", "-w", RampartBinary.url.path, "vault", "--path", folder.path("v.sqlite")]
        let list = try await PeerProcess.runAsync("/bin/sh", ["-c", "exec " + Self.quoted(setsid + ["ls"])])
        #expect(list.exitCode == 2)
        #expect(list.standardErrorText.contains("--passphrase-file FILE"), "\(list.standardErrorText)")
        #expect(!list.standardErrorText.contains("--passphrase-env"))
        let passwd = try await PeerProcess.runAsync(
            "/bin/sh",
            ["-c", "exec " + Self.quoted(setsid + ["--passphrase-file", folder.path("pw"), "passwd"])])
        #expect(passwd.exitCode == 2)
        #expect(passwd.standardErrorText.contains("--new-passphrase-file FILE"), "\(passwd.standardErrorText)")
        #expect(!passwd.standardErrorText.contains("--passphrase-env"))
    }

    @Test("a missing item's message cuts a 120 KB name and escapes control characters")
    func longAndHostileNamesInMessages() async throws {
        let folder = try await initialized()
        let long = try await vault(folder, ["get", String(repeating: "x", count: 120_000), "a"])
        #expect(long.exitCode == 1)
        #expect(long.standardError.count < 400, "\(long.standardError.count) bytes")
        #expect(long.standardErrorText.contains("(120000 bytes)"))
        let hostile = try await vault(folder, ["get", "q\u{1B}[2J\u{1B}]0;owned\u{07}", "a"])
        #expect(hostile.exitCode == 1)
        #expect(!hostile.standardError.contains(0x1B))
        #expect(hostile.standardErrorText.contains(#"q\u{1b}[2J\u{1b}]0;owned\u{7}"#), "\(hostile.standardErrorText)")
    }

    @Test("set refuses an endless standard input (65) quickly")
    func endlessInput() async throws {
        let folder = try await initialized()
        let result = try await shell(folder, ["set", "s", "a"], "</dev/zero")
        #expect(result.exitCode == 65, "\(result.standardErrorText)")
        #expect(result.standardErrorText.contains("longer than 16,777,216 bytes"))
        // Without the limit it would never end; the bound is loose for a busy 2-core machine.
        #expect(try await vault(folder, ["ls"]).standardOutputText.isEmpty)
    }
}
