#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The POSIX calls whose names the stream types shadow with their own `read`/`write` methods.
enum SystemCalls {
    static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }

    static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, buffer, count)
        #else
            Darwin.write(descriptor, buffer, count)
        #endif
    }

    /// Creates a new file (mode 0600) from `template`, whose name ends in `XXXXXX`; returns its
    /// descriptor and actual path, or `nil` with `errno` set.
    static func makeTemporaryFile(_ template: String) -> (descriptor: Int32, path: String)? {
        var bytes = Array(template.utf8CString)
        let descriptor = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else { return nil }
        return (descriptor, String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// The text of an `errno` value.
    static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
