/// The exit codes of `rampart-demo`, a subset of `rampart`'s (docs/DESIGN.md, "Conventions").
///
/// ```swift
/// throw DemoFailure("the demo did not go as expected", status: .stepsFailed)
/// ```
enum DemoExitStatus: Int32 {
    case success = 0
    /// A step did not go as the demo expects.
    case stepsFailed = 1
    /// A bad flag or argument value, checked before any work.
    case usage = 2
    /// Standard output could not be written, or the lab could not be set up.
    case ioError = 74
    /// Standard output's reader went away (a closed pipe); nothing more is written.
    case brokenPipe = 141
}
