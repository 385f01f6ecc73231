/// BIP-173 Bech32 (not Bech32m) as age uses it: no length limit, all-lowercase or all-uppercase,
/// checksum computed over the lowercase form.
///
/// ```swift
/// let text = Bech32.encode(humanReadablePart: "age", data: publicKeyBytes)     // "age1…"
/// let (hrp, bytes) = try Bech32.decode(text)
/// ```
package enum Bech32 {
    private static let alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
    private static let reverse: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (index, character) in alphabet.enumerated() { table[Int(character)] = Int8(index) }
        return table
    }()

    /// Why a string is not valid Bech32.
    package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case mixedCase
        case missingSeparator
        case invalidCharacter(Character, offset: Int)
        case badChecksum
        case badPadding

        package var description: String {
            switch self {
            case .mixedCase: return "mixes upper- and lowercase letters"
            case .missingSeparator: return "has no '1' separator with at least 6 characters after it"
            case .invalidCharacter(let character, let offset):
                return "has the character '\(character)' at offset \(offset), which Bech32 does not use"
            case .badChecksum: return "has a wrong checksum (a typo, or a truncated copy)"
            case .badPadding: return "has non-zero padding bits"
            }
        }
    }

    private static func polymod(_ values: [UInt8]) -> UInt32 {
        let generator: [UInt32] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3]
        var check: UInt32 = 1
        for value in values {
            let top = check >> 25
            check = (check & 0x1ff_ffff) << 5 ^ UInt32(value)
            for bit in 0..<5 where (top >> UInt32(bit)) & 1 == 1 { check ^= generator[bit] }
        }
        return check
    }

    private static func expand(_ hrp: [UInt8]) -> [UInt8] {
        hrp.map { $0 >> 5 } + [0] + hrp.map { $0 & 31 }
    }

    private static func regroup(_ data: some Collection<UInt8>, from: Int, to: Int, pad: Bool) -> [UInt8]? {
        var accumulator = 0
        var bits = 0
        var result: [UInt8] = []
        result.reserveCapacity(data.count * from / to + 1)
        let mask = (1 << to) - 1
        for value in data {
            accumulator = (accumulator << from) | Int(value)
            bits += from
            while bits >= to {
                bits -= to
                result.append(UInt8((accumulator >> bits) & mask))
            }
        }
        if pad {
            if bits > 0 { result.append(UInt8((accumulator << (to - bits)) & mask)) }
        } else if bits >= from || (accumulator << (to - bits)) & mask != 0 {
            return nil
        }
        return result
    }

    /// Encodes `data` under `humanReadablePart`; the result is lowercase unless the part is uppercase.
    package static func encode(humanReadablePart: String, data: some Collection<UInt8>) -> String {
        let upper =
            humanReadablePart.uppercased() == humanReadablePart && humanReadablePart.lowercased() != humanReadablePart
        let hrp = Array(humanReadablePart.lowercased().utf8)
        let values = regroup(data, from: 8, to: 5, pad: true) ?? []
        let check = polymod(expand(hrp) + values + [0, 0, 0, 0, 0, 0]) ^ 1
        var characters = hrp + [UInt8(ascii: "1")] + values.map { alphabet[Int($0)] }
        for index in 0..<6 { characters.append(alphabet[Int((check >> UInt32(5 * (5 - index))) & 31)]) }
        let text = String(decoding: characters, as: UTF8.self)
        return upper ? text.uppercased() : text
    }

    /// Decodes `text`, returning its human-readable part (lowercased) and its data bytes.
    package static func decode(_ text: String) throws(Failure) -> (humanReadablePart: String, data: [UInt8]) {
        let bytes = Array(text.utf8)
        let hasLower = bytes.contains { $0 >= 0x61 && $0 <= 0x7a }
        let hasUpper = bytes.contains { $0 >= 0x41 && $0 <= 0x5a }
        if hasLower && hasUpper { throw .mixedCase }
        let lowered = bytes.map { $0 >= 0x41 && $0 <= 0x5a ? $0 + 32 : $0 }
        guard let separator = lowered.lastIndex(of: UInt8(ascii: "1")), separator >= 1,
            lowered.count - separator - 1 >= 6
        else { throw .missingSeparator }
        for (offset, character) in lowered.enumerated() where character < 33 || character > 126 {
            throw .invalidCharacter(Character(Unicode.Scalar(bytes[offset])), offset: offset)
        }
        var values: [UInt8] = []
        values.reserveCapacity(lowered.count - separator - 1)
        for offset in (separator + 1)..<lowered.count {
            let character = lowered[offset]
            let value = character < 128 ? reverse[Int(character)] : -1
            guard value >= 0 else { throw .invalidCharacter(Character(Unicode.Scalar(bytes[offset])), offset: offset) }
            values.append(UInt8(value))
        }
        let hrp = Array(lowered[..<separator])
        guard polymod(expand(hrp) + values) == 1 else { throw .badChecksum }
        guard let data = regroup(values.dropLast(6), from: 5, to: 8, pad: false) else { throw .badPadding }
        return (String(decoding: hrp, as: UTF8.self), data)
    }
}
