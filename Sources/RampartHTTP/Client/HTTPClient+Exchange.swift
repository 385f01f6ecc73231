import NIOCore
import NIOHTTP1
import RampartPolicy

/// One hop's exchange: a connection taken from the pool or opened, the request sent, the
/// response head read and its body handed over as a stream.
extension HTTPClient {
    /// One request on one connection: a kept-alive one when there is one (retried once on a
    /// fresh connection if the server had closed it, unless the body cannot be read again from its
    /// start), else a new one.
    func exchange(_ request: HTTPRequest, target: Target, key: ConnectionKey, deadline: Deadline)
        async throws(HTTPClientError) -> HTTPResponse
    {
        let loop = affinity.loop(for: key)
        return try await affinity.run(on: loop) { () async throws(HTTPClientError) -> HTTPResponse in
            try await exchange(request, target: target, key: key, loop: loop, deadline: deadline)
        }
    }

    /// One request, on HTTP/2 or HTTP/1.1 as the origin's connection speaks; a request an HTTP/2
    /// server did not process (``HTTP2Unprocessed``) is sent again on a new connection when that
    /// is safe (``HTTP2Limits/maxUnprocessedRetries``; the method allows it and the body is absent
    /// or can be read again from its start), else fails saying why it was not.
    func exchange(
        _ request: HTTPRequest, target: Target, key: ConnectionKey, loop: any EventLoop, deadline: Deadline
    ) async throws(HTTPClientError) -> HTTPResponse {
        var retried = 0
        while true {
            do {
                return try await exchangeOnce(request, target: target, key: key, loop: loop, deadline: deadline)
            } catch let unprocessed as HTTP2Unprocessed {
                guard retried < configuration.http2.maxUnprocessedRetries, unprocessed.mayRetry(request.method) else {
                    throw unprocessed.error(method: request.method, retried: retried)
                }
                retried += 1
            } catch {
                throw Self.translate(error, endpoint: key.endpoint)
            }
        }
    }

    private func exchangeOnce(
        _ request: HTTPRequest, target: Target, key: ConnectionKey, loop: any EventLoop, deadline: Deadline
    ) async throws -> HTTPResponse {
        let mayMultiplex = key.tls != nil && configuration.httpVersion != .http1Only
        var lead: EventLoopPromise<Void>?
        if mayMultiplex {
            var waited = false
            while true {
                if let shared = pool.http2(key) {
                    configuration.onEvent?(.reusingConnection(key.endpoint))
                    return try await sendOnStream(request, target: target, of: shared, reused: true, deadline: deadline)
                }
                if waited { break }
                let opening = pool.opening(key, on: loop)
                lead = opening.lead
                guard let pending = opening.wait else { break }
                // Another request is opening this origin's connection: if it speaks HTTP/2, share it.
                try? await pending.get()
                waited = true
            }
        }
        defer { pool.opened(key, lead) }
        if let kept = await pool.take(key) {
            configuration.onEvent?(.reusingConnection(key.endpoint))
            do {
                return try await send(request, target: target, on: kept, reused: true, deadline: deadline)
            } catch is StaleConnection {
                // The server had closed the kept-alive connection: a fresh one is opened below.
            }
        }
        let connection: HTTPConnection
        switch try await factory.connect(key, on: loop, deadline: deadline) {
        case .http1(let opened):
            if mayMultiplex { pool.noteHTTP1(key) }
            pool.opened(key, lead)
            connection = opened
        case .http2(let opened):
            pool.register(opened)
            pool.opened(key, lead)
            return try await sendOnStream(request, target: target, of: opened, reused: false, deadline: deadline)
        }
        do {
            return try await send(request, target: target, on: connection, reused: false, deadline: deadline)
        } catch let stale as StaleConnection {
            throw Self.translate(stale.underlying, endpoint: key.endpoint)
        }
    }

    /// One request on a new stream of an HTTP/2 connection (waiting for a free stream within the
    /// connect timeout).
    private func sendOnStream(
        _ request: HTTPRequest, target: Target, of connection: HTTP2Connection, reused: Bool, deadline: Deadline
    ) async throws -> HTTPResponse {
        let stream = try await connection.openStream(
            budget: deadline.budget(.connect, configuration.timeouts.connect, endpoint: target.endpoint))
        return try await send(request, target: target, on: stream, reused: reused, deadline: deadline)
    }

    func send(
        _ request: HTTPRequest, target: Target, on connection: HTTPConnection, reused: Bool, deadline: Deadline
    ) async throws -> HTTPResponse {
        let head = requestHead(request, target: target, proxy: connection.key.tls == nil ? connection.key.proxy : nil)
        let endpoint = target.endpoint
        let idle = configuration.timeouts.idle
        var receivedAnything = false
        var phase = HTTPPhase.requestBody
        do {
            try await connection.send(
                head: head, body: request.body, maxStreamedBytes: configuration.limits.maxStreamedRequestBytes
            ) { deadline.budget(.requestBody, idle, endpoint: endpoint) }
            phase = .firstByte
            let (budget, timeout) = deadline.budget(.firstByte, configuration.timeouts.firstByte, endpoint: endpoint)
            var part = try await connection.nextPart(timeout: budget) { timeout }
            receivedAnything = true
            // HTTP/2 hands informational (1xx) heads on; HTTP/1.1's decoder already dropped them.
            while case .head(let informational) = part, informational.status.code < 200 {
                let (budget, timeout) = deadline.budget(
                    .firstByte, configuration.timeouts.firstByte, endpoint: endpoint)
                part = try await connection.nextPart(timeout: budget) { timeout }
            }
            guard case .head(let responseHead) = part else {
                throw HTTPClientError.malformedResponse(
                    endpoint, detail: "the response did not start with a status line")
            }
            try checkHeaderLimits(responseHead.headers, endpoint: endpoint)
            let limit = configuration.limits.maxResponseBytes
            if let declared = responseHead.headers.first(name: "Content-Length").flatMap(Int.init), declared > limit {
                connection.close()
                throw HTTPClientError.responseTooLarge(endpoint, limit: limit, declared: declared)
            }
            let decoder = try contentDecoder(for: responseHead.headers, request: request, endpoint: endpoint)
            var info = connection.info
            info.reused = reused
            let keepAlive = responseHead.isKeepAlive && head.isKeepAlive
            var prefetched: [ByteBuffer] = []
            var ended = false
            var trailers: HTTPHeaders?
            for part in await connection.takeBuffered() {
                switch part {
                case .body(let slice): prefetched.append(slice)
                case .end(let sent):
                    ended = true
                    trailers = sent
                case .head:
                    throw HTTPClientError.malformedResponse(endpoint, detail: "a second response head arrived")
                }
            }
            if prefetched.reduce(0, { $0 + $1.readableBytes }) > limit {
                throw HTTPClientError.responseTooLarge(endpoint, limit: limit, declared: nil)
            }
            if ended {
                if keepAlive { await pool.put(connection) } else { connection.close() }
            }
            let stream = BodyStream(
                connection: connection, pool: pool, affinity: affinity, limit: limit,
                idle: configuration.timeouts.idle, deadline: deadline, keepAlive: keepAlive, prefetched: prefetched,
                released: ended, trailers: trailers, decoder: decoder)
            return HTTPResponse(
                status: Int(responseHead.status.code), reason: responseHead.status.reasonPhrase,
                headers: responseHead.headers, url: request.url, hops: [request.url], decisions: [], connection: info,
                body: HTTPResponseBody(stream: stream))
        } catch {
            connection.close()
            if let shared = connection.multiplexedOn {
                let classified = shared.classify(error, phase: phase)
                // Sending began, so a body that cannot be read again from its start is spent.
                if var unprocessed = classified as? HTTP2Unprocessed, let body = request.body, !body.isReplayable {
                    unprocessed.bodyNotReplayable = true
                    throw unprocessed
                }
                throw classified
            }
            if reused && !receivedAnything && !(error is HTTPClientError) {
                // Sending began, so a body that cannot be read again from its start is spent.
                guard request.body?.isReplayable ?? true else {
                    throw HTTPClientError.connectionClosed(
                        endpoint,
                        detail: "the server closed the kept-alive connection before answering; the request was not "
                            + "sent again because its body (a pipe, a FIFO or a device) was partly read and cannot "
                            + "be read again from its start")
                }
                throw StaleConnection(underlying: error)
            }
            throw error
        }
    }

    /// ``HTTPLimits``' header count and bytes, for HTTP/2 too (HTTP/1.1's decoder checks them as it
    /// reads; NIOHTTP2's HPACK decoder bounds the bytes by `SETTINGS_MAX_HEADER_LIST_SIZE`).
    private func checkHeaderLimits(_ headers: HTTPHeaders, endpoint: Endpoint) throws {
        let limits = configuration.limits
        if headers.count > limits.maxHeaderCount {
            throw HTTPClientError.responseHeadersTooLarge(
                endpoint, detail: "\(headers.count) header fields, more than the limit of \(limits.maxHeaderCount)")
        }
        let bytes = headers.fieldBytes
        if bytes > limits.maxHeaderBytes {
            throw HTTPClientError.responseHeadersTooLarge(
                endpoint,
                detail: "\(bytes) bytes of header names and values, more than the limit of \(limits.maxHeaderBytes)")
        }
    }
}
