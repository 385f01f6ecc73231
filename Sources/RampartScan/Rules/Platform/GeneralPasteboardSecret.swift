extension ScanRule {
    /// RS-PLATFORM-004: a password, token or key is written to `UIPasteboard.general`, which every app (and
    /// Universal Clipboard on the user's other devices) can read.
    public static let generalPasteboardSecret = ScanRule(
        id: "RS-PLATFORM-004", title: "Sensitive data copied to the general pasteboard",
        severity: .medium, masvs: "MASVS-PLATFORM-1", cwe: 200,
        practice: "Secrets are not placed on the shared pasteboard, or only locally and for a short time.",
        fix: "Avoid copying secrets; where the user asks for it, use `UIPasteboard.general.setItems(_:options:)` "
            + "with `.localOnly: true` and `.expirationDate`, and mark text fields `isSecureTextEntry` / "
            + "`textContentType = .password`.")
}
