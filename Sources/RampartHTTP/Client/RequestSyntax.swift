import NIOHTTP1

/// The syntax rules a request must meet before any byte of it is written (RFC 9110 §5.6.2,
/// §9.1): the method and header names are tokens, header values hold no CR, LF or NUL. A
/// method such as `"GET / HTTP/1.1\r\nHost: evil\r\n\r\nGET"` would otherwise put a second
/// request on the wire.
///
/// ```swift
/// try RequestSyntax.check(HTTPRequest(url: url, method: .RAW(value: "PROPFIND")))   // fine
/// RequestSyntax.isToken("X-Request-ID")   // true
/// ```
public enum RequestSyntax {
    /// Throws ``HTTPClientError/invalidRequest(_:)`` naming the first rule `request` breaks.
    public static func check(_ request: HTTPRequest) throws(HTTPClientError) {
        let method = request.method.rawValue
        guard isToken(method) else {
            throw .invalidRequest(
                "the method \(shown(method)) is not an HTTP token (letters, digits and !#$%&'*+-.^_`|~, at least one)")
        }
        for (name, value) in request.headers {
            guard isToken(name) else {
                throw .invalidRequest("the header name \(shown(name)) is not an HTTP token")
            }
            guard !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
                throw .invalidRequest("the value of header \(name) holds a line break or NUL")
            }
        }
    }

    /// RFC 9110 `token`: one or more `tchar`.
    public static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenCharacter)
    }

    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    private static func shown(_ text: String) -> String {
        (text.count > 40 ? String(text.prefix(40)) + "…" : text).debugDescription
    }
}
