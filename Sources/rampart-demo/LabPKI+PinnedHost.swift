import RampartTestKit
import RampartTrust

extension LabPKI {
    /// The pins the demo's clients set for the lab host: the good leaf's key and, as the backup, the
    /// P-384 leaf's key. A chain from any other key (the intercepting proxy's rogue leaf) is refused.
    ///
    /// ```swift
    /// configuration.pinning = [try pki.pinnedLabHost()]
    /// ```
    func pinnedLabHost() throws -> PinnedHost {
        try PinnedHost(
            domain: LabPKI.hostName,
            pins: [
                .init(try SPKIPin(certificate: chain(.good).leaf.certificate), scope: .leaf),
                .init(try SPKIPin(certificate: chain(.p384).leaf.certificate), scope: .leaf),
            ])
    }
}
