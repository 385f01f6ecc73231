import Foundation
import RampartDiagnostics
import RampartPolicy

/// An ATS dictionary in `Info.plist` key names, as JSON: booleans as JSON booleans, nested
/// dictionaries in key order.
enum ATSDictionaryJSON: Encodable {
    case bool(Bool)
    case string(String)
    case array([ATSDictionaryJSON])
    case object([(String, ATSDictionaryJSON)])
    case null

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .object(let entries):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in entries { try container.encode(value, forKey: Key(stringValue: key)) }
        }
    }

    /// The keys of one exception entry.
    init(_ keys: ATSExceptionKeys) {
        self = .object(
            keys.entries.map { entry in
                switch entry.value {
                case .bool(let flag): return (entry.key, .bool(flag))
                case .string(let text): return (entry.key, .string(text))
                }
            })
    }

    /// The dictionary a diagnostic configuration loads with.
    init(_ configuration: ATSDiagnosticConfiguration) {
        switch configuration.kind {
        case .defaults: self = .object([])
        case .arbitraryLoads: self = .object([("NSAllowsArbitraryLoads", .bool(true))])
        case .exception(let keys):
            self = .object([("NSExceptionDomains", .object([(configuration.host, ATSDictionaryJSON(keys))]))])
        case .app(let app, _): self = ATSDictionaryJSON(app)
        }
    }

    /// A whole `NSAppTransportSecurity` dictionary.
    init(_ configuration: ATSConfiguration) {
        var entries: [(String, ATSDictionaryJSON)] = []
        let globals: [(String, Bool?)] = [
            ("NSAllowsArbitraryLoads", configuration.allowsArbitraryLoads),
            ("NSAllowsArbitraryLoadsForMedia", configuration.allowsArbitraryLoadsForMedia),
            ("NSAllowsArbitraryLoadsInWebContent", configuration.allowsArbitraryLoadsInWebContent),
            ("NSAllowsLocalNetworking", configuration.allowsLocalNetworking),
        ]
        for (key, value) in globals { if let value { entries.append((key, .bool(value))) } }
        if !configuration.exceptionDomains.isEmpty {
            entries.append(
                (
                    "NSExceptionDomains",
                    .object(
                        configuration.exceptionDomains.sorted { $0.key < $1.key }.map { domain, entry in
                            var keys: [(String, ATSDictionaryJSON)] = [
                                ("NSIncludesSubdomains", .bool(entry.includesSubdomains)),
                                ("NSExceptionAllowsInsecureHTTPLoads", .bool(entry.allowsInsecureHTTPLoads)),
                                ("NSExceptionRequiresForwardSecrecy", .bool(entry.requiresForwardSecrecy)),
                                ("NSRequiresCertificateTransparency", .bool(entry.requiresCertificateTransparency)),
                            ]
                            if let version = entry.minimumTLSVersion {
                                keys.append(("NSExceptionMinimumTLSVersion", .string(version.rawValue)))
                            }
                            return (domain, .object(keys))
                        })
                ))
        }
        if !configuration.pinnedDomains.isEmpty {
            entries.append(
                (
                    "NSPinnedDomains",
                    .object(
                        configuration.pinnedDomains.sorted { $0.key < $1.key }.map { domain, entry in
                            (
                                domain,
                                .object([
                                    ("NSIncludesSubdomains", .bool(entry.includesSubdomains)),
                                    (
                                        "NSPinnedCAIdentities",
                                        .array(
                                            entry.caIdentities.map {
                                                .object([("SPKI-SHA256-BASE64", .string($0.base64))])
                                            })
                                    ),
                                    (
                                        "NSPinnedLeafIdentities",
                                        .array(
                                            entry.leafIdentities.map {
                                                .object([("SPKI-SHA256-BASE64", .string($0.base64))])
                                            })
                                    ),
                                ])
                            )
                        })
                ))
        }
        self = .object(entries)
    }
}
