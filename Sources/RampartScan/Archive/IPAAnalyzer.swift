import Foundation
import RampartIO
import RampartPolicy
import RampartTrust

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Scans an iOS app archive (`.ipa`, a zip with `Payload/NAME.app/`) without unpacking it to disk: each
/// bundle's `Info.plist` (through the property-list analyzers), its executable (``MachOAnalyzer``:
/// imports and strings, frameworks' and extensions' binaries too), `embedded.mobileprovision`
/// (``ProvisioningProfile``: a debuggable profile) and bundled certificates (their SPKI pins, offered
/// for `NSPinnedDomains` or Rampart's `PinnedHost`).
///
/// Reads are bounded by ``IPALimits``: member count, bytes per member and in all (counted as they are
/// inflated), compression ratio (the bytes out per byte a member actually consumed of the archive, never per
/// byte its header declares). A member whose name climbs out of the archive (`..`), is absolute, or holds a NUL
/// or bytes that are not UTF-8 is reported and not read; archives inside the archive are reported, not opened;
/// two members of one name are reported and every copy is scanned, the later ones named `… (copy 2 of 2)`. Findings and problems
/// name members as `App.ipa!/Payload/App.app/Info.plist`.
///
/// ```swift
/// let file = ScanFile(path: "App.ipa", contents: [], url: URL(fileURLWithPath: "build/App.ipa"))
/// let result = IPAAnalyzer().analyze(file)
/// for finding in result.findings { print(finding.path, finding.ruleID, finding.message) }
/// ```
public struct IPAAnalyzer: ScanAnalyzer {
    public var limits: IPALimits
    /// The analyzers offered each bundle's property lists (`Info.plist`, other `.plist`, `.entitlements`,
    /// `.xcent`); the first that accepts one reads it.
    public var memberAnalyzers: [any ScanAnalyzer]

    public init(
        limits: IPALimits = IPALimits(), memberAnalyzers: [any ScanAnalyzer] = IPAAnalyzer.defaultMemberAnalyzers
    ) {
        self.limits = limits
        self.memberAnalyzers = memberAnalyzers
    }

    /// The property-list analyzers of the package.
    public static var defaultMemberAnalyzers: [any ScanAnalyzer] { [PropertyListAnalyzer()] }

    public var readsFromDisk: Bool { true }

    /// `.ipa` files, and zip archives by their magic number (`PK\u{3}\u{4}`).
    public func accepts(path: String, prefix: ArraySlice<UInt8>) -> Bool {
        path.lowercased().hasSuffix(".ipa") || prefix.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    public func analyze(_ file: ScanFile) -> ScanFileResult {
        let archive: IPAZipDirectory
        var descriptor: Int32 = -1
        defer { if descriptor >= 0 { close(descriptor) } }
        do {
            if let url = file.url {
                descriptor = try FileDescriptorIO.openForReading(url.path)
                archive = try IPAZipDirectory(descriptor: descriptor, maximumMembers: limits.maximumMembers)
            } else {
                archive = try IPAZipDirectory(bytes: file.contents, maximumMembers: limits.maximumMembers)
            }
        } catch {
            let reason = "not a readable zip archive (\(error))"
            return ScanFileResult(
                problems: [ScanProblem(path: file.path, message: "\(reason); nothing in it was scanned")],
                malformed: reason)
        }
        var reading = IPAReading(archive: archive, archivePath: file.path, limits: limits, analyzers: memberAnalyzers)
        reading.scan(isIPA: file.path.lowercased().hasSuffix(".ipa"))
        return reading.result
    }
}
