import NIOHTTP1
import RampartTrustNIO

extension HTTPClient {
    /// Turns any failure into the ``HTTPClientError`` that names it.
    static func translate(_ error: any Error, host: String) -> HTTPClientError {
        switch error {
        case let error as HTTPClientError:
            return error
        case let error as HTTPParserError:
            if error == .headerOverflow {
                return .responseHeadersTooLarge(host: host, detail: "more header bytes or fields than the limit allows")
            }
            return .malformedResponse(host: host, detail: "\(error)")
        case ConnectionFailure.closed(let detail):
            return .connectionClosed(host: host, detail: detail)
        default:
            return .connectionClosed(host: host, detail: TLSErrorDescription.describe(error))
        }
    }
}
