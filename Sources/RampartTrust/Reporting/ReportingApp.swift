import Foundation
import RampartPolicy

/// Who is reporting: the app fields of a pin-failure report.
///
/// ```swift
/// let app = ReportingApp(bundleID: "com.example.app", version: "2.1")
/// ```
public struct ReportingApp: Sendable, Hashable {
    public var bundleID: String
    public var version: String
    /// A per-install identifier that is not tied to the user (TrustKit uses identifierForVendor).
    public var vendorID: String
    public var platform: String
    public var platformVersion: String
    /// Rampart's version, sent in `trustkit-version` as `rampart-VERSION`.
    public var libraryVersion: String

    public init(
        bundleID: String, version: String, vendorID: String = UUID().uuidString,
        platform: String = ReportingApp.currentPlatform,
        platformVersion: String = ProcessInfo.processInfo.operatingSystemVersionString,
        libraryVersion: String? = nil
    ) {
        self.bundleID = bundleID
        self.version = version
        self.vendorID = vendorID
        self.platform = platform
        self.platformVersion = platformVersion
        self.libraryVersion = libraryVersion ?? RampartVersion.current
    }

    /// `LINUX`, `IOS`, `MACOS` or `UNKNOWN`, as TrustKit spells platforms.
    public static var currentPlatform: String {
        #if os(Linux)
            return "LINUX"
        #elseif os(iOS)
            return "IOS"
        #elseif os(macOS)
            return "MACOS"
        #else
            return "UNKNOWN"
        #endif
    }
}
