import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import X509

/// Reads one proxy request head from a client, answers it, and for an accepted `CONNECT` turns
/// the connection into a relay (through TLS on both sides when intercepting).
final class LabProxyHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let settings: LabProxySettings
    private let state: LabProxyState
    private var received = ByteBuffer()
    private var answered = false

    init(settings: LabProxySettings, state: LabProxyState) {
        self.settings = settings
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        received.writeBuffer(&bytes)
        guard !answered else { return }
        let view = Array(received.readableBytesView)
        guard let end = view.firstRange(of: [13, 10, 13, 10]) else {
            if view.count > LabProxy.maximumHeadBytes {
                answer(context, status: 431, reason: "Request Header Fields Too Large")
            }
            return
        }
        guard end.lowerBound <= LabProxy.maximumHeadBytes else {
            answer(context, status: 431, reason: "Request Header Fields Too Large")
            return
        }
        answered = true
        received.moveReaderIndex(forwardBy: end.upperBound)
        handle(head: String(decoding: view[..<end.lowerBound], as: UTF8.self), context: context)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func handle(head: String, context: ChannelHandlerContext) {
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else {
            return answer(context, status: 400, reason: "Bad Request")
        }
        guard requestLine[0] == "CONNECT" else {
            return answer(context, status: 405, reason: "Method Not Allowed", headers: ["Allow: CONNECT"])
        }
        let authority = String(requestLine[1])
        state.withRecord { $0.targets.append(authority) }
        if let expected = settings.expectedAuthorization {
            let given = lines.dropFirst().compactMap { line -> String? in
                guard let colon = line.firstIndex(of: ":"),
                    line[..<colon].trimmingCharacters(in: .whitespaces).lowercased() == "proxy-authorization"
                else { return nil }
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let matches = given.contains { value in
                let parts = value.split(separator: " ", maxSplits: 1)
                return parts.count == 2 && parts[0].lowercased() == "basic"
                    && "Basic \(parts[1].trimmingCharacters(in: .whitespaces))" == expected
            }
            guard matches else {
                return answer(
                    context, status: 407, reason: "Proxy Authentication Required",
                    headers: ["Proxy-Authenticate: Basic realm=\"lab\""])
            }
        }
        if case .refuse(let status) = settings.mode {
            return answer(context, status: status, reason: "Refused by the lab proxy")
        }
        guard let (host, port) = Self.split(authority: authority) else {
            return answer(context, status: 400, reason: "Bad Request")
        }
        guard ["127.0.0.1", "::1", "localhost"].contains(host.lowercased()) else {
            return answer(context, status: 403, reason: "Forbidden")
        }
        connect(host: host, port: port, context: context)
    }

    /// `host:port` or `[v6]:port`, brackets removed.
    static func split(authority: String) -> (String, Int)? {
        guard let colon = authority.lastIndex(of: ":"),
            let port = Int(authority[authority.index(after: colon)...]), (1...65535).contains(port)
        else { return nil }
        var host = String(authority[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains("[") else { return nil }
        return (host, port)
    }

    private func connect(host: String, port: Int, context: ChannelHandlerContext) {
        let targetTLS = settings.tls.facingTargets
        let serverName = host.contains(":") || host.allSatisfy({ $0.isNumber || $0 == "." }) ? nil : host
        ClientBootstrap(group: context.eventLoop)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let targetTLS {
                        try channel.pipeline.syncOperations.addHandler(
                            try NIOSSLClientHandler(context: targetTLS, serverHostname: serverName))
                    }
                }
            }
            .connect(host: host, port: port)
            .assumeIsolated()
            .whenComplete { result in
                switch result {
                case .success(let upstream):
                    self.relay(to: upstream, context: context)
                case .failure:
                    self.answer(context, status: 502, reason: "Bad Gateway")
                }
            }
    }

    private func relay(to upstream: any Channel, context: ChannelHandlerContext) {
        guard state.register(upstream) else { return }
        guard context.channel.isActive else {
            upstream.close(promise: nil)
            return
        }
        let intercepting = settings.tls.facingClients != nil
        let state = self.state
        let recorder: (@Sendable ([UInt8]) -> Void)?
        if intercepting {
            recorder = { bytes in state.withRecord { $0.plaintext += bytes } }
        } else {
            recorder = nil
        }
        let (clientSide, targetSide) = LabRelayHandler.matchedPair(recorder: recorder)
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: "HTTP/1.1 200 Connection Established\r\n\r\n")))
            .whenFailure { _ in upstream.close(promise: nil) }
        do {
            let pipeline = context.pipeline.syncOperations
            if let clientTLS = settings.tls.facingClients {
                let terminator = NIOSSLServerHandler(context: clientTLS)
                try pipeline.addHandler(terminator, position: .after(self))
                try pipeline.addHandler(clientSide, position: .after(terminator))
            } else {
                try pipeline.addHandler(clientSide, position: .after(self))
            }
            try upstream.pipeline.syncOperations.addHandler(targetSide)
        } catch {
            upstream.close(promise: nil)
            context.close(promise: nil)
            return
        }
        if received.readableBytes > 0 {
            context.fireChannelRead(wrapInboundOut(received))
            received = ByteBuffer()
            context.fireChannelReadComplete()
        }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    /// Sends a final answer with no body and closes the connection.
    private func answer(_ context: ChannelHandlerContext, status: Int, reason: String, headers: [String] = []) {
        answered = true
        let lines = ["HTTP/1.1 \(status) \(reason)"] + headers + ["Content-Length: 0", "Connection: close"]
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: lines.joined(separator: "\r\n") + "\r\n\r\n")))
            .whenComplete { _ in channel.close(promise: nil) }
    }
}
