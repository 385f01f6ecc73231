import Foundation
import NIOCore
import NIOHTTP1

/// Answers each request a ``LabWebServer`` receives according to its route, streaming large and
/// endless bodies as the connection can take them.
final class LabWebRouteHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// A body being written slice by slice.
    private struct Stream {
        /// Bytes still to write; `nil` for a body that never ends.
        var remaining: Int?
        var offset: Int
        var sliceSize: Int
        var keepAlive: Bool
    }

    /// Slices written before yielding to other work on the event loop.
    private static let slicesPerTurn = 16
    /// Byte i is `UInt8(i % 251)`; long enough for any slice to start at any offset modulo 251.
    private static let pattern = LabPattern.bytes(count: 64 * 1024 + LabPattern.period)

    private let state: LabWebServerState
    private let outlet: LabRawOutlet
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var stream: Stream?

    init(state: LabWebServerState, outlet: LabRawOutlet) {
        self.state = state
        self.outlet = outlet
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let received):
            head = received
            body = []
        case .body(let bytes):
            body += bytes.readableBytesView
        case .end:
            guard let head else { return }
            self.head = nil
            let request = LabWebRequest(
                method: head.method.rawValue, path: head.uri, headers: head.headers.map { ($0.name, $0.value) },
                body: body)
            body = []
            state.withRecord { $0.requests.append(request) }
            route(request, keepAlive: head.isKeepAlive, context: context)
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { pump(context) }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stream = nil
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        stream = nil
        context.close(promise: nil)
    }

    private func route(_ request: LabWebRequest, keepAlive: Bool, context: ChannelHandlerContext) {
        let target = request.path
        let path = String(target.prefix { $0 != "?" })
        let query = target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) } ?? ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let argument = parts.count == 3 ? parts[2] : nil
        switch (parts.count > 1 ? parts[1] : "", argument) {
        case ("echo", nil):
            var text = "\(request.method) \(target)\n"
            for (name, value) in request.headers { text += "\(name): \(value)\n" }
            respond(
                context, status: 200, headers: [("Content-Type", "text/plain")],
                body: Array((text + "\n").utf8) + request.body, keepAlive: keepAlive)
        case ("mailbox", let name?) where !name.isEmpty:
            // A store-and-forward relay: POST keeps the body under NAME (the last one wins), GET gives it back.
            if request.method == "POST" {
                let body = request.body
                state.withRecord { $0.mailboxes[name] = body }
                respond(
                    context, status: 201, headers: [("Content-Type", "text/plain")],
                    body: Array("stored \(body.count) bytes for \(name)\n".utf8), keepAlive: keepAlive)
            } else if let stored = state.withRecord({ $0.mailboxes[name] }) {
                respond(
                    context, status: 200, headers: [("Content-Type", "application/octet-stream")], body: stored,
                    keepAlive: keepAlive)
            } else {
                respond(
                    context, status: 404, headers: [("Content-Type", "text/plain")],
                    body: Array("no message for \(name)\n".utf8), keepAlive: keepAlive)
            }
        case ("bytes", let count?):
            guard let count = Int(count), count >= 0 else { return badRequest(context, keepAlive: keepAlive) }
            startStream(
                context, headers: [("Content-Length", String(count))], remaining: count, sliceSize: 64 * 1024,
                keepAlive: keepAlive)
        case ("chunked", let count?):
            guard let count = Int(count), count >= 0 else { return badRequest(context, keepAlive: keepAlive) }
            startStream(
                context, headers: [("Transfer-Encoding", "chunked")], remaining: count, sliceSize: 8 * 1024,
                keepAlive: keepAlive)
        case ("status", let code?):
            guard let code = Int(code), (200...599).contains(code) else {
                return badRequest(context, keepAlive: keepAlive)
            }
            let empty = code == 204 || code == 304
            respond(
                context, status: code, headers: [("Content-Type", "text/plain")],
                body: empty ? [] : Array("status \(code)\n".utf8), keepAlive: keepAlive, sendsLength: !empty)
        case ("redirect", let code?):
            guard let code = Int(code), (300...399).contains(code), let location = Self.queryValue("to", in: query)
            else { return badRequest(context, keepAlive: keepAlive) }
            respond(context, status: code, headers: [("Location", location)], body: [], keepAlive: keepAlive)
        case ("redirect-chain", let remaining?):
            guard let remaining = Int(remaining), remaining >= 0 else {
                return badRequest(context, keepAlive: keepAlive)
            }
            if remaining == 0 {
                respond(
                    context, status: 200, headers: [("Content-Type", "text/plain")],
                    body: Array("end of chain\n".utf8), keepAlive: keepAlive)
            } else {
                respond(
                    context, status: 302, headers: [("Location", "/redirect-chain/\(remaining - 1)")], body: [],
                    keepAlive: keepAlive)
            }
        case ("set-cookie", nil):
            respond(
                context, status: 200,
                headers: [("Content-Type", "text/plain"), ("Set-Cookie", "session=lab; Secure; HttpOnly")],
                body: Array("cookie set\n".utf8), keepAlive: keepAlive)
        case ("stall", "head"):
            break
        case ("stall", "body"):
            let head = HTTPResponseHead(
                version: .http1_1, status: .ok,
                headers: HTTPHeaders([("Content-Type", "application/octet-stream"), ("Content-Length", "100")]))
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.writeAndFlush(
                wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: Self.pattern[0..<10])))), promise: nil)
        case ("endless", nil):
            startStream(
                context, headers: [("Transfer-Encoding", "chunked")], remaining: nil, sliceSize: 16 * 1024,
                keepAlive: false)
        case ("garbage", nil):
            outlet.sendAndClose(ByteBuffer(string: "NOT HTTP AT ALL\r\n\r\n"))
        case ("huge-headers", nil):
            let filler = String(repeating: "x", count: 1000)
            let headers = (0..<200).map { index in (String(format: "X-Lab-Filler-%03d", index), filler) }
            respond(
                context, status: 200, headers: [("Content-Type", "text/plain")] + headers,
                body: Array("200 headers of 1 KiB\n".utf8), keepAlive: keepAlive)
        case ("close", nil):
            respond(
                context, status: 200, headers: [("Content-Type", "text/plain")], body: Array("closing\n".utf8),
                keepAlive: false)
        default:
            respond(
                context, status: 200, headers: [("Content-Type", "text/plain")],
                body: Array("hello from the Rampart lab\n".utf8), keepAlive: keepAlive)
        }
    }

    /// The percent-decoded value of `name` in a query string.
    static func queryValue(_ name: String, in query: String) -> String? {
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0] == name { return String(parts[1]).removingPercentEncoding }
        }
        return nil
    }

    private func badRequest(_ context: ChannelHandlerContext, keepAlive: Bool) {
        respond(
            context, status: 400, headers: [("Content-Type", "text/plain")], body: Array("bad request\n".utf8),
            keepAlive: keepAlive)
    }

    private func respond(
        _ context: ChannelHandlerContext, status: Int, headers: [(String, String)], body: [UInt8], keepAlive: Bool,
        sendsLength: Bool = true
    ) {
        var fields = HTTPHeaders(headers)
        if sendsLength { fields.replaceOrAdd(name: "Content-Length", value: String(body.count)) }
        if !keepAlive { fields.replaceOrAdd(name: "Connection", value: "close") }
        let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: fields)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if !body.isEmpty { context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil) }
        finish(context, keepAlive: keepAlive)
    }

    private func finish(_ context: ChannelHandlerContext, keepAlive: Bool) {
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            let channel = context.channel
            done.whenComplete { _ in channel.close(promise: nil) }
        }
    }

    private func startStream(
        _ context: ChannelHandlerContext, headers: [(String, String)], remaining: Int?, sliceSize: Int,
        keepAlive: Bool
    ) {
        var fields = HTTPHeaders([("Content-Type", "application/octet-stream")] + headers)
        if !keepAlive { fields.replaceOrAdd(name: "Connection", value: "close") }
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: fields))), promise: nil)
        stream = Stream(remaining: remaining, offset: 0, sliceSize: sliceSize, keepAlive: keepAlive)
        pump(context)
    }

    /// Writes slices while the channel is writable, a few at a time; resumes when it becomes
    /// writable again.
    private func pump(_ context: ChannelHandlerContext) {
        guard var current = stream else { return }
        var written = 0
        while context.channel.isWritable && written < Self.slicesPerTurn {
            if current.remaining == 0 {
                stream = nil
                finish(context, keepAlive: current.keepAlive)
                return
            }
            let size = min(current.sliceSize, current.remaining ?? current.sliceSize)
            let start = current.offset % LabPattern.period
            context.write(
                wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: Self.pattern[start..<(start + size)])))),
                promise: nil)
            current.offset += size
            current.remaining = current.remaining.map { $0 - size }
            written += 1
        }
        stream = current
        context.flush()
        if context.channel.isWritable {
            context.eventLoop.assumeIsolated().execute { [self] in
                if context.channel.isActive { pump(context) }
            }
        }
    }
}
