// One pass over a JSON document's bytes that enforces JSONLimits and a contract's declaration
// (unknown keys, integer-ness, Bounded ranges) before JSONDecoder spends memory on it. It tokenises
// just enough to know depth, element counts, string and number lengths and which strings are keys;
// JSONDecoder still judges the grammar. Frames refer to schema nodes without reference counting
// (the schema outlives the scan: the caller holds it).

import Foundation

struct JSONPreScan {
    let limits: JSONLimits
    let root: ContractNode?

    func scan(_ buffer: UnsafeRawBufferPointer) throws(ContractViolation) {
        let count = buffer.count
        if count > limits.maxBytes {
            throw ContractViolation.tooManyBytes(limit: limits.maxBytes, count: count)
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

    /// The integer type a number in `frame` must fit: its field's, or for an array the type of the
    /// field the array is.
    private func integerBounds(in frame: Frame) -> IntegerBounds? {
        if frame.isArray {
            guard let owner = frame.owner, frame.ownerField >= 0 else { return nil }
            return owner._withUnsafeGuaranteedRef { $0.fieldList[frame.ownerField].integer }
        }
        guard let node = frame.node, frame.field >= 0 else { return nil }
        return node._withUnsafeGuaranteedRef { $0.fieldList[frame.field].integer }
    }

    private func run(_ buffer: UnsafeRawBufferPointer, base: UnsafeRawPointer) throws(ContractViolation) {
        let count = buffer.count
        // Foundation's parser reads no deeper; a deeper limit is refused at this depth, with the reason.
        let maxDepth = min(limits.maxDepth, JSONLimits.deepestParsable)
        let checksDuplicates = !limits.allowsDuplicateKeys
        var duplicates = JSONDuplicateKeys()
        var stack = FrameStack(capacity: min(maxDepth, 64))
        defer { stack.release() }
        var position = 0
        var sawValue = false
        while position < count {
            let byte = base.load(fromByteOffset: position, as: UInt8.self)
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":"):
                position += 1
            case UInt8(ascii: ","):
                if let top = stack.top, !top.pointee.isArray { top.pointee.expectingKey = true }
                position += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                try countValue(stack, at: position, buffer)
                guard stack.depth < maxDepth else {
                    let reason =
                        maxDepth < limits.maxDepth
                        ? " (the most Foundation's JSON parser reads; the limits ask for \(limits.maxDepth))" : ""
                    throw violation(.tooDeep, stack, buffer, at: position, "nesting deeper than \(maxDepth)\(reason)")
                }
                var frame = Frame(isArray: byte == UInt8(ascii: "["))
                frame.expectingKey = !frame.isArray
                if checksDuplicates, !frame.isArray { frame.keysBase = duplicates.nextBase }
                if let top = stack.top {
                    if top.pointee.isArray {
                        frame.node = top.pointee.node
                        frame.owner = top.pointee.owner
                        frame.ownerField = top.pointee.ownerField
                    } else if top.pointee.node != nil, top.pointee.field >= 0 {
                        frame.node = child(of: top.pointee)
                        frame.owner = top.pointee.node
                        frame.ownerField = top.pointee.field
                    }
                } else {
                    frame.node = root.map { Unmanaged.passUnretained($0) }
                }
                stack.push(frame)
                sawValue = true
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard let top = stack.top, top.pointee.isArray == (byte == UInt8(ascii: "]")) else {
                    throw violation(
                        .malformedJSON, stack, buffer, at: position, "unbalanced \(Character(Unicode.Scalar(byte)))")
                }
                let closed = top.pointee
                stack.pop()
                if checksDuplicates, !closed.isArray { duplicates.close(base: closed.keysBase) }
                if closed.isArray, let parent = stack.top, !parent.pointee.isArray,
                    let check = check(of: parent.pointee, .array), closed.count <= count
                {
                    if let (rule, detail) = check.run(UnsafeRawBufferPointer(start: base, count: closed.count)) {
                        throw violation(rule, stack, buffer, at: position, detail)
                    }
                }
                position += 1
            case UInt8(ascii: "\""):
                let isKey = stack.top.map { !$0.pointee.isArray && $0.pointee.expectingKey } ?? false
                if !isKey {
                    // Counted first, so that a string too long is named by its own index.
                    try countValue(stack, at: position, buffer)
                    sawValue = true
                }
                let end = try stringEnd(buffer, base: base, from: position, stack)
                let content = UnsafeRawBufferPointer(start: base + position + 1, count: end - position - 2)
                if isKey, let top = stack.top {
                    top.pointee.count += 1
                    guard top.pointee.count <= limits.maxElements else {
                        throw violation(
                            .tooManyElements, stack, buffer, at: position, "more than \(limits.maxElements) members")
                    }
                    top.pointee.expectingKey = false
                    top.pointee.keyStart = position + 1
                    top.pointee.keyEnd = end - 1
                    if checksDuplicates,
                        let earlier = duplicates.insert(
                            content, quote: position, ordinal: top.pointee.count, base: top.pointee.keysBase, in: base)
                    {
                        throw violation(
                            .duplicateKey, stack, buffer, at: position,
                            "a key given twice in one object (first at byte \(earlier))")
                    }
                    if let node = top.pointee.node {
                        let previous = top.pointee.field
                        let index = node._withUnsafeGuaranteedRef { $0.fieldIndex(content, after: previous) }
                        if index < 0, node._withUnsafeGuaranteedRef({ $0.unknownKeys }) == .reject {
                            throw violation(
                                .unknownKey, stack, buffer, at: position, "a key the contract does not declare")
                        }
                        top.pointee.field = index
                    }
                } else {
                    if let top = stack.top, !top.pointee.isArray, let check = check(of: top.pointee, .string),
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
                    switch base.load(fromByteOffset: position, as: UInt8.self) {
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
                try countValue(stack, at: start, buffer)
                sawValue = true
                if position - start > limits.maxNumberCharacters {
                    throw violation(
                        .numberTooLong, stack, buffer, at: start,
                        "a number of \(position - start) characters, over \(limits.maxNumberCharacters)")
                }
                let first = byte
                guard first != UInt8(ascii: "n"), first != UInt8(ascii: "t"), first != UInt8(ascii: "f"),
                    let top = stack.top
                else { break }
                let literal = UnsafeRawBufferPointer(start: base + start, count: position - start)
                if let integer = integerBounds(in: top.pointee), !integer.admits(literal) {
                    throw violation(
                        .numberNotRepresentable, stack, buffer, at: start,
                        "\(String(decoding: literal, as: UTF8.self)) does not fit \(integer.typeName): an integer within \(integer.lowest)...\(integer.highest) is promised"
                    )
                }
                if !top.pointee.isArray, let check = check(of: top.pointee, .number),
                    let (rule, detail) = check.run(literal)
                {
                    throw violation(rule, stack, buffer, at: start, detail)
                }
            }
        }
        guard stack.depth == 0, sawValue else {
            throw violation(.malformedJSON, stack, buffer, at: count, "the document ends inside a value")
        }
    }

    /// Counts one value in the enclosing array.
    private func countValue(_ stack: FrameStack, at position: Int, _ buffer: UnsafeRawBufferPointer)
        throws(ContractViolation)
    {
        guard let top = stack.top, top.pointee.isArray else { return }
        top.pointee.count += 1
        top.pointee.index += 1
        guard top.pointee.count <= limits.maxElements else {
            throw violation(.tooManyElements, stack, buffer, at: position, "more than \(limits.maxElements) elements")
        }
    }

    /// The offset after the closing quote of the string starting at `start`: memchr finds a quote,
    /// which is the end unless an odd run of backslashes escapes it (every backslash in JSON starts
    /// a two-character escape or a `\u` one whose hex digits are not backslashes, so the parity of
    /// the run decides).
    private func stringEnd(
        _ buffer: UnsafeRawBufferPointer, base: UnsafeRawPointer, from start: Int, _ stack: FrameStack
    ) throws(ContractViolation) -> Int {
        let count = buffer.count
        var position = start + 1
        while true {
            guard position < count, let quotePointer = memchr(base + position, 0x22, count - position) else {
                throw violation(.malformedJSON, stack, buffer, at: start, "a string that is not closed")
            }
            let quote = UnsafeRawPointer(quotePointer) - base
            if quote - start - 1 > limits.maxStringBytes { break }
            var backslashes = 0
            while quote - backslashes - 1 > start,
                base.load(fromByteOffset: quote - backslashes - 1, as: UInt8.self) == 0x5C
            {
                backslashes += 1
            }
            if backslashes % 2 == 0 { return quote + 1 }
            position = quote + 1
        }
        throw violation(.stringTooLong, stack, buffer, at: start, "a string longer than \(limits.maxStringBytes) bytes")
    }

    private func violation(
        _ rule: ContractRule, _ stack: FrameStack, _ buffer: UnsafeRawBufferPointer, at offset: Int, _ detail: String
    ) -> ContractViolation {
        var path = ""
        for frame in stack.frames {
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
