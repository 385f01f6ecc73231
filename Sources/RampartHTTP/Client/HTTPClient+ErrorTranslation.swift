import NIOHTTP1
import RampartPolicy
import RampartTrustNIO

extension HTTPClient {
    /// Turns any failure into the ``HTTPClientError`` that names it.
    static func translate(_ error: any Error, endpoint: Endpoint) -> HTTPClientError {
        switch error {
        case let error as HTTPClientError:
            return error
        case let error as HTTPParserError:
            if error == .headerOverflow {
                return .responseHeadersTooLarge(endpoint, detail: "more header bytes or fields than the limit allows")
            }
            return .malformedResponse(endpoint, detail: "\(error)")
        case ConnectionFailure.closed(let detail):
            return .connectionClosed(endpoint, detail: detail)
        default:
            return .connectionClosed(endpoint, detail: TLSErrorDescription.describe(error))
        }
    }
}
