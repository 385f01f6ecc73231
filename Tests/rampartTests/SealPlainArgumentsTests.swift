import Foundation
import RampartCommandLine
import Testing

@testable import rampart

/// `rampart encrypt` and `decrypt`'s plain readings (``EncryptInvocation/init(plain:)``,
/// ``DecryptInvocation/init(plain:)``), held to ArgumentParser's parse of the same command line:
/// every option gives the same values, and every command line they are not sure of is left to
/// ArgumentParser.
@Suite("encrypt and decrypt's plain readings agree with ArgumentParser")
struct SealPlainArgumentsTests {
    static let recipient = ["-r", "age1qyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqs3290gq"]

    /// For each of encrypt's options: a value (nil for a flag) and the options its checks need.
    static let encryptSamples: [String: (value: String?, companions: [String])] = [
        "--format": ("rncryptor", ["--passphrase-file", "pw.txt", "-o", "out"]),
        "-r": ("age1abc", ["-o", "out"]), "--recipient": ("age1pq1abc", ["-o", "out"]),
        "-R": ("team.txt", ["-o", "out"]), "--recipients-file": ("keys/team.txt", ["-o", "out"]),
        "--work-factor": ("12", ["--passphrase-env", "PW", "-o", "out"]),
        "-a": (nil, recipient), "--armor": (nil, recipient),
        "-o": ("secret.age", recipient), "--output": ("out/secret.age", recipient),
        "--force": (nil, recipient + ["-o", "out"]),
        "--passphrase-file": ("pw.txt", ["-o", "out"]), "--passphrase-env": ("RAMPART_PW", ["-o", "out"]),
        "-p": (nil, ["-o", "out"]), "--passphrase": (nil, ["-o", "out"]),
    ]

    /// encrypt's options whose companions alone are no valid command line (the option is the
    /// recipient or the passphrase): the options that stand in for it when it is left out.
    static let encryptAbsent: [String: [String]] = [
        "-r": ["-p", "-o", "out"], "--recipient": ["-p", "-o", "out"], "-R": ["-p", "-o", "out"],
        "--recipients-file": ["-p", "-o", "out"], "--passphrase-file": recipient + ["-o", "out"],
        "--passphrase-env": recipient + ["-o", "out"], "-p": recipient + ["-o", "out"],
        "--passphrase": recipient + ["-o", "out"],
    ]

    /// For each of decrypt's options: a value (nil for a flag) and the options its checks need.
    static let decryptSamples: [String: (value: String?, companions: [String])] = [
        "--format": ("age", ["-i", "key.txt"]), "-i": ("key.txt", []), "--identity": ("keys/id.txt", []),
        "-o": ("plain.txt", ["-i", "k"]), "--output": ("out/plain.txt", ["-i", "k"]), "--force": (nil, ["-i", "k"]),
        "--passphrase-file": ("pw.txt", []), "--passphrase-env": ("RAMPART_PW", []), "-p": (nil, []),
        "--passphrase": (nil, []),
    ]

    /// decrypt's options that are its identity or passphrase: the options that stand in for each
    /// when it is left out.
    static let decryptAbsent: [String: [String]] = [
        "-i": ["-p"], "--identity": ["-p"], "--passphrase-file": ["-i", "k"], "--passphrase-env": ["-i", "k"],
        "-p": ["-i", "k"], "--passphrase": ["-i", "k"],
    ]

    /// Checks each declared option of `subcommand`, in each spelling and form, against ArgumentParser.
    static func checkEveryOption<Invocation: Equatable>(
        _ subcommand: String, plainSpellings: [String],
        samples: [String: (value: String?, companions: [String])], absent: [String: [String]],
        plain: ([String]) -> Invocation?, parsed: ([String]) throws -> Invocation
    ) async throws {
        let declared = try await DeclaredSpellings.of(subcommand)
        #expect(Set(plainSpellings) == Set(declared.options + declared.flags))
        for name in declared.options + declared.flags {
            let sample = try #require(samples[name], "a sample for \(subcommand) \(name)")
            var forms = [[name] + (sample.value.map { [$0] } ?? [])]
            if let value = sample.value, name.hasPrefix("--") { forms.append(["\(name)=\(value)"]) }
            for form in forms {
                for input in [[], ["in.bin"]] {
                    let arguments = input + form + sample.companions
                    let read = try #require(plain(arguments), "\(subcommand) \(arguments)")
                    #expect(read == (try parsed(arguments)), "\(subcommand) \(arguments)")
                    // A sample that is the option's default could not show an option left unread:
                    // every option is compared with a valid command line without it.
                    let without = try parsed((absent[name] ?? sample.companions) + input)
                    #expect(read != without, "\(arguments) changed nothing")
                }
            }
        }
    }

    @Test("every option and flag ArgumentParser declares for encrypt, in every spelling, reads the same")
    func encryptOptions() async throws {
        try await Self.checkEveryOption(
            "encrypt", plainSpellings: EncryptInvocation.plainSpellings, samples: Self.encryptSamples,
            absent: Self.encryptAbsent,
            plain: EncryptInvocation.init(plain:), parsed: { try EncryptCommand.parse($0).invocation })
    }

    @Test("every option and flag ArgumentParser declares for decrypt, in every spelling, reads the same")
    func decryptOptions() async throws {
        try await Self.checkEveryOption(
            "decrypt", plainSpellings: DecryptInvocation.plainSpellings, samples: Self.decryptSamples,
            absent: Self.decryptAbsent,
            plain: DecryptInvocation.init(plain:), parsed: { try DecryptCommand.parse($0).invocation })
    }

    @Test("repeated recipients and identities keep their order across spellings")
    func repeated() throws {
        let encrypt = ["-r", "age1a", "--recipient=age1b", "-R", "f1", "--recipients-file", "f2", "-r", "age1c", "-a"]
        #expect(EncryptInvocation(plain: encrypt) == (try EncryptCommand.parse(encrypt).invocation))
        #expect(EncryptInvocation(plain: encrypt)?.recipients == ["age1a", "age1b", "age1c"])
        let decrypt = ["-i", "a", "--identity", "b", "--identity=c", "sealed.age", "-o", "plain"]
        #expect(DecryptInvocation(plain: decrypt) == (try DecryptCommand.parse(decrypt).invocation))
        #expect(DecryptInvocation(plain: decrypt)?.identityFiles == ["a", "b", "c"])
    }

    @Test(
        "encrypt command lines the plain reading is not sure of are left to ArgumentParser",
        arguments: [
            ["-o", "out"],  // neither recipients nor a passphrase: validate() refuses
            recipient + ["-o", "out", "-"],  // "-" for standard input
            recipient + ["-o", "out", "a", "b"],  // two inputs
            recipient + ["--passphrase-file", "pw", "-o", "out"],  // both
            ["--passphrase-file", "a", "--passphrase-env", "B", "-o", "out"],  // two ways
            recipient + ["--format", "zip", "-o", "out"], recipient + ["--work-factor", "9", "-o", "out"],
            recipient + ["--work-factor", "x", "-o", "out"], recipient + ["-ao", "out"], recipient + ["--help"],
            recipient + ["-o", "a", "--output", "b"], ["--format", "rncryptor", "-p", "-a", "-o", "out"],
        ])
    func encryptDeclined(_ arguments: [String]) {
        #expect(EncryptInvocation(plain: arguments) == nil, "\(arguments)")
    }

    @Test(
        "decrypt command lines the plain reading is not sure of are left to ArgumentParser",
        arguments: [
            [], ["-o", "out"], ["-i", "k", "-"], ["-i", "k", "a", "b"], ["-i", "k", "--format", "gpg"],
            ["-p", "-p"], ["-i", "k", "--identity"], ["-i", "k", "-o", "a", "-o", "b"], ["-i", "k\u{10FE80}"],
        ])
    func decryptDeclined(_ arguments: [String]) {
        #expect(DecryptInvocation(plain: arguments) == nil, "\(arguments)")
    }
}
