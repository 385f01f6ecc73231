extension ScanRule {
    /// RS-CRYPTO-007: an API key, token or private key is written in the code (a known prefix such as `AKIA`,
    /// `ghp_`, `sk_live_`, `AIza`, a PEM private key, a JWT, or a high-entropy literal assigned to a name like
    /// `apiKey`).
    public static let hardCodedSecret = ScanRule(
        id: "RS-CRYPTO-007", title: "Hard-coded API key or token", severity: .high, masvs: "MASVS-STORAGE-1", cwe: 798,
        practice: "Credentials are not shipped in the app: the binary's strings are public.",
        fix: "Keep server secrets on a server and give the app short-lived tokens (OAuth via "
            + "`ASWebAuthenticationSession`); keep per-user tokens in the keychain (`SecItemAdd`); rotate the key "
            + "that was committed. With Rampart, Vault stores tokens on the device.")
}
