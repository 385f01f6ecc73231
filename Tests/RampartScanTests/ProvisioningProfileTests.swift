import Foundation
import RampartScan
import Testing

@Suite("ProvisioningProfile", .timeLimit(.minutes(10)))
struct ProvisioningProfileTests {
    @Test("a development profile signed by openssl cms: fields, entitlements, kind")
    func development() throws {
        let profile = try ProvisioningProfile(try BinaryFixtures.bytes("development.mobileprovision"))
        #expect(profile.name == "Rampart Demo Development")
        #expect(profile.teamIdentifiers == ["ABCDE12345"])
        #expect(profile.teamName == "Rampart Lab")
        #expect(profile.provisionedDevices.count == 2)
        #expect(profile.getTaskAllow)
        #expect(profile.apsEnvironment == "development")
        #expect(profile.applicationIdentifier == "ABCDE12345.org.rampart.demo")
        #expect(profile.kind == .development)
        let expiry = try #require(profile.expirationDate)
        #expect(profile.isExpired(at: expiry.addingTimeInterval(1)))
        #expect(!profile.isExpired(at: expiry.addingTimeInterval(-1)))
        let entitlements = try #require(
            try PropertyListSerialization.propertyList(from: Data(profile.entitlementsPropertyList), format: nil)
                as? [String: Any])
        #expect(entitlements["get-task-allow"] as? Bool == true)
        // The embedded plist is the very one signed.
        #expect(profile.propertyList == (try BinaryFixtures.bytes("development-profile.plist")))
    }

    @Test("BER with indefinite lengths and chunked content (openssl cms -stream) reads as the DER profile does")
    func ber() throws {
        let ber = try ProvisioningProfile(try BinaryFixtures.bytes("development-ber.mobileprovision"))
        let der = try ProvisioningProfile(try BinaryFixtures.bytes("development.mobileprovision"))
        #expect(ber == der)
    }

    @Test("no devices and get-task-allow: read as an App Store profile that is debuggable")
    func appStoreDebuggable() throws {
        let profile = try ProvisioningProfile(try BinaryFixtures.bytes("appstore-debuggable.mobileprovision"))
        #expect(profile.kind == .appStore)
        #expect(profile.getTaskAllow)
        #expect(profile.apsEnvironment == "production")
    }

    @Test("a certificate, a plist, truncated and empty input are clear errors")
    func refused() throws {
        #expect(throws: ProvisioningProfileError.self) {
            try ProvisioningProfile(try BinaryFixtures.bytes("server.cer"))
        }
        #expect(throws: ProvisioningProfileError.self) {
            try ProvisioningProfile(try BinaryFixtures.bytes("development-profile.plist"))
        }
        #expect(throws: ProvisioningProfileError.self) { try ProvisioningProfile([]) }
        let bytes = try BinaryFixtures.bytes("development.mobileprovision")
        for length in stride(from: 1, to: bytes.count, by: 97) {
            #expect(throws: ProvisioningProfileError.self) { try ProvisioningProfile(Array(bytes.prefix(length))) }
        }
        let certificate = try BinaryFixtures.bytes("server.cer")
        do {
            _ = try ProvisioningProfile(certificate)
        } catch {
            #expect(error.description.contains("not a provisioning profile"))
        }
    }

    @Test("a profile larger than the limit is refused before parsing")
    func tooLarge() {
        let huge = [UInt8](repeating: 0x30, count: ProvisioningProfile.maximumSize + 1)
        #expect(throws: ProvisioningProfileError.tooLarge(size: huge.count, limit: ProvisioningProfile.maximumSize)) {
            try ProvisioningProfile(huge)
        }
    }
}
