// How a fuzz target reports a broken library promise: one line naming the target and the
// invariant, then a crash libFuzzer records as an artifact.
import Foundation

enum FuzzCheck {
    /// Stops the process because the library broke `invariant` on the current input.
    static func fail(_ target: String, _ invariant: String) -> Never {
        fatalError("rampart-fuzz \(target): invariant broken: \(invariant)")
    }

    /// Fails unless `condition` holds.
    static func require(_ condition: Bool, _ target: String, _ invariant: @autoclosure () -> String) {
        if !condition { fail(target, invariant()) }
    }
}
