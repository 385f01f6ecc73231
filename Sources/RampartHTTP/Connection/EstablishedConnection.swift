/// A connection as the TLS handshake's ALPN made it: HTTP/1.1 (one request at a time, pooled
/// while idle) or HTTP/2 (many requests at once, one stream each).
enum EstablishedConnection: Sendable {
    case http1(HTTPConnection)
    case http2(HTTP2Connection)
}
