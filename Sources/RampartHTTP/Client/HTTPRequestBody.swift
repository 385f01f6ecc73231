import Foundation
import NIOCore

/// A request body, streamed to the server in slices. Bodies can be sent again, so a 307 or 308
/// redirect repeats them.
///
/// ```swift
/// request.body = .bytes(Array("hello".utf8))
/// request.body = .file(URL(fileURLWithPath: "upload.bin"))          // read in 64 KiB slices
/// request.body = .stream(length: nil) { AsyncThrowingStream { $0.finish() } }  // chunked
/// ```
public struct HTTPRequestBody: Sendable {
    enum Storage: Sendable {
        case bytes(ByteBuffer)
        case file(URL)
        case stream(@Sendable () -> any AsyncSequence<ByteBuffer, any Error>)
    }

    let storage: Storage
    /// The body's length when known up front (sent as `Content-Length`); `nil` sends it chunked.
    public let length: Int?

    /// A body held in memory.
    public static func bytes(_ bytes: some Collection<UInt8>) -> HTTPRequestBody {
        let buffer = ByteBuffer(bytes: bytes)
        return HTTPRequestBody(storage: .bytes(buffer), length: buffer.readableBytes)
    }

    /// A file read in slices as it is sent; its size is the `Content-Length`.
    ///
    /// - Throws: ``HTTPClientError/requestBodyFailed(_:)`` when the file cannot be read.
    public static func file(_ url: URL) throws(HTTPClientError) -> HTTPRequestBody {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let size = attributes[.size] as? Int, FileManager.default.isReadableFile(atPath: url.path)
        else {
            throw .requestBodyFailed("\(url.path) does not exist or is not readable")
        }
        return HTTPRequestBody(storage: .file(url), length: size)
    }

    /// A body produced by `makeSequence` each time it is sent; `length` is its exact size, or
    /// `nil` to send it with chunked transfer encoding.
    public static func stream(
        length: Int?, _ makeSequence: @escaping @Sendable () -> any AsyncSequence<ByteBuffer, any Error>
    ) -> HTTPRequestBody {
        HTTPRequestBody(storage: .stream(makeSequence), length: length)
    }
}
