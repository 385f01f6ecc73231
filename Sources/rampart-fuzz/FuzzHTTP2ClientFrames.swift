// Fuzzes the client's HTTP/2 connection as a server would attack it: the bytes after the server's
// first SETTINGS frame are arbitrary frames, fed in fuzzer-chosen slices into the client's own h2
// pipeline (NIOHTTP2 with Rampart's settings and limits, the connection monitor, one request
// stream with the HTTP/1 codec and ResponseReader) on an EmbeddedChannel, then the server closes.
import Foundation
import NIOCore
import NIOEmbedded
import NIOHTTP1
import RampartHTTP

enum FuzzHTTP2ClientFrames {
    static let target = FuzzTarget(
        name: "h2-client-frames", maxLength: 64 * 1024,
        summary:
            "the client's HTTP/2 pipeline: server frames after SETTINGS into one GET's stream (first byte: slices)",
        run: run)

    static let limits = HTTPLimits()

    /// The server's connection preface: an empty SETTINGS frame.
    static let serverPreface: [UInt8] = [0, 0, 0, 0x04, 0, 0, 0, 0, 0]

    static func run(_ data: Data) {
        let name = target.name
        let channel = EmbeddedChannel()
        let pipeline: HTTP2ClientPipeline
        var stream: (any Channel)?
        do {
            pipeline = try HTTP2ClientPipeline.install(on: channel, limits: limits)
            try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 443)).wait()
            pipeline.openStream(path: "/").assumeIsolated().whenSuccess { stream = $0 }
            channel.embeddedEventLoop.run()
        } catch {
            FuzzCheck.fail(name, "cannot set up the embedded pipeline: \(error)")
        }
        guard let stream else { FuzzCheck.fail(name, "the request stream did not open") }
        var sent = drain(channel)
        _ = try? channel.writeInbound(channel.allocator.buffer(bytes: serverPreface))
        var received = serverPreface.count
        var parts: [HTTPClientResponsePart] = []
        let reader: ResponseReader
        do {
            reader = try HTTP2ClientPipeline.reader(of: stream)
        } catch {
            FuzzCheck.fail(name, "the request stream has no reader: \(error)")
        }
        for slice in FuzzSlices(data) {
            guard channel.isActive else { break }
            received += slice.count
            _ = try? channel.writeInbound(channel.allocator.buffer(bytes: slice))
            channel.embeddedEventLoop.run()
            stream.read()  // as ResponseReader asks when a request waits
            parts += reader.takeBuffered()
            sent += drain(channel)
            // Memory stays bounded: what the client writes back (ACKs, WINDOW_UPDATEs, resets)
            // is a small multiple of what it received.
            FuzzCheck.require(
                sent <= 4 * received + 4096, name, "the client wrote \(sent) bytes for \(received) received")
        }
        _ = try? channel.finish(acceptAlreadyClosed: true)
        channel.embeddedEventLoop.run()
        parts += reader.takeBuffered()
        check(parts, inputCount: data.count)
        if let error = reader.error, let typed = pipeline.clientError(for: error, phase: .firstByte) {
            FuzzCheck.require(
                !typed.description.contains("untyped"), name, "an untyped error reached the request: \(typed)")
        }
    }

    /// Bytes the client wrote to the server since the last call, dropped.
    static func drain(_ channel: EmbeddedChannel) -> Int {
        var count = 0
        while let buffer = try? channel.readOutbound(as: ByteBuffer.self) { count += buffer.readableBytes }
        return count
    }

    /// At most one final response, in order, within the header limit, its body no larger than
    /// the input.
    static func check(_ parts: [HTTPClientResponsePart], inputCount: Int) {
        let name = target.name
        var state = 0  // 0 before the final head, 1 in the body, 2 after the end
        var bodyBytes = 0
        for part in parts {
            switch part {
            case .head(let response):
                FuzzCheck.require(state == 0, name, "a head after the final response head")
                if response.status.code >= 200 { state = 1 }
                let headerBytes = response.headers.fieldBytes
                FuzzCheck.require(
                    headerBytes <= limits.maxHeaderBytes, name,
                    "\(headerBytes) header bytes passed a limit of \(limits.maxHeaderBytes)")
            case .body(let buffer):
                FuzzCheck.require(state == 1, name, "a body part outside a response")
                bodyBytes += buffer.readableBytes
            case .end:
                FuzzCheck.require(state == 1, name, "an end part outside a response")
                state = 2
            }
        }
        FuzzCheck.require(bodyBytes <= inputCount, name, "the body holds more bytes than were received")
    }
}
