/// Reads Objective-C and C sources (`.m`, `.mm`, `.h`) through ``ObjectiveCTokenizer`` and runs every
/// Objective-C rule over the tokens: code only, never comments or the text of string literals (except where a
/// rule looks at a literal's value, such as a URL or a key). A file over one of ``ObjectiveCLimits`` (bytes,
/// tokens, checked before the tokens are built) is not analysed, and is a ``ScanProblem`` naming the limit.
///
/// ```swift
/// let result = ObjectiveCAnalyzer().analyze(ScanFile(path: "App/Crypto.m", contents: Array(text.utf8)))
/// for finding in result.findings { print(finding.ruleID, finding.line, finding.message) }
/// ```
public struct ObjectiveCAnalyzer: ScanAnalyzer {
    public init() {}

    /// Every Objective-C rule, in rule-id order.
    static let rules: [any ObjectiveCRule] = [
        ObjectiveCCleartextHTTPURLRule(), ObjectiveCTrustAllDelegateRule(), ObjectiveCTrustResultIgnoredRule(),
        ObjectiveCWebViewIgnoresTLSErrorsRule(),
        ObjectiveCAllowsAnyHTTPSCertificateRule(), ObjectiveCPinningWithoutBackupRule(),
        ObjectiveCURLCacheForAuthenticatedRule(), ObjectiveCUIWebViewRule(), ObjectiveCWebViewHTMLFromInputRule(),
        ObjectiveCGeneralPasteboardSecretRule(), ObjectiveCWeakKeychainAccessibilityRule(),
        ObjectiveCSecretInUserDefaultsRule(), ObjectiveCSecretInPlainFileRule(),
        ObjectiveCUnencryptedDatabaseSecretRule(), ObjectiveCSecretInCookieRule(), ObjectiveCSecretLoggedRule(),
        ObjectiveCECBModeRule(), ObjectiveCStaticIVRule(), ObjectiveCHardCodedKeyRule(),
        ObjectiveCWeakPasswordHashRule(), ObjectiveCWeakPBKDF2IterationsRule(), ObjectiveCInsecureRandomRule(),
        ObjectiveCHardCodedSecretRule(), ObjectiveCSQLInjectionRule(),
    ]

    public func accepts(path: String, prefix: ArraySlice<UInt8>) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".m") || lower.hasSuffix(".mm") || lower.hasSuffix(".h")
    }

    public func analyze(_ file: ScanFile) -> ScanFileResult {
        if file.contents.count > ObjectiveCLimits.maximumFileSize {
            return ScanFileResult(problems: [
                ScanProblem(
                    path: file.path,
                    message: "not analysed: \(file.contents.count) bytes exceed the limit of "
                        + "\(ObjectiveCLimits.maximumFileSize) for Objective-C (ObjectiveCLimits.maximumFileSize)")
            ])
        }
        let tokens = ObjectiveCTokenizer.tokenCount(in: file.contents)
        if tokens > ObjectiveCLimits.maximumTokens {
            return ScanFileResult(problems: [
                ScanProblem(
                    path: file.path,
                    message: "not analysed: \(tokens) tokens exceed the limit of \(ObjectiveCLimits.maximumTokens) "
                        + "(ObjectiveCLimits.maximumTokens)")
            ])
        }
        let source = ObjectiveCSource(path: file.path, bytes: file.contents)
        var findings = Self.rules.flatMap { $0.findings(in: source) }
        findings.sort { ($0.line, $0.column, $0.ruleID) < ($1.line, $1.column, $1.ruleID) }
        var problems: [ScanProblem] = []
        if source.constantsDropped > 0 {
            problems.append(
                ScanProblem(
                    path: file.path,
                    message: "partly analysed: the values of \(source.constantsDropped) constants were not kept, "
                        + "past \(ObjectiveCLimits.maximumConstantTokens) tokens of constant values "
                        + "(ObjectiveCLimits.maximumConstantTokens)"))
        }
        if findings.count > ObjectiveCLimits.maximumFindings {
            problems.append(
                ScanProblem(
                    path: file.path,
                    message: "partly analysed: \(findings.count - ObjectiveCLimits.maximumFindings) findings after the "
                        + "first \(ObjectiveCLimits.maximumFindings) were dropped (ObjectiveCLimits.maximumFindings)"))
            findings.removeSubrange(ObjectiveCLimits.maximumFindings...)
        }
        return ScanFileResult(findings: findings, problems: problems)
    }
}
