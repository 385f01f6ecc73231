import Foundation
import RampartPolicy

/// Reads a TrustKit pinning configuration — the `TSKConfiguration` dictionary of an `Info.plist`,
/// or that dictionary alone, as a property list (XML or binary) or JSON — into ``PinnedHost``
/// values: `TSKPinnedDomains` with `TSKPublicKeyHashes`, `TSKIncludeSubdomains`,
/// `TSKEnforcePinning`, `TSKReportUris` and `TSKExpirationDate`.
///
/// ```swift
/// let hosts = try TrustKitConfiguration.pinnedHosts(from: Data(contentsOf: url), source: url.path)
/// ```
public enum TrustKitConfiguration {
    /// - Throws: ``TrustError/malformedPinConfiguration(source:reason:)`` for a file that is not
    ///   such a configuration; ``TrustError/malformedPin(_:reason:)`` for a hash that is not one.
    public static func pinnedHosts(from data: Data, source: String) throws -> [PinnedHost] {
        func fail(_ reason: String) -> TrustError { .malformedPinConfiguration(source: source, reason: reason) }
        // The one plist reader: it refuses a binary plist's set (Foundation on Linux crashes bridging it).
        let object: Any
        do {
            object = try PropertyListReader.object(from: data, source: source).object
        } catch let error as PolicyError {
            guard case .notAPropertyList(_, let reason) = error else { throw fail("\(error)") }
            throw fail("it is neither a property list nor JSON: \(reason)")
        }
        guard var root = object as? [String: Any] else { throw fail("the top level is not a dictionary") }
        if let nested = root["TSKConfiguration"] {
            guard let dictionary = nested as? [String: Any] else { throw fail("TSKConfiguration is not a dictionary") }
            root = dictionary
        }
        guard let domains = root["TSKPinnedDomains"] as? [String: Any] else {
            throw fail("it has no TSKPinnedDomains dictionary")
        }
        if let (first, second) = PinnedHost.sameDomain(Array(domains.keys)) {
            throw fail(
                "TSKPinnedDomains has '\(first)' and '\(second)', which name one domain "
                    + "(\(PinnedHost.normalized(first))); keep one entry")
        }
        return try domains.sorted { $0.key < $1.key }.map { domain, value in
            guard let entry = value as? [String: Any] else {
                throw fail("TSKPinnedDomains.\(domain) is not a dictionary")
            }
            func flag(_ key: String, default fallback: Bool) throws -> Bool {
                guard let raw = entry[key] else { return fallback }
                guard let value = raw as? Bool else { throw fail("TSKPinnedDomains.\(domain).\(key) is not a boolean") }
                return value
            }
            guard let hashes = entry["TSKPublicKeyHashes"] as? [String] else {
                throw fail("TSKPinnedDomains.\(domain).TSKPublicKeyHashes is missing or not a list of strings")
            }
            let pins = try hashes.map { PinnedHost.ScopedPin(try SPKIPin(parsing: $0)) }
            var reports: [URL] = []
            if let raw = entry["TSKReportUris"] {
                guard let uris = raw as? [String] else {
                    throw fail("TSKPinnedDomains.\(domain).TSKReportUris is not a list of strings")
                }
                reports = try uris.map {
                    guard let url = URL(string: $0), url.scheme != nil else {
                        throw fail("TSKPinnedDomains.\(domain).TSKReportUris has '\($0)', which is not a URL")
                    }
                    return url
                }
            }
            var expiration: Date?
            if let raw = entry["TSKExpirationDate"] {
                if let date = raw as? Date {
                    expiration = date
                } else if let text = raw as? String, let date = try? RFC3339Date.fullDate(text) {
                    // RFC 3339 full-date, strictly: 2030-02-30 is refused, never rolled into March.
                    expiration = date
                } else {
                    throw fail("TSKPinnedDomains.\(domain).TSKExpirationDate is not a date (yyyy-MM-dd)")
                }
            }
            return try PinnedHost(
                domain: domain,
                coverage: try flag("TSKIncludeSubdomains", default: false) ? .anyDepthOfSubdomains : .exactHost,
                pins: pins, expiration: expiration, enforced: try flag("TSKEnforcePinning", default: true),
                reportURIs: reports, requiresBackupPin: false)
        }
    }

    /// TrustKit's date format (`TSKExpirationDate`, `known-pins-expiration-date`): `yyyy-MM-dd`, UTC.
    static let dateFormat: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }()
}
