import RampartPolicy

extension ServedChainProbe {
    /// Why the chain could not be fetched.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The TCP connection to the endpoint could not be made.
        case connect(Endpoint, reason: String)
        /// The TLS handshake failed for `reason`.
        case handshake(Endpoint, reason: String)
        /// The handshake completed without a certificate.
        case noCertificate(Endpoint)
        /// The server accepted the TCP connection and sent nothing within `seconds`.
        case noAnswer(Endpoint, seconds: String)
        /// The server answered in TLS but did not finish the handshake within `seconds`.
        case handshakeTimedOut(Endpoint, seconds: String)
        /// The server closed (or reset) the connection before the handshake completed.
        case closedDuringHandshake(Endpoint)
        /// The server answered with bytes that are not TLS; `answer` is their printable start.
        case notTLS(Endpoint, answer: String)

        public var description: String {
            switch self {
            case .connect(let endpoint, let reason):
                return
                    "cannot connect to \(endpoint): \(reason); check the host, the port and that the server runs"
            case .handshake(let endpoint, let reason):
                return "\(endpoint) did not complete a TLS handshake: \(reason)"
            case .noCertificate(let endpoint):
                return "\(endpoint) presented no certificate"
            case .noAnswer(let endpoint, let seconds):
                return "\(endpoint) accepted the TCP connection but sent no TLS answer within \(seconds); "
                    + "is it a TLS port, or does it need a longer timeout?"
            case .handshakeTimedOut(let endpoint, let seconds):
                return "\(endpoint) began the TLS handshake but did not finish it within \(seconds) "
                    + "(a slow server needs a longer timeout)"
            case .closedDuringHandshake(let endpoint):
                return "\(endpoint) closed the connection during the TLS handshake; is it a TLS port, "
                    + "and does it accept this server name (SNI) and TLS 1.2 or 1.3?"
            case .notTLS(let endpoint, let answer):
                return "\(endpoint) answered with something that is not TLS (\(answer)); is it a TLS port?"
            }
        }
    }
}
