extension ScanRule {
    /// RS-CRYPTO-006: `rand`, `random`, `srand` or `drand48` produce a key, IV, salt or token; they are
    /// predictable.
    public static let insecureRandom = ScanRule(
        id: "RS-CRYPTO-006", title: "Insecure random generator used for keys, IVs or tokens",
        severity: .high, masvs: "MASVS-CRYPTO-1", cwe: 338,
        practice: "Keys, IVs, salts and tokens come from the system's cryptographic generator.",
        fix: "Use `SecRandomCopyBytes(kSecRandomDefault, count, &bytes)`, CryptoKit `SymmetricKey(size:)`, "
            + "`SystemRandomNumberGenerator` (`UInt8.random(in:using:)`) or `arc4random_buf`. With Rampart, "
            + "Age.encrypt and RNCryptor.encrypt draw their own randomness.")
}
