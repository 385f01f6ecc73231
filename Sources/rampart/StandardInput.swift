import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads all of standard input into memory, for the few inputs that are small by nature (a
/// certificate, a vault value), with a limit so that `</dev/zero` is an error and not a process
/// that grows until the kernel kills it. Large inputs are streamed instead.
///
/// ```swift
/// let pem = try StandardInput.readAll(limit: 16 << 20, purpose: "the certificates")
/// ```
enum StandardInput {
    /// Everything on standard input; exit 65 when it is longer than `limit` bytes, 74 when it
    /// cannot be read (a directory, a closed descriptor).
    static func readAll(limit: Int, purpose: String) throws(CommandFailure) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandFailure(
                    "cannot read \(purpose) from standard input: \(String(cString: strerror(errno)))", status: .ioError)
            }
            data.append(contentsOf: buffer[..<count])
            if data.count > limit {
                throw CommandFailure(
                    "\(purpose) on standard input is longer than \(limit.formatted()) bytes; "
                        + "this input is read whole into memory, so it is refused",
                    status: .dataError)
            }
        }
    }
}
