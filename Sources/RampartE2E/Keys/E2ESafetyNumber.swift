import Crypto
import Foundation

/// A safety number for two public keys: 60 digits in 12 groups of 5, the same whichever side
/// computes it, to read aloud or compare as a QR code. If both people see the same number, each
/// holds the other's real key and no relay swapped one in.
///
/// Each key gives 30 digits: SHA-512 iterated 5200 times over a label, the key's kind and bytes
/// (the iterations make a matching-prefix search expensive), cut into six 5-byte pieces, each
/// taken modulo 100 000. The two halves are put in ascending order, so the order of the keys
/// does not matter.
///
/// ```swift
/// let number = E2ESafetyNumber(alice.publicKey, bob.publicKey)
/// print(number.digits)      // "30341 92218 …" (12 groups)
/// print(number.qrPayload)   // "RAMPART-SN1:30341922…"
/// ```
public struct E2ESafetyNumber: Sendable, Equatable, CustomStringConvertible {
    /// The 60 digits, without spaces.
    public let value: String

    /// The safety number of two public keys (in either order).
    public init(_ first: E2EPublicKey, _ second: E2EPublicKey) {
        let halves = [Self.half(first), Self.half(second)].sorted()
        value = halves.joined()
    }

    /// The digits in 12 groups of 5, separated by spaces, to read aloud.
    public var digits: String {
        stride(from: 0, to: value.count, by: 5).map { offset in
            let start = value.index(value.startIndex, offsetBy: offset)
            return String(value[start..<value.index(start, offsetBy: 5)])
        }.joined(separator: " ")
    }

    /// A string for a QR code: uppercase letters, digits and ':' only (QR's alphanumeric mode).
    public var qrPayload: String { "RAMPART-SN1:" + value }

    public var description: String { digits }

    private static func half(_ key: E2EPublicKey) -> String {
        let input = Data("rampart-e2e/v1 safety number".utf8) + key.typedBytes
        var digest = Data(SHA512.hash(data: input))
        for _ in 1..<5200 { digest = Data(SHA512.hash(data: digest + input)) }
        return (0..<6).map { piece in
            let bytes = digest.dropFirst(piece * 5).prefix(5)
            let number = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } % 100_000
            return String(format: "%05llu", number)
        }.joined()
    }
}
