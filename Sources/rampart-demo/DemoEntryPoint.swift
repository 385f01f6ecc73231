import Foundation
import RampartCommandLine
import RampartCommandLineMain

/// `rampart-demo`'s `main`: runs the command line through `CommandLineMain`, as `rampart` does, so
/// a failure becomes a message on standard error and one of `rampart`'s documented ``ExitStatus``
/// codes (2 for a bad flag or value, 1 when a step did not go as expected, 74 when standard output
/// cannot be written, 141 when its reader went away).
///
/// The demo is its own executable so that the shipped `rampart` links no lab: RampartTestKit's
/// rogue PKI and TLS-intercepting proxy live only here and in the tests. Its output goes through
/// the same checked pieces as `rampart`'s (RampartCommandLine: `StandardOutput`, `Terminal`).
///
/// ```sh
/// swift run rampart-demo --format json
/// ```
@main
enum DemoEntryPoint {
    static func main() async {
        // A closed pipe becomes EPIPE (exit 141) instead of a signal.
        StandardStreams.secure()
        exit(await CommandLineMain.run(DemoCommand.self, name: "rampart-demo").rawValue)
    }
}
