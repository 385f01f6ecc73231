import Foundation
import RampartSeal
import RampartTestKit

/// Chapter: encryption at rest in the formats apps already have (age v1, RNCryptor v3), and
/// nothing released that did not authenticate.
struct EncryptionAtRestChapter: DemoChapter {
    let title = "Encryption at rest: age v1 and RNCryptor v3"

    func run(in lab: DemoLab) async throws -> [DemoStep] {
        let folder = lab.scratch.appendingPathComponent("seal")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let secret = Data(String(repeating: "access_token=demo-7f3a9c; refresh=demo-c01d\n", count: 3_000).utf8)
        let plainPath = folder.appendingPathComponent("tokens.txt").path
        let sealedPath = folder.appendingPathComponent("tokens.txt.age").path
        try secret.write(to: URL(fileURLWithPath: plainPath))
        var steps: [DemoStep] = []

        let (identity, keyText) = AgeKeyFile.generate()
        let keyPath = folder.appendingPathComponent("key.txt").path
        try Data(keyText.utf8).write(to: URL(fileURLWithPath: keyPath))
        try Age.encrypt(file: plainPath, to: .file(sealedPath, replacing: false), recipients: [identity.recipient])
        let sealed = try Data(contentsOf: URL(fileURLWithPath: sealedPath))
        let opened = try Age.decrypt(sealed, with: [identity])
        let details = [
            "\(secret.count) bytes → \(sealed.count) bytes to \(String(describing: identity.recipient).prefix(20))…",
            "header: " + String(decoding: sealed.prefix(40), as: UTF8.self).replacingOccurrences(of: "\n", with: " ⏎ "),
            "the same file opens with `age --decrypt -i \(keyPath)` (the test suite checks it with the real age)",
        ]
        steps.append(
            DemoStep(
                title: "A file encrypted to an age recipient opens with its identity", expected: .allowed,
                observed: opened == secret ? .allowed : .blocked, details: details))

        steps.append(
            attempt("A stranger's identity is refused", expected: .blocked) {
                _ = try Age.decrypt(sealed, with: [X25519Identity.generate()])
            })

        var altered = sealed
        altered[altered.count - 100] ^= 0x01
        let alteredPath = folder.appendingPathComponent("altered.age").path
        try altered.write(to: URL(fileURLWithPath: alteredPath))
        let outputPath = folder.appendingPathComponent("restored.txt").path
        var flipped = attempt("One flipped bit in the last chunk is caught", expected: .blocked) {
            try Age.decrypt(file: alteredPath, to: .file(outputPath, replacing: false), identities: [identity])
        }
        flipped.details.append(
            FileManager.default.fileExists(atPath: outputPath)
                ? "a partial plaintext file was left behind" : "no plaintext file was written, not even a partial one")
        steps.append(flipped)

        // Drop the whole final chunk: every remaining chunk authenticates, yet the file is incomplete.
        let finalChunk =
            (secret.count % AgeStream.chunkSize == 0 ? AgeStream.chunkSize : secret.count % AgeStream.chunkSize) + 16
        steps.append(
            attempt("A file cut at a chunk boundary is reported as cut short", expected: .blocked) {
                _ = try Age.decrypt(sealed.prefix(sealed.count - finalChunk), with: [identity])
            })

        let message = try RNCryptor.encrypt(secret, password: "demo password")
        let header = message.prefix(2).map { String(format: "%02x", $0) }.joined(separator: " ")
        steps.append(
            DemoStep(
                title: "RNCryptor v3 data, as iOS apps store it, decrypts with its password", expected: .allowed,
                observed: (try? RNCryptor.decrypt(message, password: "demo password")) == secret ? .allowed : .blocked,
                details: ["version and options bytes \(header); \(message.count) bytes with HMAC-SHA256"]))
        steps.append(
            attempt("The wrong RNCryptor password is refused before any plaintext is released", expected: .blocked) {
                _ = try RNCryptor.decrypt(message, password: "guess")
            })
        return steps
    }

    /// Runs `work`: a `SealError` is the step being blocked, with the error as its detail.
    private func attempt(_ title: String, expected: DemoStep.Outcome, _ work: () throws -> Void) -> DemoStep {
        do {
            try work()
            return DemoStep(title: title, expected: expected, observed: .allowed, details: [])
        } catch {
            return DemoStep(title: title, expected: expected, observed: .blocked, details: ["\(error)"])
        }
    }
}
