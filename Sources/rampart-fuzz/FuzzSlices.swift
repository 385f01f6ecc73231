// Splits a fuzz input into a control byte and a payload fed in fuzzer-chosen slices, so that
// streaming parsers are exercised at every boundary, not only with the whole input at once.
import Foundation
import RampartIO

/// The first input byte chooses how the rest is cut: `0` means one piece; otherwise a small
/// xorshift generator seeded with it yields slice lengths of 1 up to 2^(1 + byte % 12) bytes.
struct FuzzSlices: Sequence, IteratorProtocol {
    let payload: Data
    private var state: UInt32
    private let largest: Int
    private var offset: Int

    init(_ input: Data) {
        let control = input.first ?? 0
        payload = Data(input.dropFirst())
        state = UInt32(control) &* 2_654_435_761 | 1
        largest = control == 0 ? Int.max : 1 << (1 + Int(control) % 12)
        offset = 0
    }

    mutating func next() -> Data? {
        guard offset < payload.count else { return nil }
        var length = payload.count - offset
        if largest != Int.max {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            length = Swift.min(length, 1 + Int(state % UInt32(largest)))
        }
        defer { offset += length }
        return payload.subdata(in: offset..<offset + length)
    }
}

/// A `ByteSource` that hands out the payload in the slices above, whatever count is asked.
struct SlicedSource: ByteSource {
    typealias Failure = Never

    private var slices: FuzzSlices
    private var held = Data()

    init(_ input: Data) { slices = FuzzSlices(input) }

    mutating func read(upTo count: Int) -> Data {
        if held.isEmpty { held = slices.next() ?? Data() }
        let taken = held.prefix(max(count, 0))
        held = Data(held.dropFirst(taken.count))
        return Data(taken)
    }
}
