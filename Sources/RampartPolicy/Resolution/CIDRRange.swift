/// An IPv4 or IPv6 address range written `address/prefix` (or a single address), as iOS 17 allows
/// for `NSExceptionDomains` keys.
///
/// ```swift
/// let range = CIDRRange("10.0.0.0/8")
/// range?.contains(ATSHost("10.1.2.3"))   // true
/// ```
public struct CIDRRange: Sendable, Hashable {
    /// The network address with the host bits cleared.
    public let network: [UInt8]
    public let prefixLength: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let host = ATSHost(String(parts[0]))
        guard host.kind != .dnsName, host.name == String(parts[0]) else { return nil }
        let bits = host.addressBytes.count * 8
        var length = bits
        if parts.count == 2 {
            guard let parsed = Int(parts[1]), (0...bits).contains(parsed), String(parsed) == parts[1] else {
                return nil
            }
            length = parsed
        }
        prefixLength = length
        network = Self.mask(host.addressBytes, to: length)
    }

    /// The masked network as a fixed-size key (IPv4 in the low word), for allocation-free lookups.
    var key: AddressKey { AddressKey(network) }

    public func contains(_ host: ATSHost) -> Bool {
        host.addressBytes.count == network.count && Self.mask(host.addressBytes, to: prefixLength) == network
    }

    static func mask(_ bytes: [UInt8], to prefix: Int) -> [UInt8] {
        var masked = bytes
        for index in masked.indices {
            let bitsHere = max(0, min(8, prefix - index * 8))
            masked[index] &= bitsHere == 0 ? 0 : UInt8(truncatingIfNeeded: 0xFF << (8 - bitsHere))
        }
        return masked
    }
}

/// An IP address (or masked network) as two words: hashing it allocates nothing.
struct AddressKey: Hashable, Sendable {
    var high: UInt64
    var low: UInt64

    init(_ bytes: [UInt8]) {
        var high: UInt64 = 0
        var low: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
            if bytes.count == 16 && index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        self.high = high
        self.low = low
    }

    /// This address with all but the first `prefix` of its `width` bits cleared.
    func masked(to prefix: Int, width: Int) -> AddressKey {
        if width == 32 {
            let shift = 32 - prefix
            return AddressKey(high: 0, low: shift >= 32 ? 0 : (low >> shift) << shift)
        }
        let highBits = min(prefix, 64)
        let lowBits = max(prefix - 64, 0)
        return AddressKey(
            high: highBits == 0 ? 0 : (high >> (64 - highBits)) << (64 - highBits),
            low: lowBits == 0 ? 0 : (low >> (64 - lowBits)) << (64 - lowBits))
    }

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }
}
