import ArgumentParser
import Foundation
import RampartIO
import RampartSeal

/// What one `rampart encrypt` was asked to do, checked and run: the values of ``EncryptCommand``'s
/// options, read by ArgumentParser or, for the plain command lines, by ``init(plain:)`` without
/// ArgumentParser's start-up cost. Each property is the option of the same name in
/// ``EncryptCommand``, with the same default.
///
/// ```swift
/// var encrypt = EncryptInvocation(recipients: ["age1…"], output: "secret.age", input: "secret.txt")
/// try encrypt.validate()
/// try encrypt.run()
/// ```
struct EncryptInvocation: Equatable {
    var format: SealFormat = .age
    var recipients: [String] = []
    var recipientFiles: [String] = []
    var passphrase = PassphraseInput()
    var workFactor: Int = 18
    var armor: Bool = false
    var output: String? = nil
    var force: Bool = false
    var input: String? = nil

    func validate() throws {
        let hasRecipients = !recipients.isEmpty || !recipientFiles.isEmpty
        switch format {
        case .age:
            if hasRecipients && passphrase.isGiven {
                throw ValidationError(
                    "age files take recipients or a passphrase, not both (the spec keeps scrypt alone)")
            }
            if !hasRecipients && !passphrase.isGiven {
                throw ValidationError("give -r RECIPIENT, -R FILE, --passphrase-file FILE, --passphrase-env NAME or -p")
            }
            if !(10...ScryptIdentity.workFactorCeiling).contains(workFactor) {
                throw ValidationError("--work-factor must be from 10 to \(ScryptIdentity.workFactorCeiling)")
            }
        case .rncryptor:
            if hasRecipients || armor {
                throw ValidationError("RNCryptor is password-based here: -r, -R and -a are for age")
            }
            if !passphrase.isGiven {
                throw ValidationError("RNCryptor needs --passphrase-file FILE, --passphrase-env NAME or -p")
            }
        }
        if (output == nil || output == "-") && !armor && format == .age && isatty(STDOUT_FILENO) == 1 {
            throw ValidationError("refusing to write binary age output to a terminal; use -a or -o FILE")
        }
    }

    /// A `-r` recipient; one that does not parse is bad data (65), as in a `-R` file.
    static func recipient(_ text: String) throws -> any AgeRecipient {
        do throws(SealError) {
            return try AgeKeyFile.recipient(text)
        } catch {
            throw CommandFailure(
                "-r: not an age recipient (\(ControlCharacterEscaping.sanitized(error.description))); "
                    + "give an age1… or age1pq1… recipient, as printed by rampart keygen -y",
                status: .dataError)
        }
    }

    func run() throws {
        let destination = try SealInput.destination(output, input: input, force: force)
        let secret = try passphrase.read(confirm: true)
        var ageRecipients: [any AgeRecipient] = []
        for text in recipients { ageRecipients.append(try Self.recipient(text)) }
        try SealFailure.run { () throws(SealError) in
            for file in recipientFiles { ageRecipients += try AgeKeyFile.recipients(atPath: file) }
            if let secret, format == .age {
                ageRecipients.append(try ScryptRecipient(passphrase: secret, workFactor: workFactor))
            }
        }
        let source = try SealInput.open(input)
        let meter = ProgressMeter(total: source.size)
        defer { meter?.finish() }
        let progress = meter?.callback
        var reader = source
        try SealFailure.run { () throws(SealError) in
            try destination.write { (sink: inout any ByteSink<IOError>) throws(SealError) in
                switch format {
                case .age:
                    try Age.encrypt(
                        from: &reader, to: &sink, recipients: ageRecipients, armored: armor, progress: progress)
                case .rncryptor:
                    try RNCryptor.encrypt(from: &reader, to: &sink, password: secret ?? "", chunkSize: 1 << 18)
                }
            }
        }
    }
}
