import Foundation
import RampartTrust

/// How one pinned domain stands today: whether the served chain validates and matches its pins,
/// whether a backup pin (a key the server does not use yet) exists, and how long the
/// certificates the pins match have left.
///
/// ```swift
/// let health = try await PinHealthCheck(anchors: .system).check(host)
/// if !health.isHealthy { print(health.domain, health.problems) }
/// ```
public struct PinHealth: Sendable {
    /// One configured pin and the served certificates it matches.
    public struct PinUse: Sendable {
        public var pin: String
        /// The matched certificates' positions in the validated chain (0 is the leaf); empty for
        /// a backup pin.
        public var positions: [Int]
        /// The matched certificates' subjects.
        public var subjects: [String]
        /// Days until the first matched certificate expires.
        public var daysToExpiry: Int?
    }

    public var domain: String
    /// Where the check connected.
    public var host: String
    public var port: Int
    /// Whether the chain validated and the pins matched (what an app would do now).
    public var passes: Bool
    /// The trust decision, when a chain was served.
    public var decision: TrustDecision?
    public var pins: [PinUse]
    /// Configured pins that match no certificate the server sends: the keys to move to.
    public var backupPins: [String] { pins.filter { $0.positions.isEmpty }.map(\.pin) }
    /// Days the pin set keeps matching at least: the longest-lived matched certificate.
    public var daysToExpiry: Int?
    /// What would break the app, or soon could; empty when all is well.
    public var problems: [PinHealthProblem]
    /// The verdict: the chain passes and nothing would break the app or soon could.
    public var isHealthy: Bool { passes && problems.isEmpty }
}
