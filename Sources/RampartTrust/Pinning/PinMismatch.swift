/// A pin failure, laid out like OkHttp's message so that the right pin can be copied.
public struct PinMismatch: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    /// The pinned-domain entries that applied.
    public var entries: [PinnedHost]
    /// Their domains.
    public var pinnedDomains: [String] { entries.map(\.domain) }
    /// The pins the configuration expected (public-key pins as `sha256/…`).
    public var expected: [String]
    /// The validated chain, leaf first: subject and pin.
    public var served: [ServedPin]

    public struct ServedPin: Sendable, Hashable {
        public var subject: String
        public var pin: SPKIPin
    }

    public var description: String {
        var lines = ["Certificate pinning failure!", "  Peer certificate chain:"]
        lines += served.map { "    \($0.pin): \($0.subject)" }
        lines.append("  Pinned certificates for \(host):")
        lines += expected.map { "    \($0)" }
        return lines.joined(separator: "\n")
    }
}
