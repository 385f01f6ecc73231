import Foundation
import RampartSeal
import RampartTestKit
import RampartTestSupport

/// One CCTV age testkit file: its expectations and the age file it holds.
struct AgeVector: CustomStringConvertible, Sendable {
    enum Expectation: String, Sendable {
        case success
        case noMatch = "no match"
        case hmacFailure = "HMAC failure"
        case headerFailure = "header failure"
        case payloadFailure = "payload failure"
        case armorFailure = "armor failure"
    }

    let name: String
    let expectation: Expectation
    let payloadSHA256: String?
    let identities: [String]
    let passphrases: [String]
    let compressed: Bool
    let file: Data

    var description: String { name }
    /// Uses the post-quantum hybrid (`mlkem768x25519`) recipient.
    var isPostQuantum: Bool { identities.contains { $0.hasPrefix("AGE-SECRET-KEY-PQ-") } }

    static let folder: URL? = Bundle.module.url(forResource: "age", withExtension: nil, subdirectory: "Fixtures")

    /// Every vector file's name (the README and ORIGIN notes excluded).
    static let names: [String] = {
        guard let folder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasSuffix(".md") }.sorted()
    }()

    enum LoadError: Error, CustomStringConvertible {
        case missing(String)
        case malformed(String)
        case inflate(String)
        var description: String {
            switch self {
            case .missing(let name): return "fixture \(name) is missing from Tests/RampartSealTests/Fixtures/age"
            case .malformed(let name): return "fixture \(name) has no header/body separator"
            case .inflate(let detail): return "could not inflate a zlib body with python3: \(detail)"
            }
        }
    }

    static func load(_ name: String) async throws -> AgeVector {
        guard let url = folder?.appendingPathComponent(name), let raw = try? Data(contentsOf: url) else {
            throw LoadError.missing(name)
        }
        guard let split = raw.firstRange(of: Data("\n\n".utf8)) else { throw LoadError.malformed(name) }
        let header = String(decoding: raw[..<split.lowerBound], as: UTF8.self)
        var fields: [(String, String)] = []
        for line in header.split(separator: "\n") {
            guard let colon = line.firstRange(of: ": ") else { continue }
            fields.append((String(line[..<colon.lowerBound]), String(line[colon.upperBound...])))
        }
        func values(_ key: String) -> [String] { fields.filter { $0.0 == key }.map(\.1) }
        let compressed = values("compressed").first == "zlib"
        var body = Data(raw[split.upperBound...])
        if compressed { body = try await inflate(body) }
        return AgeVector(
            name: name,
            expectation: Expectation(rawValue: values("expect").first ?? "") ?? .headerFailure,
            payloadSHA256: values("payload").first,
            identities: values("identity"),
            passphrases: values("passphrase"),
            compressed: compressed,
            file: body)
    }

    /// Inflates a zlib stream with the system's Python (Foundation on Linux has no zlib API).
    private static func inflate(_ data: Data) async throws -> Data {
        let script = "import sys, zlib; sys.stdout.buffer.write(zlib.decompress(sys.stdin.buffer.read()))"
        let result = try await PeerProcess.runAsync("python3", ["-c", script], input: data)
        guard result.exitCode == 0 else { throw LoadError.inflate(result.standardErrorText) }
        return result.standardOutput
    }

    /// The identities the vector names, in Rampart's types.
    func rampartIdentities() throws -> [any AgeIdentity] {
        var identities: [any AgeIdentity] = try identities.map { try AgeKeyFile.identity($0) }
        identities += passphrases.map { ScryptIdentity(passphrase: $0) }
        return identities
    }
}
