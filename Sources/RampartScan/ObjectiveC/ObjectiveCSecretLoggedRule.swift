/// RS-STORAGE-006 in Objective-C: `NSLog`, `os_log…`, `printf`/`fprintf` or `NSLogv` given an argument whose name
/// says it is a secret (`NSLog(@"login %@", password)`). Lengths (`password.length`) and `%{private}` values do
/// not count.
struct ObjectiveCSecretLoggedRule: ObjectiveCRule {
    static let loggers: Set<String> = [
        "NSLog", "NSLogv", "os_log", "os_log_info", "os_log_debug", "os_log_error", "os_log_fault", "printf",
        "fprintf", "DDLogInfo", "DDLogDebug", "DDLogVerbose", "DDLogWarn", "DDLogError", "syslog",
    ]

    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        let tokens = source.tokens
        for (index, token) in tokens.enumerated() where token.kind == .identifier && Self.loggers.contains(token.text) {
            let arguments = source.callArguments(at: index)
            guard
                let format = arguments.firstIndex(where: { range in range.contains { tokens[$0].stringValue != nil } })
            else { continue }
            if tokens[arguments[format]].contains(where: { $0.stringValue?.contains("{private}") == true }) { continue }
            let values = arguments.dropFirst(format + 1)
            for range in values {
                guard let secret = ObjectiveCSecretName.first(in: tokens[range]) else { continue }
                findings.append(
                    source.finding(.secretLogged, at: token, "\(token.text) writes \(secret) to the system log"))
                break
            }
        }
        return findings
    }
}
