import NIOHTTP2

/// The RFC 9113 name of an HTTP/2 error code (`PROTOCOL_ERROR`, `REFUSED_STREAM`…), as messages
/// and `-v` show it; an unknown code is shown in hex.
///
/// ```swift
/// HTTP2ErrorName.of(.refusedStream)   // "REFUSED_STREAM"
/// ```
enum HTTP2ErrorName {
    static func of(_ code: HTTP2ErrorCode) -> String {
        switch code {
        case .noError: return "NO_ERROR"
        case .protocolError: return "PROTOCOL_ERROR"
        case .internalError: return "INTERNAL_ERROR"
        case .flowControlError: return "FLOW_CONTROL_ERROR"
        case .settingsTimeout: return "SETTINGS_TIMEOUT"
        case .streamClosed: return "STREAM_CLOSED"
        case .frameSizeError: return "FRAME_SIZE_ERROR"
        case .refusedStream: return "REFUSED_STREAM"
        case .cancel: return "CANCEL"
        case .compressionError: return "COMPRESSION_ERROR"
        case .connectError: return "CONNECT_ERROR"
        case .enhanceYourCalm: return "ENHANCE_YOUR_CALM"
        case .inadequateSecurity: return "INADEQUATE_SECURITY"
        case .http11Required: return "HTTP_1_1_REQUIRED"
        default: return "error 0x" + String(code.networkCode, radix: 16)
        }
    }
}
