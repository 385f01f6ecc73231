extension ScanRule {
    /// RS-CODE-001: an SQL statement passed to `sqlite3_exec`, `sqlite3_prepare_v2`, FMDB `executeQuery` /
    /// `executeUpdate` or GRDB `execute(sql:)` is built by interpolating or concatenating a value.
    public static let sqlInjection = ScanRule(
        id: "RS-CODE-001", title: "SQL built by interpolation or concatenation",
        severity: .high, masvs: "MASVS-CODE-4", cwe: 89,
        practice: "Values reach SQL only as bound parameters.",
        fix: "Use placeholders and bind: `sqlite3_prepare_v2` with `?` then `sqlite3_bind_text`, FMDB "
            + "`executeQuery(sql, withArgumentsIn:)`, GRDB `execute(sql:arguments:)` or its `\\(value)` SQL "
            + "literal. With Rampart, SQLStringLiteral.quote is the last line of defence where a literal must be "
            + "written.")
}
