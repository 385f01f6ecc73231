import Foundation
import RampartHTTP

/// The `-d` argument of `rampart fetch`: literal text, `@FILE`, or `@-` (standard input).
///
/// A regular file is sent with its size as `Content-Length` (and refused if it changes size while
/// sent); standard input, a pipe, a FIFO or a device is streamed chunked as it is read, bounded by
/// `--max-upload-bytes`, never gathered in memory first.
enum FetchBody {
    static func make(_ argument: String) throws -> HTTPRequestBody {
        guard argument.hasPrefix("@") else { return .bytes(Array(argument.utf8)) }
        let path = argument == "@-" ? "/dev/stdin" : String(argument.dropFirst())
        let shown = argument == "@-" ? "standard input" : path
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure("-d \(argument): \(shown) does not exist", status: .noInput)
        }
        do {
            return try HTTPRequestBody.file(URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure("-d \(argument): \(error.description)", status: .noInput)
        }
    }
}
