extension ScanRule {
    /// Every rule `rampart scan` checks, in id order: what `--format sarif` lists as the tool's rules and
    /// the reference page documents.
    ///
    /// ```swift
    /// for rule in ScanRule.catalog { print(rule.id, rule.title) }
    /// ```
    public static let catalog: [ScanRule] = [
        .cleartextHTTPURL
    ]
}
