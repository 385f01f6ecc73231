#if AsyncHTTPClient  // Package.swift's AsyncHTTPClient trait: without it this module is empty and resolves nothing.
    import NIOConcurrencyHelpers
    import NIOCore
    import NIOHTTP1
    import NIOHTTP2
    import NIOPosix
    import NIOSSL
    import RampartTestKit

    /// A TLS server on 127.0.0.1 that offers only HTTP/2 (ALPN `h2`) and answers every request with
    /// `200 ok`, so that AsyncHTTPClient takes its HTTP/2 connection path.
    ///
    /// ```swift
    /// let server = try await HTTP2LabServer.start(chain: try LabPKI.shared().chain(.good))
    /// defer { Task { try await server.stop() } }
    /// ```
    final class HTTP2LabServer: Sendable {
        let port: Int
        private let listener: any Channel
        private let connections: LabChannelSet
        private let served: NIOLockedValueBox<Int>

        /// The number of requests answered so far.
        var requestsServed: Int { served.withLockedValue { $0 } }

        private init(listener: any Channel, connections: LabChannelSet, served: NIOLockedValueBox<Int>) {
            self.listener = listener
            self.connections = connections
            self.served = served
            self.port = listener.localAddress?.port ?? 0
        }

        static func start(chain: LabChain) async throws -> HTTP2LabServer {
            var tls = try LabServer.makeTLSConfiguration(LabServerConfiguration(chain: chain))
            tls.applicationProtocols = ["h2"]
            let context = try NIOSSLContext(configuration: tls)
            let connections = LabChannelSet()
            let served = NIOLockedValueBox(0)
            let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { child in
                    guard connections.register(child) else { return child.eventLoop.makeSucceededVoidFuture() }
                    return child.eventLoop.makeCompletedFuture {
                        let sync = child.pipeline.syncOperations
                        try sync.addHandler(NIOSSLServerHandler(context: context))
                        _ = try sync.configureHTTP2Pipeline(
                            mode: .server, connectionConfiguration: .init(), streamConfiguration: .init()
                        ) { stream in
                            stream.eventLoop.makeCompletedFuture {
                                try stream.pipeline.syncOperations.addHandlers([
                                    HTTP2FramePayloadToHTTP1ServerCodec(), OKResponder(served: served),
                                ])
                            }
                        }
                    }
                }
                .bind(host: "127.0.0.1", port: 0)
                .get()
            return HTTP2LabServer(listener: listener, connections: connections, served: served)
        }

        /// Stops listening and closes every open connection.
        func stop() async throws {
            try? await listener.close()
            for connection in connections.stop() { try? await connection.close() }
        }
    }

    /// Answers each request on an HTTP/2 stream with `200 ok` once the request has ended.
    private final class OKResponder: ChannelInboundHandler, Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        private let served: NIOLockedValueBox<Int>

        init(served: NIOLockedValueBox<Int>) { self.served = served }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .end = unwrapInboundIn(data) else { return }
            served.withLockedValue { $0 += 1 }
            let head = HTTPResponseHead(version: .http2, status: .ok, headers: ["content-length": "2"])
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: "ok")))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
#endif  // AsyncHTTPClient
