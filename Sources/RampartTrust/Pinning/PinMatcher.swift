import Crypto
import SwiftASN1
import X509

/// Matches a union of scoped pins against a validated chain: every scope that has pins must be
/// satisfied — a leaf pin by the leaf, a CA pin by a certificate above it, an `any` pin by any —
/// so that when both leaf and CA pins are given, both must match (as ATS requires).
struct PinMatcher {
    let pins: [PinnedHost.ScopedPin]

    func matches(_ chain: [Certificate]) -> Bool {
        guard let leaf = chain.first else { return false }
        let above = Array(chain.dropFirst())
        for scope in [PinnedHost.ScopedPin.Scope.leaf, .ca, .any] {
            let scoped = pins.filter { $0.scope == scope }
            guard !scoped.isEmpty else { continue }
            let candidates = scope == .leaf ? [leaf] : scope == .ca ? above : chain
            let satisfied = candidates.contains { certificate in scoped.contains { Self.pin($0, matches: certificate) }
            }
            if !satisfied { return false }
        }
        return true
    }

    static func pin(_ pin: PinnedHost.ScopedPin, matches certificate: Certificate) -> Bool {
        switch pin.kind {
        case .publicKey(let expected):
            guard let actual = try? SPKIPin(certificate: certificate) else { return false }
            return actual.matches(expected)
        case .certificate(let digest):
            guard let der = try? certificate.derBytes else { return false }
            return ConstantTime.equal(Array(SHA256.hash(data: der)), digest)
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
