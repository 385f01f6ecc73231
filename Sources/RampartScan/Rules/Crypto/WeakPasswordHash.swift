extension ScanRule {
    /// RS-CRYPTO-004: MD5 or SHA-1 (`Insecure.MD5`, `Insecure.SHA1`, `CC_MD5`, `CC_SHA1`) hashes a password or
    /// derives a key; elsewhere (checksums, cache keys) it is reported as low.
    public static let weakPasswordHash = ScanRule(
        id: "RS-CRYPTO-004", title: "MD5/SHA-1 used for passwords or keys",
        severity: .high, masvs: "MASVS-CRYPTO-1", cwe: 328,
        practice: "Passwords are stretched with a slow, salted KDF; integrity uses SHA-256 or better.",
        fix: "Derive from passwords with PBKDF2-HMAC-SHA256 (`CCKeyDerivationPBKDF`, 600,000+ rounds, random salt) "
            + "or scrypt/Argon2; hash with CryptoKit `SHA256`, authenticate with `HMAC<SHA256>`. With Rampart, "
            + "Age's ScryptRecipient derives keys from passphrases.")
}
