import SwiftParser
import SwiftSyntax

/// Reads Swift as Swift: parses each `.swift` file once with swift-syntax and runs every Swift rule over the
/// tree as a syntax visitor, with light data flow inside a function (a constant flowing into an IV, a URL
/// flowing into a request). Comments and documentation are trivia, never code, so they never fire.
///
/// A file over one of ``SwiftLimits`` (bytes, tokens, bracket depth, postfix chains, measured before parsing)
/// is not analysed, and a file the parser stopped in (its nesting limit) is analysed up to there; either is a
/// ``ScanProblem`` naming the limit, never a crash or a silent loss.
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
        if file.contents.count > SwiftLimits.maximumFileSize {
            return ScanFileResult(problems: [
                ScanProblem(
                    path: file.path,
                    message: "not analysed: \(file.contents.count) bytes exceed the limit of "
                        + "\(SwiftLimits.maximumFileSize) for Swift (SwiftLimits.maximumFileSize)")
            ])
        }
        if let limit = SwiftSourceMeasure(file.contents).exceededLimit {
            return ScanFileResult(problems: [ScanProblem(path: file.path, message: "not analysed: \(limit)")])
        }
        var parser = Parser(text, maximumNestingLevel: SwiftLimits.maximumBracketDepth)
        let tree = SourceFileSyntax.parse(from: &parser)
        let context = SwiftFileContext(path: file.path, tree: tree)
        for rule in Self.rules() {
            rule.init(context: context).walk(tree)
        }
        var problems: [ScanProblem] = []
        if let stop = Self.parseStop(tree, context: context, bytes: file.contents.count) {
            problems.append(ScanProblem(path: file.path, message: stop))
        }
        if context.dropped > 0 {
            problems.append(
                ScanProblem(
                    path: file.path,
                    message: "partly analysed: \(context.dropped) findings after the first "
                        + "\(SwiftLimits.maximumFindings) were dropped (SwiftLimits.maximumFindings)"))
        }
        return ScanFileResult(
            findings: context.findings.sorted { ($0.line, $0.column) < ($1.line, $1.column) }, problems: problems)
    }

    /// Why the tree does not hold the whole file as code: swift-syntax stopped at its nesting limit and kept the
    /// rest as unexpected text (where, by line), or the tree's text is not the file's; nil when it holds it all.
    static func parseStop(_ tree: SourceFileSyntax, context: SwiftFileContext, bytes: Int) -> String? {
        if tree.hasMaximumNestingLevelOverflow {
            var node = Syntax(tree)
            while let child = node.children(viewMode: .all).first(where: { $0.hasMaximumNestingLevelOverflow }) {
                node = child
            }
            let line = node.startLocation(converter: context.converter).line
            return "partly analysed: nesting deeper than \(SwiftLimits.maximumBracketDepth) "
                + "(SwiftLimits.maximumBracketDepth, brackets, < > and #if counted) made the Swift parser stop at "
                + "line \(line); the code after it was not analysed"
        }
        let parsed = tree.totalLength.utf8Length
        if parsed != bytes {
            return "partly analysed: the Swift parser read \(parsed) of its \(bytes) bytes; the rest was not analysed"
        }
        return nil
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
