extension ScanRule {
    /// RS-STORAGE-005: a session token or other secret is put in an `HTTPCookie` without `.secure` (or
    /// `HttpOnly`), or persisted with an expiry in the shared cookie store.
    public static let secretInCookie = ScanRule(
        id: "RS-STORAGE-005", title: "Secret stored in a cookie without Secure/HTTPOnly or persisted",
        severity: .medium, masvs: "MASVS-STORAGE-1", cwe: 315,
        practice: "Session cookies are Secure, HttpOnly and not persisted longer than the session.",
        fix: "Create the cookie with `.secure: \"TRUE\"`, the `HttpOnly` attribute and no `.expires`/`.maximumAge` "
            + "(a session cookie); prefer a bearer token kept in the keychain and sent by "
            + "`URLSessionConfiguration.ephemeral`. With Rampart, Vault keeps the token and HTTPClient sends it "
            + "only over validated HTTPS.")
}
