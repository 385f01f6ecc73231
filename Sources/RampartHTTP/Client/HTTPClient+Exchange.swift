import NIOCore
import NIOHTTP1

/// One hop's exchange: a connection taken from the pool or opened, the request sent, the
/// response head read and its body handed over as a stream.
extension HTTPClient {
    /// One request on one connection: a kept-alive one when there is one (retried once on a
    /// fresh connection if the server had closed it), else a new one.
    func exchange(_ request: HTTPRequest, target: Target, key: ConnectionKey, deadline: Deadline)
        async throws(HTTPClientError) -> HTTPResponse
    {
        let loop = affinity.loop(for: key)
        return try await affinity.run(on: loop) { () async throws(HTTPClientError) -> HTTPResponse in
            try await exchange(request, target: target, key: key, loop: loop, deadline: deadline)
        }
    }

    func exchange(
        _ request: HTTPRequest, target: Target, key: ConnectionKey, loop: any EventLoop, deadline: Deadline
    ) async throws(HTTPClientError) -> HTTPResponse {
        if let kept = await pool.take(key) {
            configuration.onEvent?(.reusingConnection(key.endpoint))
            do {
                return try await send(request, target: target, on: kept, reused: true, deadline: deadline)
            } catch is StaleConnection {
                // The server had closed the kept-alive connection: a fresh one is opened below.
            } catch {
                throw Self.translate(error, host: key.host)
            }
        }
        let connection: HTTPConnection
        do {
            connection = try await factory.connect(key, on: loop, deadline: deadline)
        } catch {
            throw Self.translate(error, host: key.host)
        }
        do {
            return try await send(request, target: target, on: connection, reused: false, deadline: deadline)
        } catch let stale as StaleConnection {
            throw Self.translate(stale.underlying, host: key.host)
        } catch {
            throw Self.translate(error, host: key.host)
        }
    }

    func send(
        _ request: HTTPRequest, target: Target, on connection: HTTPConnection, reused: Bool, deadline: Deadline
    ) async throws -> HTTPResponse {
        let head = requestHead(request, target: target, proxy: connection.key.tls == nil ? connection.key.proxy : nil)
        let host = target.host
        let idle = configuration.timeouts.idle
        var receivedAnything = false
        do {
            try await connection.send(
                head: head, body: request.body, maxStreamedBytes: configuration.limits.maxStreamedRequestBytes
            ) { deadline.budget(.requestBody, idle, host: host) }
            let (budget, timeout) = deadline.budget(.firstByte, configuration.timeouts.firstByte, host: host)
            let part = try await connection.nextPart(timeout: budget) { timeout }
            receivedAnything = true
            guard case .head(let responseHead) = part else {
                throw HTTPClientError.malformedResponse(
                    host: host, detail: "the response did not start with a status line")
            }
            let limit = configuration.limits.maxResponseBytes
            if let declared = responseHead.headers.first(name: "Content-Length").flatMap(Int.init), declared > limit {
                connection.close()
                throw HTTPClientError.responseTooLarge(host: host, limit: limit, declared: declared)
            }
            var info = connection.info
            info.reused = reused
            let keepAlive = responseHead.isKeepAlive && head.isKeepAlive
            var prefetched: [ByteBuffer] = []
            var ended = false
            for part in await connection.takeBuffered() {
                switch part {
                case .body(let slice): prefetched.append(slice)
                case .end: ended = true
                case .head:
                    throw HTTPClientError.malformedResponse(host: host, detail: "a second response head arrived")
                }
            }
            if prefetched.reduce(0, { $0 + $1.readableBytes }) > limit {
                throw HTTPClientError.responseTooLarge(host: host, limit: limit, declared: nil)
            }
            if ended {
                if keepAlive { await pool.put(connection) } else { connection.close() }
            }
            let stream = BodyStream(
                connection: connection, pool: pool, affinity: affinity, limit: limit,
                idle: configuration.timeouts.idle, deadline: deadline, keepAlive: keepAlive, prefetched: prefetched,
                released: ended)
            return HTTPResponse(
                status: Int(responseHead.status.code), reason: responseHead.status.reasonPhrase,
                headers: responseHead.headers, url: request.url, hops: [request.url], decisions: [], connection: info,
                body: HTTPResponseBody(stream: stream))
        } catch {
            connection.close()
            if reused && !receivedAnything && !(error is HTTPClientError) { throw StaleConnection(underlying: error) }
            throw error
        }
    }
}
