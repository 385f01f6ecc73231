/// API keys and tokens with a known prefix (``KnownSecrets``) among a binary's C strings. The message shows the
/// kind of key and only a few characters of its start: a report must not spread the secret further.
///
/// ```swift
/// let findings = MachOHardCodedSecret.findings(strings: slice.strings, binary: "App", path: "App")
/// ```
enum MachOHardCodedSecret {
    static func findings(strings: [MachOSlice.CString], binary: String, path: String) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        for string in strings where string.section != "__TEXT,__objc_methname" {
            for (kind, secret) in KnownSecrets.secrets(in: string.value) {
                findings.append(
                    ScanFinding(
                        rule: .hardCodedSecret, path: path, line: 0, column: 0,
                        message: "\(binary) holds a hard-coded \(kind) (\(KnownSecrets.redacted(secret)))"))
            }
        }
        return findings
    }
}
