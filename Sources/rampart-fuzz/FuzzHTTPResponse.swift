// Fuzzes HTTP/1.1 response parsing as a client connection does it: NIOHTTP1's `HTTPResponseDecoder`
// with Rampart's header limits, then `ResponseReader`, on an `EmbeddedChannel` (no socket), the
// bytes arriving in fuzzer-chosen slices, then the server closing.
import Foundation
import NIOCore
import NIOEmbedded
import NIOHTTP1
import RampartHTTP

enum FuzzHTTPResponse {
    static let target = FuzzTarget(
        name: "http-response", maxLength: 80 * 1024,
        summary: "HTTPResponseDecoder + ResponseReader (first byte: slices; odd = HEAD request)", run: run)

    static let limits = HTTPLimits()

    static func run(_ data: Data) {
        let name = target.name
        let head = (data.first ?? 0) & 1 == 1
        let channel = EmbeddedChannel()
        let reader: ResponseReader
        do {
            reader = try ResponsePipeline.install(in: channel.pipeline.syncOperations, limits: limits)
            try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()
            try channel.writeOutbound(
                HTTPClientRequestPart.head(HTTPRequestHead(version: .http1_1, method: head ? .HEAD : .GET, uri: "/")))
            try channel.writeOutbound(HTTPClientRequestPart.end(nil))
        } catch {
            FuzzCheck.fail(name, "cannot set up the embedded pipeline: \(error)")
        }
        var parts: [HTTPClientResponsePart] = []
        var sawEnd = false
        for slice in FuzzSlices(data) {
            guard channel.isActive else { break }
            _ = try? channel.writeInbound(channel.allocator.buffer(bytes: slice))
            parts += reader.takeBuffered()
            if !sawEnd, case .end? = parts.last {
                sawEnd = true
                reader.becomeIdle()  // as the pool parks a connection: any later byte is an error
            }
        }
        _ = try? channel.finish(acceptAlreadyClosed: true)
        parts += reader.takeBuffered()
        check(parts, head: head, inputCount: data.count)
        FuzzCheck.require(!reader.isReusable, name, "a closed connection is still reusable")
    }

    /// One request gets at most one response, in order, within the limits, its body no larger than the input.
    static func check(_ parts: [HTTPClientResponsePart], head: Bool, inputCount: Int) {
        let name = target.name
        var state = 0  // 0 before the head, 1 in the body, 2 after the end
        var bodyBytes = 0
        for part in parts {
            switch part {
            case .head(let response):
                FuzzCheck.require(state == 0, name, "a second response head for one request")
                state = 1
                FuzzCheck.require(
                    response.headers.count <= limits.maxHeaderCount, name,
                    "\(response.headers.count) header fields passed a limit of \(limits.maxHeaderCount)")
                let headerBytes = response.headers.fieldBytes
                FuzzCheck.require(
                    headerBytes <= limits.maxHeaderBytes, name,
                    "\(headerBytes) header bytes passed a limit of \(limits.maxHeaderBytes)")
            case .body(let buffer):
                FuzzCheck.require(state == 1, name, "a body part outside a response")
                FuzzCheck.require(!head, name, "a response to HEAD has a body")
                bodyBytes += buffer.readableBytes
            case .end:
                FuzzCheck.require(state == 1, name, "an end part outside a response")
                state = 2
            }
        }
        FuzzCheck.require(bodyBytes <= inputCount, name, "the body holds more bytes than were received")
    }
}
