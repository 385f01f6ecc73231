import Foundation
import RampartVault
import Testing

@Suite("Crashes and concurrent processes", .serialized)
struct VaultProcessTests {
    @Test func sigkillDuringAStreamOfWritesLosesNothingCommitted() async throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        _ = try fixture.create()
        let child = try VaultHelperProcess(
            ["write", fixture.path, VaultFixture.passphrase, "k", "1000000"],
            outputPath: fixture.folder.appendingPathComponent("out").path)
        try await child.waitForLines(150)
        try await child.kill()
        #expect(child.process.terminationReason == .uncaughtSignal)
        let committed = child.lines.filter { $0.hasPrefix("committed ") }.count
        #expect(committed >= 150)

        let vault = try fixture.reopen()
        try vault.unlock(passphrase: VaultFixture.passphrase)
        for index in 0..<committed {
            #expect(
                try vault.value(for: .genericPassword(service: "svc", account: "k-\(index)"))
                    == Data(text: "value-k-\(index)"))
        }
        let stored = try vault.items(matching: VaultQuery(itemClass: .genericPassword, returnData: true))
        #expect(stored.count == committed || stored.count == committed + 1)
        for item in stored { #expect(item.value == Data(text: "value-\(item.identity[.account] ?? "")")) }
    }

    @Test func sigkillDuringPassphraseChangesLeavesOneWorkingPassphrase() async throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        for index in 0..<20 {
            try vault.set(
                Data(text: "value-\(index)"), for: .genericPassword(service: "svc", account: "\(index)"),
                protection: ItemProtection(
                    accessibility: index % 2 == 0 ? .whenUnlocked : .afterFirstUnlockThisDeviceOnly))
        }
        let second = "second passphrase"
        let child = try VaultHelperProcess(
            ["passwd", fixture.path, VaultFixture.passphrase, second, "1000000"],
            outputPath: fixture.folder.appendingPathComponent("out").path)
        try await child.waitForLines(40)
        try await child.kill()
        #expect(child.process.terminationReason == .uncaughtSignal)

        let reopened = try fixture.reopen()
        let first = status { try reopened.unlock(passphrase: VaultFixture.passphrase) }
        let other = status { try reopened.unlock(passphrase: second) }
        #expect([first, other].filter { $0 == nil }.count == 1, "exactly one passphrase opens the vault")
        for index in 0..<20 {
            #expect(
                try reopened.value(for: .genericPassword(service: "svc", account: "\(index)"))
                    == Data(text: "value-\(index)"))
        }
    }

    @Test func twoProcessesWritingAtOnce() async throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        _ = try fixture.create()
        let writers = try ["p", "q"].map { prefix in
            try VaultHelperProcess(
                ["write", fixture.path, VaultFixture.passphrase, prefix, "150"],
                outputPath: fixture.folder.appendingPathComponent("out-\(prefix)").path)
        }
        for writer in writers { #expect(try await writer.wait() == 0) }
        let vault = try fixture.reopen()
        try vault.unlock(passphrase: VaultFixture.passphrase)
        let stored = try vault.items(matching: VaultQuery(itemClass: .genericPassword, returnData: true))
        #expect(stored.count == 300)
        for item in stored { #expect(item.value == Data(text: "value-\(item.identity[.account] ?? "")")) }
    }
}
