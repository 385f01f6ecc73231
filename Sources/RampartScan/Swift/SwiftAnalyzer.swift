import SwiftParser
import SwiftSyntax

/// Reads Swift as Swift: parses each `.swift` file once with swift-syntax and runs every Swift rule over the
/// tree as a syntax visitor, with light data flow inside a function (a constant flowing into an IV, a URL
/// flowing into a request). Comments and documentation are trivia, never code, so they never fire.
///
/// ```swift
/// let result = SwiftAnalyzer().analyze(ScanFile(path: "App/API.swift", contents: Array(source.utf8)))
/// for finding in result.findings { print(finding.line, finding.column, finding.ruleID, finding.message) }
/// ```
public struct SwiftAnalyzer: ScanAnalyzer {
    public init() {}

    public func accepts(path: String, prefix: ArraySlice<UInt8>) -> Bool {
        path.hasSuffix(".swift")
    }

    public func analyze(_ file: ScanFile) -> ScanFileResult {
        guard let text = file.text else {
            return ScanFileResult(problems: [
                ScanProblem(path: file.path, message: "not UTF-8 text: not scanned as Swift")
            ])
        }
        let tree = Parser.parse(source: text)
        let context = SwiftFileContext(path: file.path, tree: tree)
        for rule in Self.rules() {
            rule.init(context: context).walk(tree)
        }
        return ScanFileResult(findings: context.findings.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
    }

    /// Every Swift rule, one visitor each.
    static func rules() -> [SwiftRule.Type] {
        [
            SwiftCleartextHTTPURLRule.self, SwiftTrustAllDelegateRule.self, SwiftTrustResultIgnoredRule.self,
            SwiftAllowsAnyHTTPSCertificateRule.self, SwiftWebViewIgnoresTLSErrorsRule.self,
            SwiftAlamofireTrustDisabledRule.self, SwiftPinningWithoutBackupRule.self,
            SwiftURLCacheForAuthenticatedRule.self, SwiftUIWebViewRule.self, SwiftWebViewHTMLFromInputRule.self,
            SwiftCustomSchemeOAuthCallbackRule.self, SwiftGeneralPasteboardSecretRule.self,
            SwiftWeakKeychainAccessibilityRule.self, SwiftSecretInUserDefaultsRule.self,
            SwiftSecretInPlainFileRule.self, SwiftUnencryptedDatabaseSecretRule.self, SwiftSecretInCookieRule.self,
            SwiftSecretLoggedRule.self, SwiftECBModeRule.self, SwiftStaticIVRule.self, SwiftHardCodedKeyRule.self,
            SwiftWeakPasswordHashRule.self, SwiftWeakPBKDF2IterationsRule.self, SwiftInsecureRandomRule.self,
            SwiftHardCodedSecretRule.self, SwiftSQLInjectionRule.self,
        ]
    }
}
