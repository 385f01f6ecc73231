extension ScanRule {
    /// RS-CRYPTO-005: PBKDF2 runs fewer than 10,000 rounds (high: under RNCryptor v3's count), or fewer than
    /// 600,000 with HMAC-SHA256 (info: OWASP's current advice).
    public static let weakPBKDF2Iterations = ScanRule(
        id: "RS-CRYPTO-005", title: "PBKDF2 with too few iterations",
        severity: .high, masvs: "MASVS-CRYPTO-1", cwe: 916,
        practice: "Password-based keys are derived with enough work to make guessing slow.",
        fix: "Pass at least 600,000 rounds with `kCCPRFHmacAlgSHA256` to `CCKeyDerivationPBKDF` (210,000 with "
            + "SHA-512), or a memory-hard KDF; use a random 16-byte salt from `SecRandomCopyBytes`. With Rampart, "
            + "Age's ScryptRecipient (scrypt, work factor 2^18) replaces a hand-tuned PBKDF2.")
}
