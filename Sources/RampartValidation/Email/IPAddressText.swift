// IPv4 and IPv6 text forms for address literals (RFC 5321 4.1.3), checked on bytes.

enum IPAddressText {
    /// Four decimal octets 0–255 (`Snum` allows up to three digits each).
    static func isIPv4(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var octets = 0
        var digits = 0
        var value = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, octets < 3 else { return false }
                octets += 1
                digits = 0
                value = 0
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                digits += 1
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                guard digits <= 3, value <= 255 else { return false }
            } else {
                return false
            }
        }
        return octets == 3 && digits > 0
    }

    /// RFC 5321 4.1.3 `IPv6-addr`: eight groups of 1–4 hex digits, or at most six around one `::`
    /// (which stands for two groups or more), an IPv4 tail counting as two.
    static func isIPv6(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard count >= 2 else { return false }
        var groups = 0
        var sawDoubleColon = false
        var index = 0
        if bytes[0] == UInt8(ascii: ":") {
            guard bytes[1] == UInt8(ascii: ":") else { return false }
            sawDoubleColon = true
            index = 2
            if index == count { return true }
        }
        while index < count {
            // A group, or an IPv4 tail.
            var end = index
            var hexDigits = 0
            while end < count, bytes[end] != UInt8(ascii: ":") {
                if bytes[end] == UInt8(ascii: ".") {
                    guard groups + 2 <= (sawDoubleColon ? 6 : 8) else { return false }
                    guard isIPv4(UnsafeBufferPointer(rebasing: bytes[index..<count])) else { return false }
                    groups += 2
                    return sawDoubleColon || groups == 8
                }
                guard isHex(bytes[end]) else { return false }
                hexDigits += 1
                end += 1
            }
            guard (1...4).contains(hexDigits) else { return false }
            groups += 1
            index = end
            if index == count { break }
            index += 1  // ':'
            if index < count, bytes[index] == UInt8(ascii: ":") {
                guard !sawDoubleColon else { return false }
                sawDoubleColon = true
                index += 1
                if index == count { break }
            } else if index == count {
                return false  // a single trailing colon
            }
        }
        return sawDoubleColon ? groups <= 6 : groups == 8
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default: false
        }
    }
}
