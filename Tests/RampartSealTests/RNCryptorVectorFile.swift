import Foundation
import RampartIO
import RampartSeal

/// One record of an official RNCryptor-Spec v3 vector file (`kdf`, `key` or `password`).
struct RNCryptorVector: CustomStringConvertible, Sendable {
    let fields: [String: String]

    var description: String { fields["title"] ?? "untitled" }

    /// A text field, or `""` when absent.
    func text(_ name: String) -> String { fields[name] ?? "" }

    /// A `*_hex` field decoded (whitespace removed first); empty when absent.
    func bytes(_ name: String) -> Data { Self.decodeHex(text(name)) }

    static let folder: URL? = Bundle.module.url(
        forResource: "rncryptor", withExtension: nil, subdirectory: "Fixtures")

    /// Every record of the vector file `name`, in file order.
    static func load(_ name: String) -> [RNCryptorVector] {
        guard let url = folder?.appendingPathComponent(name), let raw = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        var records: [RNCryptorVector] = []
        var current: [String: String] = [:]
        func close() {
            if !current.isEmpty { records.append(RNCryptorVector(fields: current)) }
            current = [:]
        }
        for line in raw.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                close()
                continue
            }
            if trimmed.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            current[name] = value
        }
        close()
        return records
    }

    static func decodeHex(_ text: String) -> Data {
        let digits = Array(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) })
        var bytes = Data(capacity: digits.count / 2)
        var index = 0
        while index + 1 < digits.count {
            let pair = String(digits[index]) + String(digits[index + 1])
            bytes.append(UInt8(pair, radix: 16) ?? 0)
            index += 2
        }
        return bytes
    }
}

/// A ``ByteSource`` that hands out at most `limit` bytes per read, whatever is asked.
struct RNCryptorTrickleSource: ByteSource {
    var inner: DataSource
    let limit: Int

    init(_ data: Data, limit: Int) {
        inner = DataSource(data)
        self.limit = limit
    }

    mutating func read(upTo count: Int) -> Data {
        inner.read(upTo: min(count, limit))
    }
}

/// The class of a ``SealError``, for comparing failures without their messages.
enum RNCryptorFailureClass: String, Sendable {
    case wrongCredentials, authenticationFailed, truncated, malformed, unrecognizedFormat, invalidParameter, io

    /// Any class this suite does not expect from RNCryptor.
    case other

    init(_ error: SealError) {
        // The case name, read by reflection so that cases added to `SealError` later still compile.
        let name = Mirror(reflecting: error).children.first?.label ?? ""
        self = RNCryptorFailureClass(rawValue: name) ?? .other
    }

    /// The class `body` fails with, or `nil` when it succeeds.
    static func of(_ body: () throws(SealError) -> Void) -> RNCryptorFailureClass? {
        do {
            try body()
            return nil
        } catch {
            return RNCryptorFailureClass(error)
        }
    }
}
