import RampartTrust

extension LabPKI {
    /// A pinned host whose pins are the leaf keys of `scenarios`: by default the good leaf, with
    /// the P-384 leaf as the backup every enforced pin set needs (BoringSSL clients do not offer
    /// P-521 signatures by default, so that is not the backup).
    ///
    /// ```swift
    /// let evaluator = TrustEvaluator(anchors: .only([pki.root.certificate]), pinning: [try pki.leafPins()])
    /// ```
    public func leafPins(for domain: String = LabPKI.hostName, _ scenarios: [LabScenario] = [.good, .p384]) throws
        -> PinnedHost
    {
        try PinnedHost(
            domain: domain,
            pins: scenarios.map { .init(try SPKIPin(certificate: chain($0).leaf.certificate), scope: .leaf) })
    }
}
