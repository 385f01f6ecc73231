import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A URL host as ATS sees it: a DNS name (qualified, unqualified, or under `.local`) or an IP literal.
///
/// ```swift
/// ATSHost("printer.local").isDirect     // true
/// ATSHost("[::1]").kind                 // .ipv6
/// ATSHost("Bücher.Example.").name       // "xn--bcher-kva.example"
/// ```
public struct ATSHost: Sendable, Hashable {
    public enum Kind: String, Sendable, Codable {
        case dnsName, ipv4, ipv6
    }

    /// The host as every comparison sees it: lower case, without brackets or trailing dots, and
    /// an internationalized name's U-labels as A-labels (`bücher.example` → `xn--bcher-kva.example`),
    /// the IDNA mapping Foundation's `URL` applies to hosts. A name IDNA refuses stays as given,
    /// lowercased (it matches no A-label).
    public let name: String
    public let kind: Kind
    /// The address bytes of an IP literal (4 or 16), empty for names.
    public var addressBytes: [UInt8] {
        let count = addressWidth / 8
        return (0..<count).map { index in
            let word = count == 16 && index < 8 ? address.high : address.low
            let shift = 8 * (count == 16 ? 7 - index % 8 : 3 - index)
            return UInt8(truncatingIfNeeded: word >> UInt64(shift))
        }
    }
    /// The address as two words (IPv4 in the low word); zero for names.
    let address: AddressKey
    /// 32 for IPv4, 128 for IPv6, 0 for names.
    let addressWidth: Int
    private let hasDot: Bool

    /// Normalises `raw` (see ``name``): `ATSHost("BÜCHER.Example.").name == "xn--bcher-kva.example"`.
    public init(_ raw: String) {
        var shape = Shape(raw)
        var host = raw
        var changed = false
        if shape.bracketed {
            host = String(host.dropFirst().dropLast())
            changed = true
        }
        if shape.nonASCII, let ascii = Self.aLabels(host) {
            host = ascii
            shape = Shape(host)
            changed = true
        }
        if shape.needsLowercasing {
            host = host.lowercased()
            changed = true
        }
        while host.utf8.count > 1 && host.utf8.last == 0x2E {
            host.removeLast()
            changed = true
        }
        if changed { shape = Shape(host) }
        name = host
        hasDot = shape.hasDot
        if shape.onlyDigitsAndDots, let v4 = Self.parse(host, family: AF_INET, size: 4) {
            kind = .ipv4
            address = v4
            addressWidth = 32
        } else if shape.hasColon, let v6 = Self.parse(host, family: AF_INET6, size: 16) {
            kind = .ipv6
            address = v6
            addressWidth = 128
        } else {
            kind = .dnsName
            address = AddressKey(high: 0, low: 0)
            addressWidth = 0
        }
    }

    /// What one pass over the UTF-8 bytes says about a host string.
    private struct Shape {
        var needsLowercasing = false
        var nonASCII = false
        var bracketed = false
        var trailingDot = false
        var hasDot = false
        var hasColon = false
        var onlyDigitsAndDots = true

        init(_ text: String) {
            var text = text
            self = text.withUTF8 { bytes in
                var shape = Shape()
                for byte in bytes {
                    switch byte {
                    case 0x41...0x5A: shape.needsLowercasing = true
                    case 0x80...:
                        shape.needsLowercasing = true
                        shape.nonASCII = true
                    case 0x2E: shape.hasDot = true
                    case 0x3A: shape.hasColon = true
                    default: break
                    }
                    if byte != 0x2E && !(0x30...0x39).contains(byte) { shape.onlyDigitsAndDots = false }
                }
                shape.bracketed = bytes.count >= 2 && bytes.first == 0x5B && bytes.last == 0x5D
                shape.trailingDot = bytes.count > 1 && bytes.last == 0x2E
                return shape
            }
        }

        private init() {}
    }

    /// An unqualified name (no dot), a `.local` name, or an IP literal: the hosts iOS 10–16 exempt
    /// from ATS (``ATSOSGeneration/ios10``).
    public var isLocal: Bool {
        kind != .dnsName || !hasDot || name.hasSuffix(".local")
    }

    /// What Apple's ATS code calls a direct (local) host, exempt from ATS from iOS 18.4 on unless
    /// `NSAllowsLocalNetworking` is `NO` (``ATSOSGeneration/ios18_4``): an unqualified name, a
    /// `.local` name, or an address on the device's own link: loopback (`127.0.0.0/8`, `::1`),
    /// link-local (`169.254.0.0/16`, `fe80::/10`) or private (`10/8`, `172.16/12`, `192.168/16`,
    /// `fc00::/7`). Public addresses are not direct.
    ///
    /// ```swift
    /// ATSHost("192.168.1.20").isDirect   // true
    /// ATSHost("203.0.113.1").isDirect    // false
    /// ```
    public var isDirect: Bool {
        switch kind {
        case .dnsName: return !hasDot || name.hasSuffix(".local")
        case .ipv4:
            let first = address.low >> 24 & 0xFF
            let second = address.low >> 16 & 0xFF
            return first == 127 || first == 10 || (first == 172 && second & 0xF0 == 16)
                || (first == 192 && second == 168) || (first == 169 && second == 254)
        case .ipv6:
            let first = address.high >> 56
            let second = address.high >> 48 & 0xFF
            let loopback = address.high == 0 && address.low == 1
            return loopback || (first == 0xFE && second & 0xC0 == 0x80) || first & 0xFE == 0xFC
        }
    }

    /// `host`'s labels as A-labels, by Foundation's IDNA (UTS #46, as `URL` converts hosts), or
    /// `nil` when IDNA refuses the name (Foundation then percent-encodes it instead).
    /// Where `URLComponents` percent-encodes a host instead (older Apple Foundations), `URL`'s own
    /// parse of `https://HOST/` is asked, for hosts without a character that would end the host.
    private static func aLabels(_ host: String) -> String? {
        func ascii(_ candidate: String?) -> String? {
            guard let candidate, !candidate.isEmpty, !candidate.contains("%"), candidate.utf8.allSatisfy({ $0 < 0x80 })
            else { return nil }
            return candidate
        }
        var components = URLComponents()
        components.host = host
        if let encoded = ascii(components.encodedHost) { return encoded }
        guard !host.unicodeScalars.contains(where: { $0.value <= 0x20 || "/?#@:[]%\\".unicodeScalars.contains($0) })
        else { return nil }
        return ascii(URL(string: "https://\(host)/")?.host)
    }

    static func parse(_ text: String, family: Int32, size: Int) -> AddressKey? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
            let ok = text.withCString { inet_pton(family, $0, buffer.baseAddress) }
            guard ok == 1 else { return nil }
            var high: UInt64 = 0
            var low: UInt64 = 0
            for index in 0..<size {
                if size == 16 && index < 8 {
                    high = high << 8 | UInt64(buffer[index])
                } else {
                    low = low << 8 | UInt64(buffer[index])
                }
            }
            return AddressKey(high: high, low: low)
        }
    }
}
