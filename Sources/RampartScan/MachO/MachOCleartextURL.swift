import RampartPolicy

/// `http://` URLs among a binary's C strings: medium (a string in a binary may be a request's URL or
/// only a link shown to the user), info for loopback hosts, and none for XML namespaces and DTDs, which
/// are identifiers that nothing fetches.
///
/// ```swift
/// let findings = MachOCleartextURL.findings(strings: slice.strings, binary: "App", path: "App")
/// ```
enum MachOCleartextURL {
    /// Hosts (and host/path prefixes) of XML namespaces, schemas and DTDs.
    static let identifierPrefixes = [
        "www.w3.org/", "w3.org/", "schemas.xmlsoap.org/", "schemas.microsoft.com/", "schemas.openxmlformats.org/",
        "schemas.android.com/", "www.apple.com/DTDs/", "apple.com/DTDs/", "ns.adobe.com/", "purl.org/", "xml.org/",
        "www.xml.org/", "xmlns.com/", "json-schema.org/", "www.opengis.net/", "docs.oasis-open.org/",
        "ns.useplus.org/", "iptc.org/std/", "cipa.jp/exif/",
    ]
    static let loopbackHosts: Set<String> = ["localhost", "127.0.0.1", "[::1]", "0.0.0.0"]

    static func findings(strings: [MachOSlice.CString], binary: String, path: String) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        for string in strings where string.section != "__TEXT,__objc_methname" {
            for url in urls(in: string.value) {
                let rest = url.dropFirst("http://".count)
                if identifierPrefixes.contains(where: { rest.hasPrefix($0) }) { continue }
                let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
                let hostName =
                    host.hasPrefix("[") ? String(host.prefix { $0 != "]" } + "]") : String(host.prefix { $0 != ":" })
                let isLoopback = loopbackHosts.contains(hostName.lowercased())
                findings.append(
                    ScanFinding(
                        rule: .cleartextHTTPURL, path: path, line: 0, column: 0,
                        message: "\(binary) holds the cleartext URL \(url)"
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
