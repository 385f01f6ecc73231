import NIOCore
import NIOPosix

/// A loopback TCP peer that misbehaves on purpose, for clients and probes that must say what went
/// wrong: it never answers, closes each connection at once, answers like a plaintext HTTP server,
/// or sends fixed bytes.
///
/// ```swift
/// try await LabScriptedPeer.with(.silent) { port in
///     _ = try await ServedChainProbe.fetchDER(try Endpoint(host: "127.0.0.1", port: port), timeout: .seconds(1))
/// }
/// ```
public enum LabScriptedPeer {
    /// How the peer behaves on each connection.
    public enum Script: Sendable, CustomStringConvertible {
        /// Accepts and keeps the connection open without a byte.
        case silent
        /// Closes each connection as soon as it is accepted.
        case closeAtOnce
        /// Answers the first bytes received with an HTTP 400 response, then closes.
        case http
        /// Sends these bytes as soon as the connection is accepted, and keeps it open.
        case send([UInt8])
        /// Answers the first request of each connection (a head without a body) with an empty
        /// keep-alive `200`, then closes the connection unanswered when the next request's first
        /// bytes arrive: a server that dropped a kept-alive connection just as the client reused it.
        case answersOnce

        public var description: String {
            switch self {
            case .silent: return "silent"
            case .closeAtOnce: return "closeAtOnce"
            case .http: return "http"
            case .send(let bytes): return "send(\(bytes.count) bytes)"
            case .answersOnce: return "answersOnce"
            }
        }
    }

    /// Runs `body` with the port of a peer listening on 127.0.0.1, then stops it.
    public static func with<Result: Sendable>(_ script: Script, _ body: (Int) async throws -> Result) async throws
        -> Result
    {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    if case .answersOnce = script {
                        try child.pipeline.syncOperations.addHandler(AnswersOnceHandler())
                    } else {
                        try child.pipeline.syncOperations.addHandler(ScriptHandler(script: script))
                    }
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        do {
            let result = try await body(server.localAddress?.port ?? 0)
            try await server.close()
            return result
        } catch {
            try? await server.close()
            throw error
        }
    }

    private final class ScriptHandler: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let script: Script

        init(script: Script) { self.script = script }

        func channelActive(context: ChannelHandlerContext) {
            switch script {
            case .closeAtOnce: context.close(promise: nil)
            case .send(let bytes): context.writeAndFlush(Self.wrapOutboundOut(ByteBuffer(bytes: bytes)), promise: nil)
            case .silent, .http, .answersOnce: break
            }
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .http = script else { return }
            let answer = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            let channel = context.channel
            context.writeAndFlush(Self.wrapOutboundOut(ByteBuffer(string: answer))).whenComplete { _ in
                channel.close(promise: nil)
            }
        }
    }

    /// ``Script/answersOnce``: confined to its channel's event loop.
    private final class AnswersOnceHandler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        private var head = ByteBuffer()
        private var answered = false

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var bytes = unwrapInboundIn(data)
            guard !answered else {
                context.close(promise: nil)
                return
            }
            head.writeBuffer(&bytes)
            guard head.readableBytesView.firstRange(of: Array("\r\n\r\n".utf8)) != nil else { return }
            answered = true
            let answer = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: answer)), promise: nil)
        }
    }
}
