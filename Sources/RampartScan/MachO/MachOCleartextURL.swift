import RampartPolicy

/// `http://` URLs among a binary's C strings: medium (a string in a binary may be a request's URL or
/// only a link shown to the user), info for loopback hosts, and none for XML namespaces and DTDs, which
/// are identifiers that nothing fetches.
///
/// ```swift
/// let findings = MachOCleartextURL.findings(strings: slice.strings, binary: "App", path: "App")
/// ```
enum MachOCleartextURL {
    static func findings(strings: [MachOSlice.CString], binary: String, path: String) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        for string in strings where string.section != "__TEXT,__objc_methname" {
            for url in urls(in: string.value) {
                let kind = CleartextURL.kind(of: url)
                if kind == .identifier { continue }
                let isLoopback = kind == .loopback
                findings.append(
                    ScanFinding(
                        rule: .cleartextHTTPURL, path: path, line: 0, column: 0,
                        message: "\(binary) holds the cleartext URL \(CleartextURL.shown(url))"
                            + (isLoopback ? " (a loopback host)" : ""),
                        severity: isLoopback ? .info : .medium))
            }
        }
        return findings
    }

    /// The `http://…` tokens of a string (case-insensitive scheme), each up to white space or a quote;
    /// a bare `http://` with nothing after it is no URL.
    static func urls(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: "http://", options: .caseInsensitive) {
            let token = rest[range.lowerBound...].prefix { !$0.isWhitespace && !"\"'<>`".contains($0) }
            if token.count > "http://".count { found.append(String(token)) }
            rest = rest[range.upperBound...]
        }
        return found
    }
}
