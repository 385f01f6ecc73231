/// Compares two byte sequences in time that depends only on their lengths, never on where they
/// first differ — for pins, tags and MACs.
///
/// ```swift
/// ConstantTime.equal(pin.digest, candidate.digest)
/// ```
package enum ConstantTime {
    package static func equal(_ left: some Collection<UInt8>, _ right: some Collection<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(left, right) { difference |= a ^ b }
        return difference == 0
    }
}
