// Fuzzes the provisioning-profile reader (`ProvisioningProfile(_:)`: CMS SignedData in DER or BER, then
// the plist inside): reading is deterministic and never crashes; a profile read has its plist, its
// entitlements read back as a dictionary, and a kind that follows from its fields.
import Foundation
import RampartScan

enum FuzzProvisioningProfile {
    static let target = FuzzTarget(
        name: "provisioning-profile", maxLength: 32 * 1024,
        summary: "ProvisioningProfile: CMS SignedData (DER/BER) with an embedded plist", run: run)

    static func run(_ data: Data) {
        let name = target.name
        let bytes = Array(data)
        let first = Result { () throws(ProvisioningProfileError) in try ProvisioningProfile(bytes) }
        let second = Result { () throws(ProvisioningProfileError) in try ProvisioningProfile(bytes) }
        FuzzCheck.require(first == second, name, "reading the same bytes twice gives different results")
        guard case .success(let profile) = first else { return }
        FuzzCheck.require(!profile.propertyList.isEmpty, name, "a profile without a property list was read")
        if !profile.entitlementsPropertyList.isEmpty {
            let again = try? PropertyListSerialization.propertyList(
                from: Data(profile.entitlementsPropertyList), format: nil)
            FuzzCheck.require(again is [String: Any], name, "the entitlements do not read back as a dictionary")
        }
        switch profile.kind {
        case .enterprise: FuzzCheck.require(profile.provisionsAllDevices, name, "enterprise without all devices")
        case .appStore: FuzzCheck.require(profile.provisionedDevices.isEmpty, name, "App Store with devices")
        case .development: FuzzCheck.require(profile.getTaskAllow, name, "development without get-task-allow")
        case .adHoc: FuzzCheck.require(!profile.getTaskAllow, name, "ad hoc with get-task-allow")
        }
    }
}
