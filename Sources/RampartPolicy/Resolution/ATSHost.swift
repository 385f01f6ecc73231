import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A URL host as ATS sees it: a DNS name (qualified, unqualified, or under `.local`) or an IP literal.
///
/// ```swift
/// ATSHost("printer.local").isLocal      // true
/// ATSHost("[::1]").kind                 // .ipv6
/// ```
public struct ATSHost: Sendable, Hashable {
    public enum Kind: String, Sendable, Codable {
        case dnsName, ipv4, ipv6
    }

    /// The host lowercased, without brackets or a trailing dot.
    public let name: String
    public let kind: Kind
    /// The address bytes of an IP literal (4 or 16), empty for names.
    public let addressBytes: [UInt8]

    public init(_ raw: String) {
        var host = raw.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A || $0 >= 0x80 }) ? raw.lowercased() : raw
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        name = host
        // Only strings made of digits and dots can be IPv4 literals; only those with a colon IPv6.
        let maybeV4 = host.utf8.allSatisfy { $0 == 0x2E || ($0 >= 0x30 && $0 <= 0x39) }
        if maybeV4, let v4 = Self.parse(host, family: AF_INET, size: 4) {
            kind = .ipv4
            addressBytes = v4
        } else if host.utf8.contains(0x3A), let v6 = Self.parse(host, family: AF_INET6, size: 16) {
            kind = .ipv6
            addressBytes = v6
        } else {
            kind = .dnsName
            addressBytes = []
        }
    }

    /// An unqualified name (no dot), a `.local` name, or an IP literal: what ATS calls local.
    public var isLocal: Bool {
        kind != .dnsName || !name.utf8.contains(0x2E) || name.hasSuffix(".local")
    }

    static func parse(_ text: String, family: Int32, size: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 16)
        let ok = text.withCString { pointer in
            buffer.withUnsafeMutableBytes { inet_pton(family, pointer, $0.baseAddress) }
        }
        return ok == 1 ? Array(buffer.prefix(size)) : nil
    }
}
