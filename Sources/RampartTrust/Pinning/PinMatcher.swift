/// Matches a union of scoped pins against a validated chain: every scope that has pins must be
/// satisfied — a leaf pin by the leaf, a CA pin by a certificate above it, an `any` pin by any —
/// so that when both leaf and CA pins are given, both must match (as ATS requires).
struct PinMatcher {
    let pins: [PinnedHost.ScopedPin]

    func matches(_ chain: ChainFingerprints) -> Bool {
        let count = chain.certificates.count
        guard count > 0 else { return false }
        for scope in [PinnedHost.ScopedPin.Scope.leaf, .ca, .any] {
            let scoped = pins.filter { $0.scope == scope }
            guard !scoped.isEmpty else { continue }
            let positions = scope == .leaf ? 0..<1 : scope == .ca ? 1..<count : 0..<count
            let satisfied = positions.contains { position in
                scoped.contains { Self.pin($0, matches: chain, at: position) }
            }
            if !satisfied { return false }
        }
        return true
    }

    static func pin(_ pin: PinnedHost.ScopedPin, matches chain: ChainFingerprints, at position: Int) -> Bool {
        switch pin.kind {
        case .publicKey(let expected): return chain.publicKeyPins[position].matches(expected)
        case .certificate(let digest):
            guard position < chain.certificateDigests.count else { return false }
            return ConstantTime.equal(chain.certificateDigests[position], digest)
        }
    }

    static func describe(_ pin: PinnedHost.ScopedPin) -> String {
        switch pin.kind {
        case .publicKey(let spki): return "\(spki) (\(pin.scope.rawValue))"
        case .certificate(let digest):
            return "cert-sha256/\(digest.map { String(format: "%02x", $0) }.joined()) (\(pin.scope.rawValue))"
        }
    }
}
