import Foundation
import NIOCore
import NIOHTTP1

/// One established HTTP/1.1 connection (TLS or cleartext, direct or tunnelled), owned by one
/// request at a time and parked in the ``ConnectionPool`` between requests.
final class HTTPConnection: Sendable {
    let channel: any Channel
    let key: ConnectionKey
    let info: HTTPConnectionInfo
    private let reader: NIOLoopBound<ResponseReader>

    init(channel: any Channel, key: ConnectionKey, info: HTTPConnectionInfo, reader: NIOLoopBound<ResponseReader>) {
        self.channel = channel
        self.key = key
        self.info = info
        self.reader = reader
    }

    var eventLoop: any EventLoop { channel.eventLoop }

    /// Writes the request head and body, waiting for each slice to be flushed before reading the
    /// next, so an upload never buffers more than a slice.
    func send(head: HTTPRequestHead, body: HTTPRequestBody?, idleTimeout: TimeAmount, host: String) async throws {
        let timeoutError = HTTPClientError.timeout(.requestBody, after: idleTimeout.duration, host: host)
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        switch body?.storage {
        case nil:
            try await bounded(channel.writeAndFlush(HTTPClientRequestPart.end(nil)), idleTimeout, timeoutError)
        case .bytes(let buffer):
            channel.write(HTTPClientRequestPart.body(.byteBuffer(buffer)), promise: nil)
            try await bounded(channel.writeAndFlush(HTTPClientRequestPart.end(nil)), idleTimeout, timeoutError)
        case .file(let url):
            let file: FileHandle
            do {
                file = try FileHandle(forReadingFrom: url)
            } catch {
                throw HTTPClientError.requestBodyFailed("cannot open \(url.path): \(error.localizedDescription)")
            }
            defer { try? file.close() }
            var sent = 0
            while true {
                let slice: Data
                do {
                    slice = try file.read(upToCount: 64 << 10) ?? Data()
                } catch {
                    throw HTTPClientError.requestBodyFailed("cannot read \(url.path): \(error.localizedDescription)")
                }
                if slice.isEmpty { break }
                sent += slice.count
                let part = HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: slice)))
                try await bounded(channel.writeAndFlush(part), idleTimeout, timeoutError)
            }
            guard sent == body?.length else {
                throw HTTPClientError.requestBodyFailed("\(url.path) changed size while it was being sent")
            }
            try await bounded(channel.writeAndFlush(HTTPClientRequestPart.end(nil)), idleTimeout, timeoutError)
        case .stream(let makeSequence):
            var sent = 0
            do {
                for try await slice in makeSequence() {
                    sent += slice.readableBytes
                    if let length = body?.length, sent > length {
                        throw HTTPClientError.requestBodyFailed(
                            "the body stream is longer than its declared \(length) bytes")
                    }
                    try await bounded(
                        channel.writeAndFlush(HTTPClientRequestPart.body(.byteBuffer(slice))), idleTimeout, timeoutError
                    )
                }
            } catch let error as HTTPClientError {
                throw error
            } catch {
                throw HTTPClientError.requestBodyFailed("the body stream failed: \(error)")
            }
            if let length = body?.length, sent != length {
                throw HTTPClientError.requestBodyFailed("the body stream gave \(sent) of its declared \(length) bytes")
            }
            try await bounded(channel.writeAndFlush(HTTPClientRequestPart.end(nil)), idleTimeout, timeoutError)
        }
    }

    /// The next response part, or `timeoutError` when none comes within `timeout`.
    func nextPart(timeout: TimeAmount, timeoutError: @escaping @Sendable () -> any Error) async throws
        -> HTTPClientResponsePart
    {
        let reader = self.reader
        let loop = eventLoop
        if loop.inEventLoop {
            return try await reader.value.next(on: loop, timeout: timeout, timeoutError: timeoutError).get()
        }
        return try await loop.flatSubmit {
            reader.value.next(on: loop, timeout: timeout, timeoutError: timeoutError)
        }.get()
    }

    /// The response parts already read and decoded (typically a small body and its end, which
    /// arrive with the head).
    func takeBuffered() async -> [HTTPClientResponsePart] {
        let reader = self.reader
        if eventLoop.inEventLoop { return reader.value.takeBuffered() }
        return (try? await eventLoop.submit { reader.value.takeBuffered() }.get()) ?? []
    }

    /// Parks the connection for reuse; `false` when it cannot carry another request.
    func park() async -> Bool {
        let reader = self.reader
        if eventLoop.inEventLoop {
            guard reader.value.isReusable else { return false }
            reader.value.becomeIdle()
            return true
        }
        let result = try? await eventLoop.submit { () -> Bool in
            guard reader.value.isReusable else { return false }
            reader.value.becomeIdle()
            return true
        }.get()
        return result ?? false
    }

    /// Takes the connection out of the pool if it is still open and idle.
    func claim() async -> Bool {
        let reader = self.reader
        if eventLoop.inEventLoop { return reader.value.claim() }
        let result = try? await eventLoop.submit { reader.value.claim() }.get()
        return result ?? false
    }

    func close() {
        channel.close(promise: nil)
    }

    private func bounded(_ future: EventLoopFuture<Void>, _ timeout: TimeAmount, _ timeoutError: HTTPClientError)
        async throws
    {
        try await ConnectionFactory.wait(future, timeout, timeoutError, closing: channel)
    }
}

extension TimeAmount {
    var duration: Duration { .nanoseconds(nanoseconds) }

    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
