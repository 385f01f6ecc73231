#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ATSHost {
    /// The IP literal of 4 (IPv4) or 16 (IPv6) address bytes, as a certificate's `iPAddress`
    /// subject alternative name holds it, written as RFC 5952 text (`::1`, `2001:db8::1`,
    /// `127.0.0.1`), so that it compares with hosts read from URLs and `HOST:PORT` text. `nil`
    /// for any other length (a name constraint's address and mask, 8 or 32 bytes, is not a host).
    ///
    /// ```swift
    /// ATSHost(addressBytes: [127, 0, 0, 1])?.name                          // "127.0.0.1"
    /// ATSHost(addressBytes: Array(repeating: 0, count: 15) + [1])?.kind   // .ipv6, name "::1"
    /// ```
    public init?(addressBytes bytes: [UInt8]) {
        let family: Int32
        switch bytes.count {
        case 4: family = AF_INET
        case 16: family = AF_INET6
        default: return nil
        }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let written = bytes.withUnsafeBytes { address in
            inet_ntop(family, address.baseAddress, &text, socklen_t(text.count - 1))
        }
        guard written != nil else { return nil }
        let end = text.firstIndex(of: 0) ?? text.endIndex
        self.init(String(decoding: text[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self))
        guard kind != .dnsName else { return nil }
    }
}
