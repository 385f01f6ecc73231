/// One narrated step of `rampart-demo`: what was tried, what Rampart was expected to do, and what
/// it did.
struct DemoStep: Codable, Sendable {
    /// Whether the step's traffic or operation should go through or be stopped.
    enum Outcome: String, Codable, Sendable {
        case allowed
        case blocked
    }

    var title: String
    var expected: Outcome
    var observed: Outcome
    var details: [String]

    /// The step went as the demo expects.
    var succeeded: Bool { expected == observed }
}
