// Percent-encoding per RFC 3986 component: each component keeps only the characters that cannot
// change the URL's structure there.

/// A part of a URL, with the characters it may hold unencoded.
///
/// `addingPercentEscapes(using:)`, and `.urlQueryAllowed` too, leave `&`, `+` and `=` alone in a
/// query value, so `a&admin=1` becomes a second parameter and `+` becomes a space on many
/// servers. Here a value is encoded for the component it goes in, and nothing it holds can end
/// the component.
///
/// ```swift
/// URLComponent.queryValue.encode("1+1=2 & more")  // "1%2B1%3D2%20%26%20more"
/// URLComponent.pathSegment.encode("a/b?c")         // "a%2Fb%3Fc"
/// ```
public enum URLComponent: String, Sendable, Hashable, CaseIterable {
    /// One path segment: `/`, `?` and `#` are encoded.
    case pathSegment
    /// A query parameter's name: `&`, `=`, `+`, `#` are encoded.
    case queryName
    /// A query parameter's value: `&`, `=`, `+`, `#` are encoded.
    case queryValue
    /// The fragment: `#` is encoded; `/` and `?` may stay (RFC 3986 3.5).
    case fragment

    /// Percent-encodes `text` (as UTF-8) for this component; unreserved characters stay as they are.
    public func encode(_ text: String) -> String {
        var output = [UInt8]()
        output.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            if allows(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `byte` may appear unencoded in this component.
    func allows(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true  // unreserved
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"),
            UInt8(ascii: ","), UInt8(ascii: ";"):
            return true  // sub-delims that delimit nothing in these components
        case UInt8(ascii: ":"), UInt8(ascii: "@"):
            return true  // pchar
        case UInt8(ascii: "/"), UInt8(ascii: "?"):
            return self == .fragment || self == .queryValue
        default:
            return false  // & = + # % space, controls, non-ASCII and the rest
        }
    }
}
