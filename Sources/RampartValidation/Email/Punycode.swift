// RFC 3492 Punycode for IDN labels: checks that an `xn--` label decodes, and measures the A-label
// of a Unicode label (the length limits apply to what DNS carries).

enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 128
    private static let maxScalars = 256

    private static func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
        default: nil
        }
    }

    private static func digitCharacter(_ digit: Int) -> UInt8 {
        digit < 26 ? UInt8(ascii: "a") + UInt8(digit) : UInt8(ascii: "0") + UInt8(digit - 26)
    }

    /// The scalars of a Punycode string (the part after `xn--`), or nil when it does not decode.
    static func decode(_ input: some Collection<UInt8>) -> [Unicode.Scalar]? {
        let bytes = Array(input)
        var output: [UInt32] = []
        var basicEnd = 0
        if let lastDelimiter = bytes.lastIndex(of: UInt8(ascii: "-")) {
            for byte in bytes[..<lastDelimiter] {
                guard byte < 0x80 else { return nil }
                output.append(UInt32(byte))
            }
            basicEnd = lastDelimiter + 1
        }
        var n = initialN
        var i = 0
        var bias = initialBias
        var position = basicEnd
        while position < bytes.count {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard position < bytes.count, let digit = digitValue(bytes[position]) else { return nil }
                position += 1
                let (product, overflow1) = digit.multipliedReportingOverflow(by: w)
                let (sum, overflow2) = i.addingReportingOverflow(product)
                guard !overflow1, !overflow2 else { return nil }
                i = sum
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < t { break }
                let (nextW, overflow3) = w.multipliedReportingOverflow(by: base - t)
                guard !overflow3 else { return nil }
                w = nextW
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - oldI, count, oldI == 0)
            let (nextN, overflow) = n.addingReportingOverflow(i / count)
            guard !overflow, nextN <= 0x10FFFF else { return nil }
            n = nextN
            i %= count
            guard output.count < maxScalars else { return nil }
            output.insert(UInt32(n), at: i)
            i += 1
        }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(output.count)
        for value in output {
            guard let scalar = Unicode.Scalar(value) else { return nil }
            scalars.append(scalar)
        }
        return scalars
    }

    /// The Punycode encoding of `scalars` (without `xn--`).
    static func encode(_ scalars: [Unicode.Scalar]) -> [UInt8] {
        var output: [UInt8] = scalars.filter(\.isASCII).map { UInt8($0.value) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN
        var delta = 0
        var bias = initialBias
        let values = scalars.map { Int($0.value) }
        while handled < values.count {
            let m = values.filter { $0 >= n }.min() ?? n
            delta += (m - n) * (handled + 1)
            n = m
            for value in values {
                if value < n { delta += 1 }
                if value == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        output.append(digitCharacter(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digitCharacter(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }
}
