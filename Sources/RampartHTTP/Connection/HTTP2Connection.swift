import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOHTTP2

/// One established HTTP/2 connection to one origin (its ``ConnectionKey``: never shared with
/// another host, whatever its certificate covers), carrying many requests at once, each on a
/// stream of its own.
///
/// A request takes a stream slot (at most ``HTTP2Limits/maxConcurrentStreams`` and the server's
/// `SETTINGS_MAX_CONCURRENT_STREAMS` at once; later ones wait) and gets the stream as an
/// ``HTTPConnection`` whose pipeline is NIOHTTP2's HTTP/1 codec and the same ``ResponseReader`` as
/// an HTTP/1.1 connection, so the request and response code is the one HTTP/1.1 uses. A `GOAWAY`
/// drains the connection: streams the server processed finish, new requests go to a new
/// connection, and a request the server did not process is reported as such
/// (``HTTP2Unprocessed``) so the client can retry it when that is safe.
final class HTTP2Connection: Sendable {
    let channel: any Channel
    let key: ConnectionKey
    let info: HTTPConnectionInfo
    private let limits: HTTPLimits
    private let maxStreams: Int
    private let idleLifetime: TimeAmount
    private let multiplexer: NIOLockedValueBox<NIOHTTP2Handler.StreamMultiplexer?>
    private let state = NIOLockedValueBox(State())
    /// Told when the connection can take no new request (drained, failed or closed).
    private let onRetire: NIOLockedValueBox<(@Sendable (HTTP2Connection) -> Void)?>

    private struct Waiter {
        var id: Int
        var promise: EventLoopPromise<Void>
        var timer: Scheduled<Void>?
    }

    private struct State {
        var open = 0
        /// The server's `SETTINGS_MAX_CONCURRENT_STREAMS` (unbounded until it says).
        var serverMax = Int.max
        var waiters = CircularBuffer<Waiter>()
        var nextWaiter = 0
        var goAway: (lastStreamID: HTTP2StreamID, errorCode: HTTP2ErrorCode)?
        /// Why the connection failed, in words.
        var failure: String?
        var closed = false
        /// Closing once the last stream ends (the client was shut down).
        var closing = false
        var idleGeneration = 0
        /// `WINDOW_UPDATE` frames the server may still send (``HTTP2Limits/maxWindowUpdateFrames``,
        /// plus what the client's requests and `DATA` frames earned).
        var windowUpdateCredit = 0
    }

    init(
        channel: any Channel, key: ConnectionKey, info: HTTPConnectionInfo, limits: HTTPLimits, http2: HTTP2Limits,
        idleLifetime: TimeAmount
    ) {
        self.channel = channel
        self.key = key
        self.info = info
        self.limits = limits
        maxStreams = max(1, http2.maxConcurrentStreams)
        self.idleLifetime = idleLifetime
        multiplexer = NIOLockedValueBox(nil)
        onRetire = NIOLockedValueBox(nil)
        state.withLockedValue { $0.windowUpdateCredit = max(0, http2.maxWindowUpdateFrames) }
    }

    var eventLoop: any EventLoop { channel.eventLoop }

    /// ``HTTPLimits/maxHeaderBytes``, announced as `SETTINGS_MAX_HEADER_LIST_SIZE`.
    var maxHeaderBytes: Int { limits.maxHeaderBytes }

    /// Installs NIOHTTP2 (client mode, the settings and protections of `http2`) and the monitor on
    /// a channel whose TLS handshake selected `h2`. Runs on the channel's event loop.
    static func install(
        on channel: any Channel, key: ConnectionKey, info: HTTPConnectionInfo, limits: HTTPLimits,
        http2: HTTP2Limits, idleLifetime: TimeAmount
    ) throws -> HTTP2Connection {
        let connection = HTTP2Connection(
            channel: channel, key: key, info: info, limits: limits, http2: http2, idleLifetime: idleLifetime)
        let sync = channel.pipeline.syncOperations
        let multiplexer = try sync.configureHTTP2Pipeline(
            mode: .client,
            connectionConfiguration: http2.configuration(maxHeaderListSize: limits.maxHeaderBytes).connection,
            streamConfiguration: http2.configuration(maxHeaderListSize: limits.maxHeaderBytes).stream
        ) { [weak connection] pushed in
            // Push is disabled in SETTINGS: a server that pushes anyway breaks the protocol. (Weak, and the
            // connection's channel through the stream: NIOHTTP2's handler keeps this closure, and the
            // connection keeps the handler's multiplexer until it closes.)
            connection?.failed("the server pushed a stream (PUSH_PROMISE) although the client disabled push")
            pushed.close(promise: nil)
            pushed.parent?.close(promise: nil)
            return pushed.eventLoop.makeFailedFuture(
                ConnectionFailure.closed("the server pushed a stream (PUSH_PROMISE) although push is disabled"))
        }
        connection.multiplexer.withLockedValue { $0 = multiplexer }
        try sync.addHandler(HTTP2ConnectionMonitor(connection: connection))
        return connection
    }

    /// Called once, when the connection can take no new request.
    func whenRetired(_ body: @escaping @Sendable (HTTP2Connection) -> Void) {
        onRetire.withLockedValue { $0 = body }
    }

    /// Whether a new request may open a stream here.
    var isUsable: Bool {
        state.withLockedValue { !$0.closed && !$0.closing && $0.goAway == nil && $0.failure == nil }
    }

    /// Opens a stream for one request, waiting for a free slot within `budget`. Throws
    /// ``HTTP2Unprocessed`` when the connection drained or closed before the stream opened.
    func openStream(budget: (TimeAmount, HTTPClientError)) async throws -> HTTPConnection {
        try await reserve(budget: budget)
        let multiplexer = self.multiplexer.withLockedValue { $0 }
        guard let multiplexer, isUsable else {
            release()
            throw unprocessed(streamID: nil)
        }
        let loop = eventLoop
        let stream: any Channel
        do {
            // The request's task runs on the connection's loop (`LoopAffinity`), where NIOHTTP2 creates
            // the stream at once: no trip through the loop's queue, no suspension.
            let created =
                loop.inEventLoop
                ? Self.makeStream(on: multiplexer, of: self)
                : loop.flatSubmit { Self.makeStream(on: multiplexer, of: self) }
            stream = try await created.settled()
        } catch {
            release()
            throw unprocessed(streamID: nil)
        }
        stream.closeFuture.whenComplete { [self] _ in release() }
        let prepare: @Sendable () throws -> NIOLoopBound<ResponseReader> = {
            let reader = try stream.pipeline.syncOperations.handler(type: ResponseReader.self)
            // The stream reads only when the request asks, as an HTTP/1.1 connection does.
            guard let options = stream.syncOptions else {
                throw ConnectionFailure.closed("the request stream cannot be set to read on demand")
            }
            try options.setOption(ChannelOptions.autoRead, value: false)
            return NIOLoopBound(reader, eventLoop: loop)
        }
        let reader = loop.inEventLoop ? try prepare() : try await loop.submit(prepare).get()
        return HTTPConnection(channel: stream, key: key, info: info, reader: reader, multiplexedOn: self)
    }

    /// A new request stream: NIOHTTP2's HTTP/1 client codec and a ``ResponseReader``, as a
    /// request sees an HTTP/1.1 connection.
    static func makeStream(on multiplexer: NIOHTTP2Handler.StreamMultiplexer, of connection: HTTP2Connection)
        -> EventLoopFuture<any Channel>
    {
        multiplexer.createStreamChannel { stream in
            stream.eventLoop.makeCompletedFuture {
                let sync = stream.pipeline.syncOperations
                try sync.addHandler(HTTP2StreamFrameCounter(connection: connection))
                try sync.addHandler(HTTP2ResponseStatusGuard())
                try sync.addHandler(HTTP2FramePayloadToHTTP1ClientCodec(httpProtocol: .https))
                try sync.addHandler(ResponseReader())
            }
        }
    }

    /// The client sent a frame on a stream: a request's `HEADERS` earns the server one
    /// `WINDOW_UPDATE`, a `DATA` frame two (the stream's and the connection's).
    func sent(_ payload: HTTP2Frame.FramePayload) {
        let earned: Int
        switch payload {
        case .headers: earned = 1
        case .data: earned = 2
        default: return
        }
        state.withLockedValue { $0.windowUpdateCredit += earned }
    }

    /// The server sent a `WINDOW_UPDATE` (on the connection or a stream): past
    /// ``HTTP2Limits/maxWindowUpdateFrames`` unearned ones the connection fails and closes.
    func receivedWindowUpdate() {
        let exceeded = state.withLockedValue { state -> Bool in
            state.windowUpdateCredit -= 1
            return state.windowUpdateCredit == -1
        }
        guard exceeded else { return }
        failed(
            "the server sent more WINDOW_UPDATE frames than the client's requests and DATA frames explain "
                + "(maxWindowUpdateFrames)")
        channel.close(promise: nil)
    }

    /// The stream multiplexer, once installed.
    var streams: NIOHTTP2Handler.StreamMultiplexer? { multiplexer.withLockedValue { $0 } }

    /// Why the connection failed, if it did.
    var failure: String? { state.withLockedValue { $0.failure } }

    /// Takes a stream slot, or waits for one.
    private func reserve(budget: (TimeAmount, HTTPClientError)) async throws {
        let loop = eventLoop
        let maxStreams = self.maxStreams
        enum Outcome {
            case reserved
            case unusable
            case wait(EventLoopPromise<Void>, Int)
        }
        let outcome = state.withLockedValue { state -> Outcome in
            if state.closed || state.closing || state.goAway != nil || state.failure != nil { return .unusable }
            if state.open < min(maxStreams, state.serverMax) && state.waiters.isEmpty {
                state.open += 1
                state.idleGeneration += 1
                return .reserved
            }
            let promise = loop.makePromise(of: Void.self)
            state.nextWaiter += 1
            state.waiters.append(Waiter(id: state.nextWaiter, promise: promise, timer: nil))
            return .wait(promise, state.nextWaiter)
        }
        switch outcome {
        case .reserved:
            return
        case .unusable:
            throw unprocessed(streamID: nil)
        case .wait(let promise, let id):
            let (timeout, timeoutError) = budget
            let timer = loop.scheduleTask(in: timeout) { [self] in
                let removed = state.withLockedValue { state -> Bool in
                    guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return false }
                    state.waiters.remove(at: index)
                    return true
                }
                if removed { promise.fail(timeoutError) }
            }
            state.withLockedValue { state in
                if let index = state.waiters.firstIndex(where: { $0.id == id }) { state.waiters[index].timer = timer }
            }
            try await promise.futureResult.get()
        }
    }

    /// A stream ended: its slot goes to the next waiting request, or the connection starts its
    /// idle lifetime.
    private func release() {
        let maxStreams = self.maxStreams
        let (woken, closeNow, idleGeneration) = state.withLockedValue {
            state -> ([Waiter], Bool, Int?) in
            state.open = max(0, state.open - 1)
            var woken: [Waiter] = []
            while state.open < min(maxStreams, state.serverMax), let next = state.waiters.popFirst() {
                state.open += 1
                woken.append(next)
            }
            let idle = state.open == 0 && state.waiters.isEmpty
            let closeNow = idle && (state.closing || state.goAway != nil)
            if idle && !closeNow {
                state.idleGeneration += 1
                return (woken, false, state.idleGeneration)
            }
            return (woken, closeNow, nil)
        }
        for waiter in woken {
            waiter.timer?.cancel()
            waiter.promise.succeed(())
        }
        if closeNow { channel.close(promise: nil) }
        if let idleGeneration {
            eventLoop.scheduleTask(in: idleLifetime) { [self] in
                let expired = state.withLockedValue { $0.open == 0 && $0.idleGeneration == idleGeneration }
                if expired {
                    retire()
                    channel.close(promise: nil)
                }
            }
        }
    }

    /// The server's `SETTINGS_MAX_CONCURRENT_STREAMS`; waiting requests take the new slots.
    func serverAllows(streams: Int) {
        let maxStreams = self.maxStreams
        let woken = state.withLockedValue { state -> [Waiter] in
            state.serverMax = streams
            var woken: [Waiter] = []
            while state.open < min(maxStreams, state.serverMax), let next = state.waiters.popFirst() {
                state.open += 1
                woken.append(next)
            }
            return woken
        }
        for waiter in woken {
            waiter.timer?.cancel()
            waiter.promise.succeed(())
        }
    }

    /// `GOAWAY`: no new stream here; streams above `lastStreamID` were not processed (NIOHTTP2
    /// closes them); the connection closes when the others end.
    func receivedGoAway(lastStreamID: HTTP2StreamID, errorCode: HTTP2ErrorCode) {
        let (waiters, idle) = state.withLockedValue { state -> ([Waiter], Bool) in
            if let earlier = state.goAway {
                state.goAway = (min(earlier.lastStreamID, lastStreamID), errorCode)
            } else {
                state.goAway = (lastStreamID, errorCode)
            }
            defer { state.waiters.removeAll() }
            return (Array(state.waiters), state.open == 0)
        }
        retire()
        for waiter in waiters {
            waiter.timer?.cancel()
            waiter.promise.fail(unprocessed(streamID: nil))
        }
        // After NIOHTTP2 has told the streams above the last one that they were dropped.
        if idle { eventLoop.execute { [channel] in channel.close(promise: nil) } }
    }

    /// A connection error (protocol violation, a limit reached): remembered for the requests'
    /// errors; the monitor closes the channel.
    func failed(_ description: String) {
        state.withLockedValue { state in
            if state.failure == nil { state.failure = description }
        }
        retire()
    }

    /// The channel closed: waiting requests fail as unprocessed, and the multiplexer (which holds
    /// NIOHTTP2's handler and its buffers and HPACK tables) is let go.
    func closed() {
        multiplexer.withLockedValue { $0 = nil }
        let waiters = state.withLockedValue { state -> [Waiter] in
            state.closed = true
            defer { state.waiters.removeAll() }
            return Array(state.waiters)
        }
        retire()
        for waiter in waiters {
            waiter.timer?.cancel()
            waiter.promise.fail(unprocessed(streamID: nil))
        }
    }

    /// Takes no new request and closes once its streams have ended (the client shut down).
    func shutdown() {
        let idle = state.withLockedValue { state -> Bool in
            state.closing = true
            return state.open == 0
        }
        if idle { channel.close(promise: nil) }
    }

    private func retire() {
        let body = onRetire.withLockedValue { body in
            defer { body = nil }
            return body
        }
        body?(self)
    }

    /// What a failure of a stream of this connection means for its request: ``HTTP2Unprocessed``
    /// when the server did not process it (`REFUSED_STREAM`, or a stream above a `GOAWAY`'s last
    /// stream), else an ``HTTPClientError`` naming the phase.
    func classify(_ error: any Error, phase: HTTPPhase) -> any Error {
        if let error = error as? HTTPClientError { return error }
        if let error = error as? HTTP2Unprocessed { return error }
        let (goAway, failure) = state.withLockedValue { ($0.goAway, $0.failure) }
        if let closed = error as? NIOHTTP2Errors.StreamClosed {
            if closed.errorCode == .refusedStream {
                return HTTP2Unprocessed(
                    endpoint: key.endpoint, reason: "the server refused the stream (REFUSED_STREAM)", anyMethod: true)
            }
            if let goAway, closed.streamID > goAway.lastStreamID {
                return unprocessed(streamID: closed.streamID)
            }
        }
        if phase == .requestBody, goAway != nil, failure == nil, !(error is NIOHTTP2Errors.StreamClosed) {
            // The stream was never opened on the wire before the server went away.
            return unprocessed(streamID: nil)
        }
        return HTTPClientError.http2Failure(key.endpoint, phase: phase, detail: describe(error, failure: failure))
    }

    /// The words for a stream's failure: the connection's own failure first, when there was one.
    private func describe(_ error: any Error, failure: String?) -> String {
        if let failure { return failure }
        if let goAway = state.withLockedValue({ $0.goAway }), goAway.errorCode != .noError {
            return "the server ended the connection (GOAWAY \(HTTP2ErrorName.of(goAway.errorCode)))"
        }
        return Self.describe(error, maxHeaderBytes: limits.maxHeaderBytes)
    }

    /// The words for an HTTP/2 error; `maxHeaderBytes` is the header limit the connection announced.
    static func describe(_ error: any Error, maxHeaderBytes: Int? = nil) -> String {
        switch error {
        case let closed as NIOHTTP2Errors.StreamClosed:
            return "the server reset the stream (RST_STREAM \(HTTP2ErrorName.of(closed.errorCode)))"
        case is NIOHTTP2Errors.ExcessiveContinuationFrames:
            return "the server sent more CONTINUATION frames in a row than the limit (maxSequentialContinuationFrames)"
        case is NIOHTTP2Errors.ExcessiveOutboundFrameBuffering:
            return "the server made the client queue more control frames than the limit (maxBufferedControlFrames)"
        case is NIOHTTP2Errors.ExcessiveEmptyDataFrames:
            return "the server sent more empty DATA frames in a row than the limit (maxSequentialEmptyDataFrames)"
        case is NIOHTTP2Errors.ExcessiveRSTFrames:
            return "the server sent more RST_STREAM frames than the limit (maxResetFrames)"
        case is NIOHTTP2Errors.ExcessiveStreamErrors:
            return "the server caused more stream errors than the limit"
        case is NIOHTTP2Errors.ExcessiveControlFrames:
            return "the server sent more PING, SETTINGS or PRIORITY frames than the limit (maxControlFrames)"
        case is NIOHTTP2Errors.ExcessiveNumberOfGlitches:
            return "the server misbehaved more often than the limit (maxConnectionGlitches)"
        case is NIOHTTP2Errors.ExcessivelyLargeHeaderBlock:
            let bytes = maxHeaderBytes.map { ", \($0) bytes" } ?? ""
            return "the server sent a header block larger than the limit (maxHeaderBytes\(bytes))"
        case is NIOHTTP2Errors.UnableToParseFrame:
            return "the server sent a frame the client cannot parse: larger than SETTINGS_MAX_FRAME_SIZE "
                + "(16384 bytes), a header block HPACK cannot decode (such as a dynamic table grown past "
                + "SETTINGS_HEADER_TABLE_SIZE, headerTableSize), or malformed"
        case is NIOHTTP2Errors.PushInViolationOfSetting:
            return "the server sent PUSH_PROMISE although the client disabled push (SETTINGS_ENABLE_PUSH = 0): "
                + "a protocol error"
        case is NIOHTTP2Errors.FlowControlViolation:
            return "the server sent more DATA than the flow-control window allows (FLOW_CONTROL_ERROR: "
                + "streamWindowSize, connectionWindowSize)"
        case is NIOHTTP2Errors.InvalidFlowControlWindowSize:
            return
                "the server's WINDOW_UPDATE frames grew a flow-control window past 2^31 - 1 bytes (FLOW_CONTROL_ERROR)"
        case let invalid as NIOHTTP2Errors.InvalidStatusValue:
            return "the server sent the response status '\(invalid.value)', which is not a three-digit status code "
                + "(PROTOCOL_ERROR)"
        case is NIOHTTP2Errors.InvalidWindowIncrementSize:
            return "the server sent a WINDOW_UPDATE of 0 bytes (PROTOCOL_ERROR)"
        case let error as NIOHTTP2Errors.StreamError:
            return describe(error.baseError, maxHeaderBytes: maxHeaderBytes)
        case ConnectionFailure.closed(let detail):
            return detail
        case let error as any NIOHTTP2Error:
            return "protocol error: \(error)"
        default:
            return "\(error)"
        }
    }

    private func unprocessed(streamID: HTTP2StreamID?) -> HTTP2Unprocessed {
        let goAway = state.withLockedValue { $0.goAway }
        var reason = "the connection closed before the request was sent"
        if let goAway {
            reason =
                "the server sent GOAWAY (\(HTTP2ErrorName.of(goAway.errorCode)), last stream \(Int(goAway.lastStreamID)))"
            if let streamID { reason += " and did not process stream \(Int(streamID))" }
        }
        return HTTP2Unprocessed(endpoint: key.endpoint, reason: reason, anyMethod: false)
    }
}
