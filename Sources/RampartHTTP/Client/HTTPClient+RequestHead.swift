import NIOHTTP1

extension HTTPClient {
    /// The request head as sent: origin-form target (absolute-form through a cleartext proxy),
    /// `Host`, the body's framing, and the caller's headers minus the hop-by-hop ones.
    func requestHead(_ request: HTTPRequest, target: Target, proxy: HTTPProxy?) -> HTTPRequestHead {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: target.hostHeader)
        for (name, value) in request.headers where !Self.managedHeaders.contains(name.lowercased()) {
            headers.add(name: name, value: value)
        }
        if !headers.contains(name: "User-Agent"), let agent = configuration.userAgent {
            headers.add(name: "User-Agent", value: agent)
        }
        if configuration.decompression && !headers.contains(name: "Accept-Encoding") {
            headers.add(name: "Accept-Encoding", value: ContentDecoder.Coding.acceptEncoding)
        }
        if let body = request.body {
            if let length = body.length {
                headers.add(name: "Content-Length", value: String(length))
            } else {
                headers.add(name: "Transfer-Encoding", value: "chunked")
            }
        } else if [.POST, .PUT, .PATCH].contains(request.method) {
            headers.add(name: "Content-Length", value: "0")
        }
        var uri = target.originForm
        if let proxy {
            uri = target.absoluteForm
            if let authorization = proxy.authorization {
                headers.add(name: "Proxy-Authorization", value: authorization)
            }
        }
        return HTTPRequestHead(version: .http1_1, method: request.method, uri: uri, headers: headers)
    }

    private static let managedHeaders: Set<String> = [
        "host", "content-length", "transfer-encoding", "connection", "keep-alive", "te", "upgrade",
        "proxy-connection", "proxy-authorization", "trailer",
    ]
}
