import RampartE2E

extension E2EKeyKind {
    /// The name reports give a kind: `classic`, `nist` or `postQuantum`.
    var reportName: String {
        switch self {
        case .classic: "classic"
        case .nist: "nist"
        case .postQuantum: "postQuantum"
        }
    }
}
