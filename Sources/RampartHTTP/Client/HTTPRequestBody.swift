import Foundation
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request body, streamed to the server in slices.
///
/// The client never sends more or fewer bytes than the request declares: a body whose length is
/// known goes with `Content-Length` and is cut off (the connection closed, the request failed) the
/// moment its source gives more or fewer bytes; a body whose length is not known goes chunked,
/// bounded by ``HTTPLimits/maxStreamedRequestBytes``. Bodies from memory, regular files and
/// streams can be sent again, so a 307 or 308 redirect repeats them, as does a retry of a request
/// an HTTP/2 server did not process (`REFUSED_STREAM`, `GOAWAY`); a pipe, a FIFO or a terminal can
/// be read only once, so such a redirect or retry fails instead of sending what is left of the
/// body as if it were the whole.
///
/// ```swift
/// request.body = .bytes(Array("hello".utf8))
/// request.body = try .file(URL(fileURLWithPath: "upload.bin"))      // Content-Length, 64 KiB slices
/// request.body = try .file(URL(fileURLWithPath: "/dev/stdin"))      // a pipe: chunked, read once
/// request.body = .stream(length: nil) { AsyncThrowingStream { $0.finish() } }  // chunked
/// ```
public struct HTTPRequestBody: Sendable {
    enum Storage: Sendable {
        case bytes(ByteBuffer)
        /// A regular file of `length` bytes, read on the connection's event loop.
        case file(URL)
        /// A pipe, FIFO, terminal or device: opened and read on a blocking-I/O thread, chunked.
        case sequentialFile(URL)
        case stream(@Sendable () -> any AsyncSequence<ByteBuffer, any Error>)
    }

    let storage: Storage
    /// The body's length when known up front (sent as `Content-Length`); `nil` sends it chunked.
    public let length: Int?
    /// Whether the body can be sent a second time from its start (for a 307 or 308 redirect, or a
    /// retry of a request an HTTP/2 server did not process).
    public var isReplayable: Bool {
        if case .sequentialFile = storage { return false }
        return true
    }

    /// A body held in memory.
    public static func bytes(_ bytes: some Collection<UInt8>) -> HTTPRequestBody {
        let buffer = ByteBuffer(bytes: bytes)
        return HTTPRequestBody(storage: .bytes(buffer), length: buffer.readableBytes)
    }

    /// A file read in slices as it is sent. A regular file's size is the `Content-Length`, and
    /// the request fails if the file grows or shrinks while it is sent. A pipe, a FIFO, a terminal
    /// or a character device (`/dev/stdin`) has no size: it is read until its end, on a thread of
    /// its own so that a writer that never comes holds up only this request's timeouts, and sent
    /// chunked.
    ///
    /// - Throws: ``HTTPClientError/requestBodyFailed(_:)`` when the path does not exist, is a
    ///   directory or a socket, or cannot be read.
    public static func file(_ url: URL) throws(HTTPClientError) -> HTTPRequestBody {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            throw .requestBodyFailed("\(url.path): \(String(cString: strerror(errno)))")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            guard access(url.path, R_OK) == 0 else {
                throw .requestBodyFailed("\(url.path): \(String(cString: strerror(errno)))")
            }
            return HTTPRequestBody(storage: .file(url), length: Int(status.st_size))
        case S_IFIFO, S_IFCHR:
            return HTTPRequestBody(storage: .sequentialFile(url), length: nil)
        case S_IFDIR:
            throw .requestBodyFailed("\(url.path) is a directory; give a file")
        default:
            throw .requestBodyFailed("\(url.path) is neither a file, a pipe nor a device")
        }
    }

    /// A body produced by `makeSequence` each time it is sent; `length` is its exact size, or
    /// `nil` to send it with chunked transfer encoding. A sequence that gives more or fewer bytes
    /// than `length` fails the request without sending the difference.
    public static func stream(
        length: Int?, _ makeSequence: @escaping @Sendable () -> any AsyncSequence<ByteBuffer, any Error>
    ) -> HTTPRequestBody {
        HTTPRequestBody(storage: .stream(makeSequence), length: length)
    }
}
