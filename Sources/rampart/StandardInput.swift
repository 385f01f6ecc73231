import Foundation
import RampartIO

/// Reads all of standard input into memory, for the few inputs that are small by nature (a
/// certificate, a vault value), with a limit so that `</dev/zero` is an error and not a process
/// that grows until the kernel kills it; RampartIO's `FileDescriptorIO.readAll` applies the
/// limit, as for key and passphrase files. Large inputs are streamed instead.
///
/// ```swift
/// let pem = try StandardInput.readAll(limit: 16 << 20, purpose: "the certificates")
/// ```
enum StandardInput {
    /// Everything on standard input; exit 65 when it is longer than `limit` bytes, 74 when it
    /// cannot be read (a directory, a closed descriptor).
    static func readAll(limit: Int, purpose: String) throws(CommandFailure) -> Data {
        do throws(IOError) {
            return try FileDescriptorIO.readAll(0, name: "standard input", limit: limit)
        } catch {
            if error.code == .tooLarge {
                throw CommandFailure(
                    "\(purpose) on standard input is longer than \(limit.formatted()) bytes; "
                        + "this input is read whole into memory, so it is refused",
                    status: .dataError)
            }
            throw CommandFailure(
                "cannot read \(purpose) from standard input: \(error.reason ?? error.description)", status: .ioError)
        }
    }
}
