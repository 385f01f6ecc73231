import RampartE2E

/// A public key given on the command line (`rampart1…`, `rampartnist1…` or `rampartpq1…`).
enum E2EPublicKeyArgument {
    static func parse(_ text: String) throws -> E2EPublicKey {
        try E2EFailure.run { () throws(E2EError) in try E2EPublicKey(text) }
    }
}
