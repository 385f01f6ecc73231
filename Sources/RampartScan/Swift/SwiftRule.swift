import SwiftSyntax

/// One Swift rule: a syntax visitor over a parsed file that reports to the file's ``SwiftFileContext``.
/// Each subclass lives in its own file (`SwiftCleartextHTTPURLRule`, …) and is listed in
/// ``SwiftAnalyzer/rules``.
class SwiftRule: SyntaxVisitor {
    let context: SwiftFileContext

    required init(context: SwiftFileContext) {
        self.context = context
        super.init(viewMode: .sourceAccurate)
    }
}
