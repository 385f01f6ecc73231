import NIOCore

/// Opens a `CONNECT` tunnel through a proxy on a fresh TCP connection: writes the request, reads
/// the proxy's answer (at most 16 KiB), and completes `established` on a 2xx. The factory then
/// removes it and starts TLS inside the tunnel.
final class ProxyTunnelHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private let proxy: HTTPProxy
    private let authority: String
    private let established: EventLoopPromise<Void>
    private var received = ByteBuffer()
    private var done = false

    init(proxy: HTTPProxy, authority: String, established: EventLoopPromise<Void>) {
        self.proxy = proxy
        self.authority = authority
        self.established = established
    }

    func handlerAdded(context: ChannelHandlerContext) {
        var head = "CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n"
        if let authorization = proxy.authorization { head += "Proxy-Authorization: \(authorization)\r\n" }
        head += "\r\n"
        context.writeAndFlush(NIOAny(ByteBuffer(string: head)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !done else { return }
        var bytes = unwrapInboundIn(data)
        received.writeBuffer(&bytes)
        let view = received.readableBytesView
        guard let end = view.firstRange(of: [13, 10, 13, 10]) else {
            if received.readableBytes > 16 << 10 {
                finish(
                    .failure(
                        HTTPClientError.proxyFailed(proxy: "\(proxy)", detail: "its answer to CONNECT exceeds 16 KiB")))
            }
            return
        }
        let head = String(decoding: view[view.startIndex..<end.lowerBound], as: UTF8.self)
        let statusLine = head.split(separator: "\r\n", maxSplits: 1).first.map(String.init) ?? ""
        let fields = statusLine.split(separator: " ", maxSplits: 2).map(String.init)
        guard fields.count >= 2, fields[0].hasPrefix("HTTP/1."), let status = Int(fields[1]) else {
            finish(
                .failure(
                    HTTPClientError.proxyFailed(
                        proxy: "\(proxy)", detail: "its answer to CONNECT is not HTTP: \(statusLine.prefix(80))")))
            return
        }
        guard (200..<300).contains(status) else {
            finish(
                .failure(
                    HTTPClientError.proxyRefused(
                        proxy: "\(proxy)", status: status, reason: fields.count > 2 ? fields[2] : "")))
            return
        }
        guard end.upperBound == view.endIndex else {
            finish(
                .failure(
                    HTTPClientError.proxyFailed(proxy: "\(proxy)", detail: "it sent data before the TLS handshake")))
            return
        }
        finish(.success(()))
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(
            .failure(HTTPClientError.proxyFailed(proxy: "\(proxy)", detail: "it closed the connection during CONNECT")))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        finish(.failure(HTTPClientError.proxyFailed(proxy: "\(proxy)", detail: "\(error)")))
        context.close(promise: nil)
    }

    private func finish(_ result: Result<Void, any Error>) {
        guard !done else { return }
        done = true
        established.completeWith(result)
    }
}
