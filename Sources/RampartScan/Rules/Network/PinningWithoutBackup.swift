extension ScanRule {
    /// RS-NET-007: a pin set (Alamofire `PinnedCertificatesTrustEvaluator` / `PublicKeysTrustEvaluator`, TrustKit
    /// `kTSKPublicKeyHashes`, NSPinnedDomains, Rampart `PinnedHost`) holds a single pin, so a key rotation or a
    /// lost key locks every user out.
    public static let pinningWithoutBackup = ScanRule(
        id: "RS-NET-007", title: "Pinning without a backup pin", severity: .medium, masvs: "MASVS-NETWORK-2", cwe: 295,
        practice: "Every pinned domain has at least two pins: the key in use and a backup key kept offline.",
        fix: "Pin the SPKI hash of the current key and of a backup key (or of two CAs); on iOS 14+, "
            + "`NSPinnedDomains` in Info.plist with two `NSPinnedLeafIdentities` entries. With Rampart, PinnedHost "
            + "takes several SPKIPin values, `rampart pin show` prints a server's pins and `rampart pin verify` checks "
            + "them against the live server.")
}
