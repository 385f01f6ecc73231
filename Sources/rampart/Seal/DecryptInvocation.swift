import ArgumentParser
import Foundation
import RampartSeal

/// What one `rampart decrypt` was asked to do, checked and run: the values of ``DecryptCommand``'s
/// options, read by ArgumentParser or, for the plain command lines, by ``init(plain:)`` without
/// ArgumentParser's start-up cost. Each property is the option of the same name in
/// ``DecryptCommand``, with the same default.
///
/// ```swift
/// let decrypt = DecryptInvocation(identityFiles: ["key.txt"], output: "secret.txt", input: "secret.age")
/// try decrypt.validate()
/// try decrypt.run()
/// ```
struct DecryptInvocation: Equatable {
    var format: SealFormat? = nil
    var identityFiles: [String] = []
    var passphrase = PassphraseInput()
    var output: String? = nil
    var force: Bool = false
    var input: String? = nil

    func validate() throws {
        if identityFiles.isEmpty && !passphrase.isGiven {
            throw ValidationError("give -i IDENTITY_FILE, --passphrase-file FILE, --passphrase-env NAME or -p")
        }
    }

    func run() throws {
        let destination = try SealInput.destination(output, input: input, force: force)
        var credentials = SealCredentials()
        try SealFailure.run { () throws(SealError) in
            for file in identityFiles {
                credentials.identities += try AgeKeyFile.identities(atPath: file).map { $0 as any AgeIdentity }
            }
        }
        for file in identityFiles { IdentityFilePermissions.warnIfExposed(file) }
        let source = try SealInput.open(input)
        var sealed = SealedInput(source)
        let detected = try SealFailure.run { () throws(SealError) -> SealFormat in
            try sealed.detectFormat(name: input ?? "standard input", forcing: format)
        }
        if detected == .rncryptor && !identityFiles.isEmpty && !passphrase.isGiven {
            throw CommandFailure("this is RNCryptor data; it opens with a passphrase, not -i", status: .usage)
        }
        credentials.passphrase = try passphrase.read(confirm: false)
        let meter = ProgressMeter(total: source.size)
        defer { meter?.finish() }
        let progress = meter?.callback
        try SealFailure.run { () throws(SealError) in
            _ = try sealed.decrypt(to: destination, with: credentials, progress: progress)
        }
    }
}
