import Foundation
import NIOCore
import NIOSSL

/// Readable reasons for the errors of a NIO TLS connection, for people: BoringSSL's reason codes
/// in plain words (`WRONG_VERSION_NUMBER` → "the peer answered with something that is not TLS
/// (wrong version number)"), without the packed numeric codes and the build paths of
/// `BoringSSLError`'s description, and socket errors as the system names them. It needs only
/// NIOCore and NIOSSL (a caller unwraps NIOPosix's `NIOConnectionError` itself).
///
/// ```swift
/// do { try await handshake.get() } catch {
///     throw MyError.handshake(reason: TLSErrorDescription.describe(error))
/// }
/// ```
package enum TLSErrorDescription {
    /// A sentence fragment (lowercase, no final stop) saying why `error` ended a connection.
    package static func describe(_ error: any Error) -> String {
        switch error {
        case let error as NIOSSLError: return describe(error)
        case let error as BoringSSLError: return describe(error)
        case let error as NIOSSLExtraError: return describe(error)
        case let error as ChannelError: return describe(error)
        case let error as IOError: return systemMessage(error.errnoCode)
        case is NIOSSLCloseTimedOutError: return "the peer did not answer the TLS close in time"
        default: return scrub(String(describing: error))
        }
    }

    /// BoringSSL's reason names (`WRONG_VERSION_NUMBER`, `SSLV3_ALERT_HANDSHAKE_FAILURE`, …) in
    /// an error's description, in order and without repeats.
    package static func reasonCodes(in text: String) -> [String] {
        var codes: [String] = []
        var rest = Substring(text)
        // ERR_error_string_n: "error:<8 hex>:<library>:<function>:<REASON>"
        while let range = rest.range(of: "error:") {
            rest = rest[range.upperBound...]
            let fields = rest.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, fields[0].count == 8, fields[0].allSatisfy(\.isHexDigit) else { continue }
            let code = fields[3].prefix { $0.isUppercase || $0.isNumber || $0 == "_" || $0 == "(" || $0 == ")" }
            if !code.isEmpty, !codes.contains(String(code)) { codes.append(String(code)) }
        }
        return codes
    }

    /// One reason code in words: a sentence for the common ones, the alert's name for alerts,
    /// else the code's own words (`BAD_ECC_CERT` → "bad ecc cert").
    package static func describe(reasonCode code: String) -> String {
        if let known = reasonWords[code] { return known }
        for prefix in ["SSLV3_ALERT_", "TLSV1_ALERT_"] where code.hasPrefix(prefix) {
            return "the peer sent the TLS alert \u{201C}\(words(code.dropFirst(prefix.count)))\u{201D}"
        }
        return words(Substring(code))
    }

    package static func describe(_ error: NIOSSLError) -> String {
        switch error {
        case .handshakeFailed(let error): return describe(error)
        case .shutdownFailed(let error): return "the TLS close failed: " + describe(error)
        case .uncleanShutdown: return "the peer closed the connection without ending the TLS session"
        case .readInInvalidTLSState: return "data arrived after the TLS session ended"
        case .writeDuringTLSShutdown: return "a write came after the TLS close began"
        case .noCertificateToValidate: return "the peer sent no certificate"
        case .unableToValidateCertificate: return "the peer's certificate could not be validated"
        case .cannotMatchULabel: return "the host name is not a valid IDNA name"
        case .cannotFindPeerIP: return "the peer's IP address is unknown"
        default: return scrub(String(describing: error))
        }
    }

    package static func describe(_ error: BoringSSLError) -> String {
        switch error {
        case .sslError(let stack), .unknownError(let stack): return describe(stack)
        case .invalidSNIName(let stack): return "the SNI name is not valid: " + describe(stack)
        case .failedToSetALPN(let stack): return "ALPN could not be set up: " + describe(stack)
        case .zeroReturn: return "the peer ended the TLS session"
        case .syscallError: return "a system call failed during TLS"
        default: return scrub(String(describing: error))
        }
    }

    package static func describe(_ error: NIOSSLExtraError) -> String {
        switch error {
        case .failedToValidateHostname, .serverHostnameImpossibleToMatch:
            return "the certificate does not name the host"
        case .cannotUseIPAddressInSNI: return "an IP address cannot be sent as the TLS server name (SNI)"
        case .invalidSNIHostname: return "the TLS server name (SNI) is not a valid host name"
        default: return scrub(String(describing: error))
        }
    }

    package static func describe(_ error: ChannelError) -> String {
        switch error {
        case .eof: return "the peer closed the connection"
        case .connectTimeout(let amount): return "no answer to the TCP connection within \(seconds(amount))"
        case .ioOnClosedChannel, .alreadyClosed: return "the connection was already closed"
        case .inputClosed: return "the peer stopped sending"
        case .outputClosed: return "the connection cannot send any more"
        default: return scrub(String(describing: error))
        }
    }

    private static func describe(_ stack: [BoringSSLInternalError]) -> String {
        var reasons: [String] = []
        for entry in stack {
            let text = String(describing: entry)
            var found = reasonCodes(in: text).map { describe(reasonCode: $0) }
            if found.isEmpty {
                // Synthetic entries ("Error:  EOF during handshake") carry words already.
                let words = text.replacingOccurrences(of: "Error:", with: "").trimmingCharacters(in: .whitespaces)
                found = [
                    words == "EOF during handshake" ? "the peer closed the connection during the handshake" : words
                ]
            }
            for reason in found where !reason.isEmpty && !reasons.contains(reason) { reasons.append(reason) }
        }
        return reasons.isEmpty ? "the TLS library reported an error without a reason" : reasons.joined(separator: "; ")
    }

    /// The reasons of a description BoringSSL wrote into, else the description without file
    /// paths and packed error numbers.
    private static func scrub(_ text: String) -> String {
        let codes = reasonCodes(in: text)
        if !codes.isEmpty { return codes.map { describe(reasonCode: $0) }.joined(separator: "; ") }
        return text.split(separator: " ", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("/") && !$0.contains(".build/") }
            .joined(separator: " ")
            .replacingOccurrences(of: " at )", with: ")")
    }

    /// `strerror` in lowercase (`connection refused`).
    package static func systemMessage(_ code: Int32) -> String {
        let message = String(cString: strerror(code))
        return message.prefix(1).lowercased() + message.dropFirst()
    }

    /// `10 seconds`, `1 second`, `0.5 seconds`.
    package static func seconds(_ amount: TimeAmount) -> String {
        let value = Double(amount.nanoseconds) / 1e9
        if value == 1 { return "1 second" }
        if value == value.rounded() { return "\(Int(value)) seconds" }
        return "\(value) seconds"
    }

    private static func words(_ code: Substring) -> String {
        code.lowercased().replacingOccurrences(of: "_", with: " ")
    }

    private static let reasonWords: [String: String] = [
        "WRONG_VERSION_NUMBER": "the peer answered with something that is not TLS (wrong version number)",
        "HTTP_REQUEST": "the peer sent an HTTP request, not TLS",
        "HTTPS_PROXY_REQUEST": "the peer sent an HTTP proxy request, not TLS",
        "RECORD_TOO_LARGE": "the peer sent a record too large for TLS (is it TLS?)",
        "ENCRYPTED_LENGTH_TOO_LONG": "the peer sent a record too large for TLS (is it TLS?)",
        "UNSUPPORTED_PROTOCOL": "no TLS version in common (unsupported protocol)",
        "TLSV1_ALERT_PROTOCOL_VERSION":
            "the peer refused the TLS versions offered (alert \u{201C}protocol version\u{201D})",
        "SSLV3_ALERT_HANDSHAKE_FAILURE":
            "the peer refused the handshake (alert \u{201C}handshake failure\u{201D}: no cipher suite, "
            + "group or signature scheme in common?)",
        "NO_SHARED_CIPHER": "no cipher suite in common",
        "NO_CIPHERS_AVAILABLE": "no cipher suite available",
        "NO_SHARED_GROUP": "no key-exchange group in common",
        "WRONG_CURVE": "the peer chose a key-exchange group that was not offered",
        "WRONG_SIGNATURE_TYPE": "the peer signed with a scheme that was not offered",
        "CERTIFICATE_VERIFY_FAILED": "the peer's certificate was not trusted (certificate verify failed)",
        "TLSV1_ALERT_UNRECOGNIZED_NAME":
            "the peer does not serve the requested server name (alert \u{201C}unrecognized name\u{201D})",
        "TLSV1_ALERT_CERTIFICATE_REQUIRED":
            "the peer requires a client certificate (alert \u{201C}certificate required\u{201D})",
        "TLSV1_ALERT_UNKNOWN_CA":
            "the peer does not trust our certificate's issuer (alert \u{201C}unknown CA\u{201D})",
        "TLSV1_ALERT_INTERNAL_ERROR": "the peer reported an internal error (alert \u{201C}internal error\u{201D})",
        "DECODE_ERROR": "the peer sent a malformed TLS message (decode error)",
        "UNEXPECTED_MESSAGE": "the peer sent a TLS message out of order (unexpected message)",
        "UNEXPECTED_RECORD": "the peer sent a TLS record out of order (unexpected record)",
        "EXCESSIVE_MESSAGE_SIZE": "the peer sent a TLS message too large (excessive message size)",
        "BAD_ECC_CERT": "the peer's certificate key does not fit the negotiated suite (bad ECC certificate)",
        "CERTIFICATE_AND_PRIVATE_KEY_MISMATCH": "the certificate and the private key do not match",
        "DH_P_TOO_LONG": "the peer's Diffie-Hellman group is too large",
        "BAD_DH_P_LENGTH": "the peer's Diffie-Hellman group has an unacceptable size",
    ]
}
