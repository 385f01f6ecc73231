// One pass over a JSON document's bytes that enforces JSONLimits and a contract's declaration
// (unknown keys, integer-ness, Bounded ranges) before JSONDecoder spends memory on it. It tokenises
// just enough to know depth, element counts, string and number lengths and which strings are keys;
// JSONDecoder still judges the grammar. Frames refer to schema nodes without reference counting
// (the schema outlives the scan: the caller holds it).

import Foundation

struct JSONPreScan {
    private struct Frame {
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
    }

    let limits: JSONLimits
    let root: ContractNode?

    func scan(_ buffer: UnsafeRawBufferPointer) throws(ContractViolation) {
        let count = buffer.count
        if count > limits.maxBytes {
            throw ContractViolation(
                rule: .tooManyBytes, keyPath: "", offset: limits.maxBytes,
                detail: "\(count) bytes, over the limit of \(limits.maxBytes)")
        }
        guard let base = buffer.baseAddress else {
            throw ContractViolation(rule: .malformedJSON, keyPath: "", offset: 0, detail: "an empty document")
        }
        try withExtendedLifetime(root) { () throws(ContractViolation) in
            try run(buffer, base: base)
        }
    }

    /// The Bounded check of the field an object frame is reading, without copying the whole field.
    private func check(of frame: Frame, _ kind: ContractCheck.Kind) -> ContractCheck? {
        guard let node = frame.node, frame.field >= 0 else { return nil }
        return node._withUnsafeGuaranteedRef { node in
            guard node.checkKinds[frame.field] == kind else { return nil }
            return node.fieldList[frame.field].check
        }
    }

    /// The contract node of `frame`'s current field's value, unretained.
    private func child(of frame: Frame) -> Unmanaged<ContractNode>? {
        guard let node = frame.node, frame.field >= 0 else { return nil }
        return node._withUnsafeGuaranteedRef { $0.children[frame.field] }
    }

    private func run(_ buffer: UnsafeRawBufferPointer, base: UnsafeRawPointer) throws(ContractViolation) {
        let count = buffer.count
        var stack: [Frame] = []
        stack.reserveCapacity(min(limits.maxDepth, 64))
        var position = 0
        var sawValue = false
        while position < count {
            let byte = buffer[position]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":"):
                position += 1
            case UInt8(ascii: ","):
                if !stack.isEmpty, !stack[stack.count - 1].isArray { stack[stack.count - 1].expectingKey = true }
                position += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                try countValue(&stack, at: position, buffer)
                guard stack.count < limits.maxDepth else {
                    throw violation(.tooDeep, stack, buffer, at: position, "nesting deeper than \(limits.maxDepth)")
                }
                var frame = Frame(isArray: byte == UInt8(ascii: "["))
                frame.expectingKey = !frame.isArray
                if let top = stack.last {
                    if top.isArray {
                        frame.node = top.node
                        frame.owner = top.owner
                        frame.ownerField = top.ownerField
                    } else if top.node != nil, top.field >= 0 {
                        frame.node = child(of: top)
                        frame.owner = top.node
                        frame.ownerField = top.field
                    }
                } else {
                    frame.node = root.map { Unmanaged.passUnretained($0) }
                }
                stack.append(frame)
                sawValue = true
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard let last = stack.last, last.isArray == (byte == UInt8(ascii: "]")) else {
                    throw violation(
                        .malformedJSON, stack, buffer, at: position, "unbalanced \(Character(Unicode.Scalar(byte)))")
                }
                let closed = stack.removeLast()
                if closed.isArray, let parent = stack.last, !parent.isArray, let check = check(of: parent, .array),
                    closed.count <= count
                {
                    if let (rule, detail) = check.run(UnsafeRawBufferPointer(start: base, count: closed.count)) {
                        throw violation(rule, stack, buffer, at: position, detail)
                    }
                }
                position += 1
            case UInt8(ascii: "\""):
                let end = try stringEnd(buffer, base: base, from: position, stack)
                let content = UnsafeRawBufferPointer(rebasing: buffer[(position + 1)..<(end - 1)])
                if let last = stack.indices.last, !stack[last].isArray, stack[last].expectingKey {
                    stack[last].count += 1
                    guard stack[last].count <= limits.maxElements else {
                        throw violation(
                            .tooManyElements, stack, buffer, at: position, "more than \(limits.maxElements) members")
                    }
                    stack[last].expectingKey = false
                    stack[last].keyStart = position + 1
                    stack[last].keyEnd = end - 1
                    if let node = stack[last].node {
                        let index = node._withUnsafeGuaranteedRef { $0.fieldIndex(content) }
                        if index < 0, node._withUnsafeGuaranteedRef({ $0.unknownKeys }) == .reject {
                            throw violation(
                                .unknownKey, stack, buffer, at: position, "a key the contract does not declare")
                        }
                        stack[last].field = index
                    }
                } else {
                    try countValue(&stack, at: position, buffer)
                    sawValue = true
                    if let top = stack.last, !top.isArray, let check = check(of: top, .string),
                        let (rule, detail) = check.run(content)
                    {
                        throw violation(rule, stack, buffer, at: position, detail)
                    }
                }
                position = end
            default:
                // A number or a literal: a run of the bytes they are made of.
                let start = position
                scanning: while position < count {
                    switch buffer[position] {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                        UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "E"):
                        position += 1
                    default:
                        break scanning
                    }
                }
                guard position > start else {
                    throw violation(.malformedJSON, stack, buffer, at: start, "a byte JSON does not allow here")
                }
                try countValue(&stack, at: start, buffer)
                sawValue = true
                if position - start > limits.maxNumberCharacters {
                    throw violation(
                        .numberTooLong, stack, buffer, at: start,
                        "a number of \(position - start) characters, over \(limits.maxNumberCharacters)")
                }
                let first = buffer[start]
                guard first != UInt8(ascii: "n"), first != UInt8(ascii: "t"), first != UInt8(ascii: "f"),
                    let top = stack.last
                else { break }
                let literal = UnsafeRawBufferPointer(rebasing: buffer[start..<position])
                let integer: IntegerBounds?
                if top.isArray {
                    integer = top.owner.flatMap { owner in
                        top.ownerField >= 0
                            ? owner._withUnsafeGuaranteedRef { $0.fieldList[top.ownerField].integer } : nil
                    }
                } else if let node = top.node, top.field >= 0 {
                    integer = node._withUnsafeGuaranteedRef { $0.fieldList[top.field].integer }
                } else {
                    integer = nil
                }
                if let integer, !integer.admits(literal) {
                    throw violation(
                        .numberNotRepresentable, stack, buffer, at: start,
                        "\(String(decoding: literal, as: UTF8.self)) does not fit \(integer.typeName): an integer within \(integer.lowest)...\(integer.highest) is promised"
                    )
                }
                if !top.isArray, let check = check(of: top, .number), let (rule, detail) = check.run(literal) {
                    throw violation(rule, stack, buffer, at: start, detail)
                }
            }
        }
        guard stack.isEmpty, sawValue else {
            throw violation(.malformedJSON, stack, buffer, at: count, "the document ends inside a value")
        }
    }

    /// Counts one value in the enclosing array.
    private func countValue(_ stack: inout [Frame], at position: Int, _ buffer: UnsafeRawBufferPointer)
        throws(ContractViolation)
    {
        guard let last = stack.indices.last, stack[last].isArray else { return }
        stack[last].count += 1
        stack[last].index += 1
        guard stack[last].count <= limits.maxElements else {
            throw violation(.tooManyElements, stack, buffer, at: position, "more than \(limits.maxElements) elements")
        }
    }

    /// The offset after the closing quote of the string starting at `start` (memchr for the quote,
    /// then for a backslash before it).
    private func stringEnd(
        _ buffer: UnsafeRawBufferPointer, base: UnsafeRawPointer, from start: Int, _ stack: [Frame]
    ) throws(ContractViolation) -> Int {
        let count = buffer.count
        var position = start + 1
        while true {
            guard position < count, let quotePointer = memchr(base + position, 0x22, count - position) else {
                throw violation(.malformedJSON, stack, buffer, at: start, "a string that is not closed")
            }
            let quote = UnsafeRawPointer(quotePointer) - base
            if let backslashPointer = memchr(base + position, 0x5C, quote - position) {
                position = UnsafeRawPointer(backslashPointer) - base + 2  // skip the escaped byte
                if position - start - 1 > limits.maxStringBytes { break }
                continue
            }
            if quote - start - 1 > limits.maxStringBytes { break }
            return quote + 1
        }
        throw violation(.stringTooLong, stack, buffer, at: start, "a string longer than \(limits.maxStringBytes) bytes")
    }

    private func violation(
        _ rule: ContractRule, _ stack: [Frame], _ buffer: UnsafeRawBufferPointer, at offset: Int, _ detail: String
    ) -> ContractViolation {
        var path = ""
        for frame in stack {
            if frame.isArray {
                if frame.index >= 0 { path += "[\(frame.index)]" }
            } else if frame.count > 0 {
                let key = String(
                    decoding: UnsafeRawBufferPointer(rebasing: buffer[frame.keyStart..<frame.keyEnd]), as: UTF8.self)
                path += path.isEmpty ? key : ".\(key)"
            }
        }
        return ContractViolation(rule: rule, keyPath: path, offset: offset, detail: detail)
    }
}
