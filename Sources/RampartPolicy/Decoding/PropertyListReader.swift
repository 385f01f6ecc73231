import Foundation

/// The one reader of property lists in Rampart: an `Info.plist`, an ATS or TrustKit dictionary, an
/// `.entitlements` file or a plist taken from an app archive, as XML, binary or JSON.
///
/// It picks the format from the first bytes (after a UTF-8 byte order mark and blank space): `{` or `[`
/// is JSON, `bplist` a binary plist, `<` (or a UTF-16 byte order mark) an XML plist. Bytes that look
/// like none of them are refused without calling Foundation: swift-corelibs-foundation keeps an error
/// object alive for every input it refuses, which ran the fuzzer out of memory. A binary plist that holds
/// a set is refused first too (`BinaryPropertyListSets`): Foundation on Linux crashes bridging it.
///
/// ```swift
/// let (object, format) = try PropertyListReader.object(from: Data(contentsOf: url), source: url.path)
/// if let top = object as? [String: Any] { print(format, top.keys.sorted()) }
/// ```
public enum PropertyListReader {
    /// Decodes `data` into Foundation values (`[String: Any]`, `[Any]`, `String`, `Bool`, numbers, `Date`,
    /// `Data`) and says which serialization it was in.
    ///
    /// - Throws: ``PolicyError/notAPropertyList(source:reason:)`` naming `source` and what was wrong.
    public static func object(from data: Data, source: String) throws -> (object: Any, format: ATSDocument.Format) {
        let data = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
        let firstByte = data.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        switch firstByte {
        case nil:
            throw PolicyError.notAPropertyList(
                source: source, reason: data.isEmpty ? "the file is empty" : "the file holds only blank space")
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            do {
                return (try JSONSerialization.jsonObject(with: data), .json)
            } catch {
                throw PolicyError.notAPropertyList(
                    source: source, reason: "invalid JSON: \(error.localizedDescription)")
            }
        default:
            break
        }
        let isBinary = data.starts(with: Array("bplist".utf8))
        let isUTF16 = data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE])
        guard isBinary || isUTF16 || firstByte == UInt8(ascii: "<") else {
            throw PolicyError.notAPropertyList(
                source: source,
                reason: "it begins with neither '<' (an XML plist), 'bplist' (a binary plist) nor '{' (JSON)")
        }
        if let offset = BinaryPropertyListSets.firstSet(in: data) {
            throw PolicyError.notAPropertyList(
                source: source,
                reason: "the binary plist holds a set (byte offset \(offset)); no Info.plist, entitlements or pin "
                    + "configuration holds one")
        }
        var format = PropertyListSerialization.PropertyListFormat.xml
        do {
            let object = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
            return (object, format == .binary ? .binaryPropertyList : .xmlPropertyList)
        } catch {
            throw PolicyError.notAPropertyList(source: source, reason: "\(error.localizedDescription)")
        }
    }
}
