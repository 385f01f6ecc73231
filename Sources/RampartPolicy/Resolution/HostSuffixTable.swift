/// Domain keys looked up by every label suffix of a host in one pass.
///
/// Hashing a Swift `String` costs far more than hashing its bytes, and ATS needs up to one
/// lookup per label (`a.b.example.com`, `b.example.com`, `example.com`, `com`). This table hashes
/// the host's UTF-8 once, right to left, producing the hash of every label suffix on the way, and
/// probes with those; a hit is confirmed by comparing bytes, so collisions cost time, never
/// correctness. Nothing is allocated per lookup.
struct HostSuffixTable<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        var hash: UInt64
        var key: [UInt8]
        var name: String
        var value: Value
    }

    /// Entries, and an open-addressing index into them (`-1` = empty slot): the probe uses the
    /// suffix hash directly, so nothing is hashed twice.
    private var entries: [Entry] = []
    private var slots: [Int32] = []
    private var mask: UInt64 = 0
    var isEmpty: Bool { entries.isEmpty }

    init(_ pairs: some Sequence<(String, Value)>) {
        for (name, value) in pairs {
            let key = Array(name.utf8)
            var hash = Self.seed
            for byte in key.reversed() { hash = Self.mix(hash, byte) }
            entries.append(Entry(hash: hash, key: key, name: name, value: value))
        }
        var capacity = 8
        while capacity < entries.count * 2 { capacity *= 2 }
        slots = Array(repeating: -1, count: capacity)
        mask = UInt64(capacity - 1)
        for (index, entry) in entries.enumerated() {
            var slot = Int(Self.finalize(entry.hash) & mask)
            while slots[slot] >= 0 { slot = (slot + 1) & Int(mask) }
            slots[slot] = Int32(index)
        }
    }

    /// Visits the entries whose key equals `host` (depth 0) or one of its parent domains (depth
    /// 1 = parent, 2 = grandparent…), nearest first, up to `maxDepth`; stops at the first entry
    /// `accept` takes and returns it with its key.
    func nearest(
        to host: String, maxDepth: Int = .max, accept: (_ depth: Int, _ key: String, _ value: Value) -> Bool
    ) -> (key: String, value: Value)? {
        var host = host
        return host.withUTF8 { bytes -> (key: String, value: Value)? in
            guard !bytes.isEmpty else { return nil }
            return withUnsafeTemporaryAllocation(of: (start: Int, hash: UInt64).self, capacity: 128) { suffixes in
                var count = 0
                var hash = Self.seed
                var index = bytes.count - 1
                while index >= 0 {
                    hash = Self.mix(hash, bytes[index])
                    if (index == 0 || bytes[index - 1] == 0x2E) && count < 128 {
                        suffixes[count] = (index, hash)
                        count += 1
                    }
                    index -= 1
                }
                var depth = 0
                var position = count - 1
                while position >= 0 && depth <= maxDepth {
                    let (start, hash) = suffixes[position]
                    var slot = Int(Self.finalize(hash) & mask)
                    while !slots.isEmpty, case let index = Int(slots[slot]), index >= 0 {
                        if entries[index].hash == hash && Self.equal(entries[index].key, bytes, from: start)
                            && accept(depth, entries[index].name, entries[index].value)
                        {
                            return (entries[index].name, entries[index].value)
                        }
                        slot = (slot + 1) & Int(mask)
                    }
                    depth += 1
                    position -= 1
                }
                return nil
            }
        }
    }

    private static var seed: UInt64 { 0xcbf2_9ce4_8422_2325 }

    /// Spreads FNV's weak low bits before masking.
    @inline(__always)
    private static func finalize(_ hash: UInt64) -> UInt64 {
        (hash ^ (hash >> 29)) &* 0xbf58_476d_1ce4_e5b9
    }

    @inline(__always)
    private static func mix(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    private static func equal(_ key: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        guard key.count == bytes.count - start else { return false }
        return key.withUnsafeBufferPointer { keyBytes in
            for offset in 0..<keyBytes.count where keyBytes[offset] != bytes[start + offset] { return false }
            return true
        }
    }
}
