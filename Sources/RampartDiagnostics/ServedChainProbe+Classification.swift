import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import RampartPolicy
import RampartTrustNIO

/// How a failed fetch is named: from what the server sent, the deadline and the error.
extension ServedChainProbe {
    /// Names a failed handshake from what the server sent (`received`, its first bytes), whether
    /// the deadline closed the connection, and the error.
    static func classify(_ error: any Error, endpoint: Endpoint, received: [UInt8], expiredAfter: String?)
        -> Failure
    {
        if !received.isEmpty && !looksLikeTLS(received) {
            return .notTLS(endpoint, answer: describeAnswer(received))
        }
        if let expiredAfter {
            return received.isEmpty
                ? .noAnswer(endpoint, seconds: expiredAfter)
                : .handshakeTimedOut(endpoint, seconds: expiredAfter)
        }
        let reasons = TLSErrorDescription.reasonCodes(in: String(describing: error))
        if reasons.contains(where: { ["WRONG_VERSION_NUMBER", "HTTP_REQUEST", "HTTPS_PROXY_REQUEST"].contains($0) }) {
            return .notTLS(endpoint, answer: TLSErrorDescription.describe(error))
        }
        if isClosure(error) { return .closedDuringHandshake(endpoint) }
        return .handshake(endpoint, reason: TLSErrorDescription.describe(error))
    }

    /// A TLS record starts with a content type 20…24 and major version 3.
    static func looksLikeTLS(_ bytes: [UInt8]) -> Bool {
        guard let type = bytes.first else { return false }
        return (20...24).contains(type) && (bytes.count < 2 || bytes[1] == 3)
    }

    /// `an HTTP response: "HTTP/1.1 400 Bad Request"`, or the printable start of other bytes.
    static func describeAnswer(_ bytes: [UInt8]) -> String {
        let line = bytes.prefix { $0 != 0x0D && $0 != 0x0A }.prefix(48)
        let text = String(line.map { (0x20...0x7E).contains($0) ? Character(UnicodeScalar($0)) : "." })
        if text.hasPrefix("HTTP/") { return "an HTTP response: \"\(text)\"" }
        return "it sent \"\(text)\"" + (bytes.count > line.count ? "…" : "")
    }

    /// Whether the error means the peer closed or reset the connection.
    static func isClosure(_ error: any Error) -> Bool {
        switch error {
        case ChannelError.eof, ChannelError.ioOnClosedChannel, ChannelError.alreadyClosed, ChannelError.inputClosed,
            NIOSSLError.uncleanShutdown, HandshakeWaiter.Failure.closedDuringHandshake,
            HandshakeWaiter.Failure.removedBeforeHandshake:
            return true
        case let error as IOError:
            return [ECONNRESET, EPIPE, ECONNABORTED].contains(error.errnoCode)
        default:
            return String(describing: error).contains("EOF during handshake")
        }
    }

    /// Why the TCP connection failed, from NIOPosix's connection error or a single one.
    static func connectReason(_ error: any Error) -> String {
        if let error = error as? NIOConnectionError {
            if let first = error.connectionErrors.first { return TLSErrorDescription.describe(first.error) }
            if error.dnsAError != nil || error.dnsAAAAError != nil { return "cannot resolve the name \(error.host)" }
        }
        return TLSErrorDescription.describe(error)
    }
}
