extension ScanRule {
    /// RS-STORAGE-006: a password, token or key is written to the log (`print`, `NSLog`, `os_log`, `Logger`),
    /// which other processes, sysdiagnoses and crash reports collect.
    public static let secretLogged = ScanRule(
        id: "RS-STORAGE-006", title: "Secret written to the log", severity: .medium, masvs: "MASVS-STORAGE-2", cwe: 532,
        practice: "Secrets never reach a log.",
        fix: "Do not log the secret; with `Logger` / `os_log`, interpolate it as `\\(token, privacy: .private)` (or "
            + "`.private(mask: .hash)`) so release builds redact it, and never use `print` / `NSLog` for it. "
            + "Rampart's own errors and reports never carry secrets.")
}
