extension PinnedHost.ScopedPin {
    /// The positions of `chain` (0 is the leaf) whose key, or whole certificate, this pin matches
    /// within its scope. Constant-time comparisons.
    ///
    /// ```swift
    /// let fingerprints = try ChainFingerprints(decision.validatedChain)
    /// let matched = pin.matchingPositions(in: fingerprints)   // [] for a backup pin
    /// ```
    public func matchingPositions(in chain: ChainFingerprints) -> [Int] {
        let count = chain.certificates.count
        let positions = scope == .leaf ? 0..<min(1, count) : scope == .ca ? min(1, count)..<count : 0..<count
        return positions.filter { PinMatcher.pin(self, matches: chain, at: $0) }
    }

    /// The pin as configured, with its scope: `sha256/… (leaf)`.
    public var displayName: String { PinMatcher.describe(self) }
}
