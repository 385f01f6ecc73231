import Foundation

/// A ``ByteSource`` with a look-ahead buffer, so a parser can read a text header line by line and
/// then hand the rest of the input on without losing the bytes it had already pulled in. It fails
/// as its base does.
///
/// ```swift
/// var input = BufferedSource(DataSource(Data("line\nrest".utf8)))
/// let line = input.readLine(limit: 100)   // "line\n"
/// let rest = input.read(upTo: 10)          // "rest"
/// ```
public struct BufferedSource<Base: ByteSource>: ByteSource {
    public typealias Failure = Base.Failure

    private var base: Base
    private var buffer = Data()
    private var atEnd = false
    /// Bytes handed out so far, for error messages that name an offset.
    public private(set) var offset = 0

    /// Wraps `base`.
    public init(_ base: Base) { self.base = base }

    private mutating func fill(_ wanted: Int) throws(Failure) {
        while buffer.count < wanted && !atEnd {
            let more = try base.read(upTo: max(wanted - buffer.count, 64 * 1024))
            if more.isEmpty { atEnd = true } else { buffer.append(more) }
        }
    }

    /// The next line including its `\n`, the unterminated rest at the end of input, or `nil` at
    /// the end.
    ///
    /// A line longer than `limit` bytes (its `\n` included) is not read whole: its first
    /// `limit + 1` bytes are returned, so a result longer than `limit` says the line is too long
    /// and the caller refuses it in its own terms; nothing past those bytes is read.
    public mutating func readLine(limit: Int) throws(Failure) -> Data? {
        var scanned = 0
        while true {
            if let newline = buffer[(buffer.startIndex + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
                return take(min(newline - buffer.startIndex + 1, limit + 1))
            }
            scanned = buffer.count
            if scanned > limit { return take(limit + 1) }
            if atEnd { return buffer.isEmpty ? nil : take(buffer.count) }
            try fill(buffer.count + 1)
        }
    }

    /// Up to `count` upcoming bytes, left in place for the next read.
    public mutating func peek(_ count: Int) throws(Failure) -> Data {
        try fill(count)
        return Data(buffer.prefix(count))
    }

    /// Whether the input has no more bytes.
    public mutating func isAtEnd() throws(Failure) -> Bool {
        try fill(1)
        return buffer.isEmpty
    }

    private mutating func take(_ count: Int) -> Data {
        let taken = Data(buffer.prefix(count))
        buffer.removeFirst(count)
        if buffer.isEmpty { buffer = Data() }
        offset += taken.count
        return taken
    }

    public mutating func read(upTo count: Int) throws(Failure) -> Data {
        if buffer.isEmpty {
            if atEnd { return Data() }
            let direct = try base.read(upTo: count)
            if direct.isEmpty { atEnd = true }
            offset += direct.count
            return direct
        }
        return take(min(count, buffer.count))
    }

    public mutating func read(into destination: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        if buffer.isEmpty {
            if atEnd { return 0 }
            let direct = try base.read(into: destination)
            if direct == 0 && !destination.isEmpty { atEnd = true }
            offset += direct
            return direct
        }
        let count = min(destination.count, buffer.count)
        buffer.prefix(count).copyBytes(to: destination)
        buffer.removeFirst(count)
        if buffer.isEmpty { buffer = Data() }
        offset += count
        return count
    }
}
