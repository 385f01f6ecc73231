import Foundation
import RampartCommandLine
import RampartTestSupport
import Testing

@testable import rampart

/// The plain readings of `fetch`, `encrypt` and `decrypt` against ArgumentParser on thousands of
/// generated command lines: spellings, values (good, out of range, empty, dashed, `--name=value`),
/// URLs, `-` and `--`, in any order. Whenever a plain reading accepts a command line,
/// ArgumentParser must accept it too and give the same values; whatever it declines is
/// ArgumentParser's alone, so no command line can mean one thing on one path and another on the
/// other.
@Suite("Plain readings against ArgumentParser on generated command lines")
struct PlainArgumentsDifferentialTests {
    /// Deterministic command lines of 0 to 6 pieces (SplitMix64) drawn from `pieces`, each piece
    /// one or two arguments.
    static func commandLines(from pieces: [[String]], seed: UInt64, count: Int) -> [[String]] {
        var random = SplitMix64(seed: seed)
        func next() -> UInt64 { random.next() }
        return (0..<count).map { _ in
            (0..<Int(next() % 7)).flatMap { _ in pieces[Int(next() % UInt64(pieces.count))] }
        }
    }

    /// Values every option may meet: fitting, out of range, of the wrong kind, empty or dashed.
    static let values = [
        "0", "1", "2.5", "51", "-1", "1e400", "nan", "x", "", "-", "@-", "@file", "a=b", "json", "text", "age",
        "rncryptor", "ios9", "ios18.4", "chrome", "apple", "age1abc", "file.txt", "-o",
    ]

    /// Every spelling alone, followed by each value, and as `--name=value`; each positional
    /// (weighted, as most command lines have one); and arguments that are never plain.
    static func pieces(spellings: [String], positionals: [String]) -> [[String]] {
        var pieces = spellings.map { [$0] }
        for spelling in spellings {
            pieces += values.map { [spelling, $0] }
            if spelling.hasPrefix("--") { pieces += values.map { ["\(spelling)=\($0)"] } }
        }
        let weight = max(1, pieces.count / 8)
        for positional in positionals { pieces += Array(repeating: [positional], count: weight) }
        return pieces + [["-"], ["--"], ["-h"], ["--help"], ["-vL"], ["-ofile"]]
    }

    /// Runs both readings on each command line; the number the plain reading accepted.
    static func compare<Invocation: Equatable>(
        _ lines: [[String]], plain: ([String]) -> Invocation?, parsed: ([String]) throws -> Invocation
    ) -> Int {
        var accepted = 0
        for line in lines {
            guard let read = plain(line) else { continue }
            accepted += 1
            do {
                #expect(read == (try parsed(line)), "\(line)")
            } catch {
                Issue.record("ArgumentParser refused \(line), which the plain reading accepted: \(error)")
            }
        }
        return accepted
    }

    /// A command whose plain reading is checked.
    enum Command: String, CaseIterable, Sendable {
        case fetch, encrypt, decrypt

        /// The number of the 4,000 generated command lines the plain reading accepted.
        func compareGenerated() -> Int {
            switch self {
            case .fetch:
                let positionals = ["https://example.com/", "http://localhost:8080/a", "https://h:70000/", "help"]
                return PlainArgumentsDifferentialTests.compare(
                    generated(FetchInvocation.plainSpellings, positionals, seed: 0xF37C_0030),
                    plain: FetchInvocation.init(plain:), parsed: { try FetchCommand.parse($0).invocation })
            case .encrypt:
                return PlainArgumentsDifferentialTests.compare(
                    generated(EncryptInvocation.plainSpellings, ["in.bin", "b"], seed: 0xE2C0_0030),
                    plain: EncryptInvocation.init(plain:), parsed: { try EncryptCommand.parse($0).invocation })
            case .decrypt:
                return PlainArgumentsDifferentialTests.compare(
                    generated(DecryptInvocation.plainSpellings, ["sealed.age", "b"], seed: 0xDEC0_0030),
                    plain: DecryptInvocation.init(plain:), parsed: { try DecryptCommand.parse($0).invocation })
            }
        }

        private func generated(_ spellings: [String], _ positionals: [String], seed: UInt64) -> [[String]] {
            PlainArgumentsDifferentialTests.commandLines(
                from: PlainArgumentsDifferentialTests.pieces(spellings: spellings, positionals: positionals),
                seed: seed, count: 4000)
        }
    }

    @Test("4,000 generated command lines", arguments: Command.allCases)
    func generated(_ command: Command) {
        let accepted = command.compareGenerated()
        #expect(accepted > 250, "only \(accepted) command lines were plain: the generator proves little")
    }
}
