// The scan's open containers: one Frame per array or object, kept in a FrameStack the scan owns.

extension JSONPreScan {
    struct Frame {
        var isArray: Bool
        var count = 0
        var expectingKey = false
        var keyStart = 0
        var keyEnd = 0
        var index = -1
        /// The contract node of this object, or of this array's elements.
        var node: Unmanaged<ContractNode>?
        /// For objects: the field of the last key read (an index into `node`'s fields).
        var field = -1
        /// For arrays: the field whose value this array is (its integer type applies to the elements).
        var owner: Unmanaged<ContractNode>?
        var ownerField = -1
        /// For objects: where this object's keys start in the duplicate-key record.
        var keysBase = 0
    }

    /// The open containers, innermost last, in memory the scan owns: a token reads and updates the
    /// innermost in place, with no copy-on-write or bounds checks. Frames hold no references.
    struct FrameStack {
        private var base: UnsafeMutablePointer<Frame>
        private var capacity: Int
        private(set) var depth = 0

        init(capacity: Int) {
            self.capacity = max(capacity, 1)
            base = .allocate(capacity: self.capacity)
        }

        /// The innermost open container.
        var top: UnsafeMutablePointer<Frame>? { depth > 0 ? base + (depth - 1) : nil }

        var frames: UnsafeBufferPointer<Frame> { UnsafeBufferPointer(start: base, count: depth) }

        mutating func push(_ frame: Frame) {
            if depth == capacity {
                let larger = UnsafeMutablePointer<Frame>.allocate(capacity: capacity * 2)
                larger.moveInitialize(from: base, count: depth)
                base.deallocate()
                base = larger
                capacity *= 2
            }
            (base + depth).initialize(to: frame)
            depth += 1
        }

        mutating func pop() {
            depth -= 1
            (base + depth).deinitialize(count: 1)
        }

        func release() {
            base.deinitialize(count: depth)
            base.deallocate()
        }
    }
}
