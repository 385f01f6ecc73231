import Foundation
import RampartPolicy
import SwiftASN1

/// An `embedded.mobileprovision`: the property list inside its CMS `SignedData` (RFC 5652), read with
/// swift-asn1 (DER, or BER with indefinite lengths and chunked content as some signers write), and the
/// fields a security review looks at — the kind of profile, its entitlements (`get-task-allow`,
/// `aps-environment`), its team, devices and expiry.
///
/// The CMS signature is **not verified**: Apple's signing chain (the Apple Root CA and the iPhone
/// provisioning intermediate) is not available here, and a scanner reports what an app claims rather
/// than deciding whether to install it. Input is bounded (``maximumSize``) and every malformed profile
/// is a ``ProvisioningProfileError``.
///
/// ```swift
/// let profile = try ProvisioningProfile(Array(try Data(contentsOf: url)))
/// if profile.getTaskAllow { print("debuggable:", profile.kind, profile.name ?? "") }
/// ```
public struct ProvisioningProfile: Sendable, Hashable {
    /// What the profile allows: where the app may run.
    public enum Kind: String, Sendable, Hashable, CustomStringConvertible {
        /// Listed devices, debuggable (`get-task-allow`): a development build.
        case development
        /// Listed devices, not debuggable: an ad-hoc distribution.
        case adHoc = "ad hoc"
        /// Every device (`ProvisionsAllDevices`): an in-house (enterprise) distribution.
        case enterprise
        /// No device list: an App Store (or TestFlight) distribution.
        case appStore = "App Store"

        public var description: String { rawValue }
    }

    /// The largest profile read: real ones are a few KiB, up to some hundred with many devices.
    public static let maximumSize = 1 << 20

    public var name: String?
    public var uuid: String?
    public var teamIdentifiers: [String]
    public var teamName: String?
    public var creationDate: Date?
    public var expirationDate: Date?
    /// The UDIDs of the devices it runs on (development and ad-hoc profiles).
    public var provisionedDevices: [String]
    public var provisionsAllDevices: Bool
    /// `application-identifier` of the entitlements (`TEAMID.bundle.id`).
    public var applicationIdentifier: String?
    /// `get-task-allow`: a debugger may attach to the app.
    public var getTaskAllow: Bool
    /// `aps-environment`: `development` or `production` push notifications.
    public var apsEnvironment: String?
    /// The `Entitlements` dictionary written back as an XML property list, for the analyzers of
    /// entitlements; empty when the profile has none.
    public var entitlementsPropertyList: [UInt8]
    /// The profile's own property list, as signed.
    public var propertyList: [UInt8]

    public var kind: Kind {
        if provisionsAllDevices { return .enterprise }
        if provisionedDevices.isEmpty { return .appStore }
        return getTaskAllow ? .development : .adHoc
    }

    /// Whether the profile had expired at `date`.
    public func isExpired(at date: Date = Date()) -> Bool {
        expirationDate.map { $0 < date } ?? false
    }

    /// Reads a profile from its bytes (DER or BER CMS `SignedData` with the plist as content).
    ///
    /// - Throws: ``ProvisioningProfileError``.
    public init(_ bytes: [UInt8]) throws(ProvisioningProfileError) {
        guard bytes.count <= Self.maximumSize else { throw .tooLarge(size: bytes.count, limit: Self.maximumSize) }
        let content = try Self.signedContent(bytes)
        propertyList = content
        let top: [String: Any]
        do {
            let (object, _) = try PropertyListReader.object(from: Data(content), source: "the profile")
            guard let dictionary = object as? [String: Any] else {
                throw ProvisioningProfileError.notAPropertyList(reason: "its top level is not a dictionary")
            }
            top = dictionary
        } catch let error as ProvisioningProfileError {
            throw error
        } catch {
            throw .notAPropertyList(reason: "\(error)")
        }
        name = top["Name"] as? String
        uuid = top["UUID"] as? String
        teamIdentifiers = top["TeamIdentifier"] as? [String] ?? []
        teamName = top["TeamName"] as? String
        creationDate = top["CreationDate"] as? Date
        expirationDate = top["ExpirationDate"] as? Date
        provisionedDevices = top["ProvisionedDevices"] as? [String] ?? []
        provisionsAllDevices = top["ProvisionsAllDevices"] as? Bool ?? false
        let entitlements = top["Entitlements"] as? [String: Any] ?? [:]
        applicationIdentifier = entitlements["application-identifier"] as? String
        getTaskAllow = entitlements["get-task-allow"] as? Bool ?? false
        apsEnvironment = entitlements["aps-environment"] as? String
        if entitlements.isEmpty {
            entitlementsPropertyList = []
        } else {
            let data = try? PropertyListSerialization.data(fromPropertyList: entitlements, format: .xml, options: 0)
            entitlementsPropertyList = data.map { Array($0) } ?? []
        }
    }

    /// The OIDs of CMS signed data and of its plain `data` content.
    static let signedDataOID: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 7, 2]
    static let dataOID: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 7, 1]

    /// The `eContent` of `ContentInfo { signedData, [0] SignedData { version, digestAlgorithms,
    /// encapContentInfo { eContentType, [0] OCTET STRING }, … } }`.
    static func signedContent(_ bytes: [UInt8]) throws(ProvisioningProfileError) -> [UInt8] {
        do {
            let root = try BER.parse(bytes)
            let content: [UInt8]? = try BER.sequence(root, identifier: .sequence) { nodes in
                let type = try ASN1ObjectIdentifier(berEncoded: &nodes)
                guard type == signedDataOID else {
                    throw ProvisioningProfileError.notSignedData(reason: "its content type is \(type), not signed data")
                }
                return try BER.explicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) { node in
                    try BER.sequence(node, identifier: .sequence) { fields in
                        _ = try Int(berEncoded: &fields)  // version
                        guard let algorithms = fields.next(), algorithms.identifier == .set else {
                            throw ProvisioningProfileError.notSignedData(reason: "no digest algorithm set")
                        }
                        guard let encapsulated = fields.next() else {
                            throw ProvisioningProfileError.notSignedData(reason: "no encapsulated content")
                        }
                        let content = try encapsulatedContent(encapsulated)
                        while fields.next() != nil {}  // certificates, CRLs, signer infos: not verified
                        return content
                    }
                }
            }
            guard let content else { throw ProvisioningProfileError.noContent }
            return content
        } catch let error as ProvisioningProfileError {
            throw error
        } catch {
            throw .notSignedData(reason: "\(error)")
        }
    }

    private static func encapsulatedContent(_ node: ASN1Node) throws -> [UInt8]? {
        try BER.sequence(node, identifier: .sequence) { nodes in
            let type = try ASN1ObjectIdentifier(berEncoded: &nodes)
            guard type == dataOID else {
                throw ProvisioningProfileError.notSignedData(reason: "its signed content type is \(type), not data")
            }
            return try BER.optionalExplicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) { node in
                Array(try ASN1OctetString(berEncoded: node).bytes)
            }
        }
    }
}
