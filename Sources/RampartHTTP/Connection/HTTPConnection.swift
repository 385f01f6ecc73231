import Foundation
import NIOCore
import NIOHTTP1

/// One established HTTP/1.1 connection (TLS or cleartext, direct or tunnelled), owned by one
/// request at a time and parked in the ``ConnectionPool`` between requests; or one HTTP/2 stream
/// of an ``HTTP2Connection`` (``multiplexedOn``), carrying one request and never reused.
final class HTTPConnection: Sendable {
    let channel: any Channel
    let key: ConnectionKey
    let info: HTTPConnectionInfo
    private let reader: NIOLoopBound<ResponseReader>
    /// The HTTP/2 connection this stream belongs to; `nil` for an HTTP/1.1 connection.
    let multiplexedOn: HTTP2Connection?

    init(
        channel: any Channel, key: ConnectionKey, info: HTTPConnectionInfo, reader: NIOLoopBound<ResponseReader>,
        multiplexedOn: HTTP2Connection? = nil
    ) {
        self.channel = channel
        self.key = key
        self.info = info
        self.reader = reader
        self.multiplexedOn = multiplexedOn
    }

    /// The ``HTTPClientError`` for a failure in `phase`: HTTP/2's words (stream resets, `GOAWAY`,
    /// limits) on a stream, HTTP/1.1's otherwise.
    func translate(_ error: any Error, phase: HTTPPhase) -> HTTPClientError {
        guard let multiplexedOn else { return HTTPClient.translate(error, endpoint: key.endpoint) }
        switch multiplexedOn.classify(error, phase: phase) {
        case let error as HTTPClientError: return error
        case let unprocessed as HTTP2Unprocessed:
            return .http2Failure(key.endpoint, phase: phase, detail: unprocessed.reason)
        case let other: return HTTPClient.translate(other, endpoint: key.endpoint)
        }
    }

    var eventLoop: any EventLoop { channel.eventLoop }

    /// Writes the request head and body, waiting for each slice to be flushed before reading the
    /// next, so an upload never buffers more than a slice. Exactly the declared length is sent: a
    /// source that gives more or fewer bytes fails before the difference reaches the wire (the
    /// caller then closes the connection). A body of unknown length goes chunked and may send at
    /// most `maxStreamedBytes`. `budget` is asked before every wait, so the total deadline holds
    /// across a long upload.
    func send(
        head: HTTPRequestHead, body: HTTPRequestBody?, maxStreamedBytes: Int,
        budget: () -> (TimeAmount, HTTPClientError)
    ) async throws {
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        switch body?.storage {
        case nil:
            break
        case .bytes(let buffer):
            channel.write(HTTPClientRequestPart.body(.byteBuffer(buffer)), promise: nil)
        case .file(let url):
            try await sendFile(url, length: body?.length ?? 0, budget: budget)
        case .sequentialFile(let url):
            let reader = SequentialFileReader(path: url.path)
            defer { reader.close() }
            try await bounded(reader.open(on: eventLoop), budget)
            var sent = 0
            while true {
                let slice = try await bounded(reader.read(upTo: 64 << 10, on: eventLoop), budget)
                if slice.readableBytes == 0 { break }
                sent += slice.readableBytes
                guard sent <= maxStreamedBytes else { throw Self.tooLong(url.path, limit: maxStreamedBytes) }
                try await bounded(channel.writeAndFlush(HTTPClientRequestPart.body(.byteBuffer(slice))), budget)
            }
        case .stream(let makeSequence):
            let length = body?.length
            var sent = 0
            do {
                for try await slice in makeSequence() where slice.readableBytes > 0 {
                    sent += slice.readableBytes
                    if let length, sent > length {
                        throw HTTPClientError.requestBodyFailed(
                            "the body stream is longer than its declared \(length) bytes; nothing past them was sent")
                    }
                    if length == nil && sent > maxStreamedBytes {
                        throw Self.tooLong("the body stream", limit: maxStreamedBytes)
                    }
                    try await bounded(channel.writeAndFlush(HTTPClientRequestPart.body(.byteBuffer(slice))), budget)
                }
            } catch let error as HTTPClientError {
                throw error
            } catch {
                throw HTTPClientError.requestBodyFailed("the body stream failed: \(error)")
            }
            if let length, sent != length {
                throw HTTPClientError.requestBodyFailed("the body stream gave \(sent) of its declared \(length) bytes")
            }
        }
        try await bounded(channel.writeAndFlush(HTTPClientRequestPart.end(nil)), budget)
    }

    /// A regular file of `length` bytes: never more than `length` is read or sent, and a file that
    /// changed size meanwhile fails the request.
    private func sendFile(_ url: URL, length: Int, budget: () -> (TimeAmount, HTTPClientError)) async throws {
        let file: FileHandle
        do {
            file = try FileHandle(forReadingFrom: url)
        } catch {
            throw HTTPClientError.requestBodyFailed("cannot open \(url.path): \(error.localizedDescription)")
        }
        defer { try? file.close() }
        func read(_ count: Int) throws -> Data {
            do {
                return try file.read(upToCount: count) ?? Data()
            } catch {
                throw HTTPClientError.requestBodyFailed("cannot read \(url.path): \(error.localizedDescription)")
            }
        }
        var remaining = length
        while remaining > 0 {
            let slice = try read(min(64 << 10, remaining))
            guard !slice.isEmpty else {
                throw HTTPClientError.requestBodyFailed(
                    "\(url.path) shrank while it was being sent (\(length - remaining) of \(length) bytes)")
            }
            remaining -= slice.count
            let part = HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: slice)))
            try await bounded(channel.writeAndFlush(part), budget)
        }
        guard try read(1).isEmpty else {
            throw HTTPClientError.requestBodyFailed(
                "\(url.path) grew while it was being sent; only its first \(length) bytes, as declared, were sent")
        }
    }

    private static func tooLong(_ source: String, limit: Int) -> HTTPClientError {
        .requestBodyTooLarge(source: source, limit: limit)
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

    private func bounded<Value: Sendable>(
        _ future: EventLoopFuture<Value>, _ budget: () -> (TimeAmount, HTTPClientError)
    ) async throws -> Value {
        let (timeout, timeoutError) = budget()
        return try await ConnectionFactory.wait(future, timeout, timeoutError, closing: channel)
    }
}

extension TimeAmount {
    var duration: Duration { .nanoseconds(nanoseconds) }

    /// The duration in nanoseconds, saturating at about 292 years either way rather than trapping.
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, carry) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflow || carry {
            self = .nanoseconds(seconds < 0 ? .min : .max)
        } else {
            self = .nanoseconds(total)
        }
    }
}
