import Foundation
import X509

/// A pin-failure report in TrustKit's JSON format, so existing report collectors accept it.
///
/// ```swift
/// if let mismatch = decision.pinMismatch {
///     let report = try PinFailureReport(mismatch, validatedChain: decision.validatedChain, port: 443, app: .current)
///     await reporter.report(report)
/// }
/// ```
public struct PinFailureReport: Sendable, Hashable, Codable {
    /// TrustKit's `TSKTrustEvaluationResult` values.
    public enum ValidationResult: Int, Sendable, Codable {
        case success = 0
        case failedNoMatchingPin = 1
        case failedInvalidCertificateChain = 2
    }

    public var appBundleID: String
    public var appVersion: String
    public var appVendorID: String
    public var appPlatform: String
    public var appPlatformVersion: String
    public var trustKitVersion: String
    public var hostname: String
    public var port: Int
    /// The pinned domain whose entry applied.
    public var notedHostname: String
    public var includeSubdomains: Bool
    public var enforcePinning: Bool
    /// The validated chain, leaf first, as PEM.
    public var validatedCertificateChain: [String]
    /// The configured pins as `pin-sha256="BASE64"`.
    public var knownPins: [String]
    public var validationResult: ValidationResult
    public var dateTime: Date
    /// `yyyy-MM-dd`, when the entry has an expiration.
    public var knownPinsExpirationDate: String?

    enum CodingKeys: String, CodingKey {
        case appBundleID = "app-bundle-id"
        case appVersion = "app-version"
        case appVendorID = "app-vendor-id"
        case appPlatform = "app-platform"
        case appPlatformVersion = "app-platform-version"
        case trustKitVersion = "trustkit-version"
        case hostname
        case port
        case notedHostname = "noted-hostname"
        case includeSubdomains = "include-subdomains"
        case enforcePinning = "enforce-pinning"
        case validatedCertificateChain = "validated-certificate-chain"
        case knownPins = "known-pins"
        case validationResult = "validation-result"
        case dateTime = "date-time"
        case knownPinsExpirationDate = "known-pins-expiration-date"
    }

    /// Builds the report for a mismatch (the first applicable entry is the noted one).
    public init(
        _ mismatch: PinMismatch, validatedChain: [Certificate], port: Int, app: ReportingApp, date: Date = Date()
    ) throws {
        let noted = mismatch.entries.first
        appBundleID = app.bundleID
        appVersion = app.version
        appVendorID = app.vendorID
        appPlatform = app.platform
        appPlatformVersion = app.platformVersion
        trustKitVersion = "rampart-\(app.libraryVersion)"
        hostname = mismatch.host
        self.port = port
        notedHostname = noted?.domain ?? mismatch.host
        includeSubdomains = noted.map { $0.coverage != .exactHost } ?? false
        enforcePinning = mismatch.entries.contains(where: \.enforced)
        validatedCertificateChain = try validatedChain.map { try $0.serializeAsPEM().pemString }
        knownPins = mismatch.entries.flatMap(\.pins).compactMap { pin in
            if case .publicKey(let spki) = pin.kind { return "pin-sha256=\"\(spki.base64)\"" }
            return nil
        }
        validationResult = .failedNoMatchingPin
        dateTime = date
        knownPinsExpirationDate = noted?.expiration.map { TrustKitConfiguration.dateFormat.string(from: $0) }
    }

    /// The report as TrustKit's JSON (ISO 8601 dates, keys sorted).
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// What makes two reports "identical" for de-duplication: everything but the time.
    var identity: [String] {
        [appBundleID, hostname, String(port), notedHostname, String(validationResult.rawValue)]
            + validatedCertificateChain + knownPins
    }
}
