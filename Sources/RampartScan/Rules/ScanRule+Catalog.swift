extension ScanRule {
    /// Every rule `rampart scan` checks, in id order: what `--format sarif` lists as the tool's rules and
    /// the reference page documents.
    ///
    /// ```swift
    /// for rule in ScanRule.catalog { print(rule.id, rule.title) }
    /// ```
    public static let catalog: [ScanRule] = [
        .atsWeakened,
        .debuggableEntitlement,
        .sqlInjection,
        .ecbMode,
        .staticIV,
        .hardCodedKey,
        .weakPasswordHash,
        .weakPBKDF2Iterations,
        .insecureRandom,
        .hardCodedSecret,
        .cleartextHTTPURL,
        .trustAllDelegate,
        .trustResultIgnored,
        .allowsAnyHTTPSCertificate,
        .webViewIgnoresTLSErrors,
        .alamofireTrustDisabled,
        .pinningWithoutBackup,
        .urlCacheForAuthenticated,
        .uiWebView,
        .webViewHTMLFromInput,
        .customSchemeOAuthCallback,
        .generalPasteboardSecret,
        .weakKeychainAccessibility,
        .secretInUserDefaults,
        .secretInPlainFile,
        .unencryptedDatabaseSecret,
        .secretInCookie,
        .secretLogged,
    ]
}
