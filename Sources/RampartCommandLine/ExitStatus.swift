/// The exit codes every `rampart` subcommand uses (DESIGN.md, "Conventions").
///
/// | code | meaning |
/// |---|---|
/// | 0 | success |
/// | 1 | policy violation, or findings at or above `--fail-on` |
/// | 2 | usage error (unknown flag, bad argument value, checked before any work) |
/// | 3 | `rampart scan` incomplete: a file inside the scan was wholly or partly not analysed (a problem in the report); wins over 1, unless `--allow-incomplete` |
/// | 22 | HTTP failure: `rampart fetch --fail` got a status of 400 or more (curl's code) |
/// | 65 | bad input data |
/// | 66 | missing input |
/// | 73 | cannot create output |
/// | 74 | I/O error |
/// | 77 | authentication failed (wrong passphrase, no matching identity) |
/// | 141 | standard output's reader went away (a closed pipe); nothing more is written |
package enum ExitStatus: Int32, CaseIterable {
    case success = 0
    case policyViolation = 1
    case usage = 2
    case scanIncomplete = 3
    case httpFailure = 22
    case dataError = 65
    case noInput = 66
    case cannotCreate = 73
    case ioError = 74
    case authenticationFailed = 77
    case brokenPipe = 141
}
