import X509

/// What a ``LabProxy`` does with each `CONNECT` it accepts.
///
/// ```swift
/// let pki = try LabPKI.shared()
/// let honest = LabProxyMode.tunnel
/// let mitm = LabProxyMode.intercept(presenting: try pki.chain(.rogue), upstreamRoots: [pki.root.certificate])
/// let firewall = LabProxyMode.refuse(status: 403)
/// ```
public enum LabProxyMode: Sendable {
    /// An honest proxy: answers `200 Connection Established` and relays the raw bytes (the client's
    /// TLS goes end to end).
    case tunnel
    /// A TLS-intercepting ("corporate") proxy: terminates the client's TLS with `presenting` (for
    /// example ``LabScenario/rogue``), opens its own TLS connection to the target trusting only
    /// `upstreamRoots`, and relays — and records — the decrypted bytes.
    case intercept(presenting: LabChain, upstreamRoots: [Certificate])
    /// A proxy that answers every `CONNECT` with `status` (for example 403) and closes.
    case refuse(status: Int)
}
