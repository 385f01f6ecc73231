import Foundation
import RampartPolicy
import RampartTrust
import ZIPFoundation

/// Scans an iOS app archive (`.ipa`, a zip with `Payload/NAME.app/`) without unpacking it to disk: each
/// bundle's `Info.plist` (through the property-list analyzers), its executable (``MachOAnalyzer``:
/// imports and strings, frameworks' and extensions' binaries too), `embedded.mobileprovision`
/// (``ProvisioningProfile``: a debuggable profile) and bundled certificates (their SPKI pins, offered
/// for `NSPinnedDomains` or Rampart's `PinnedHost`).
///
/// Reads are bounded by ``IPALimits``: member count, bytes per member and in all (counted as they are
/// inflated), compression ratio. A member whose name climbs out of the archive (`..`) or is absolute is
/// reported and not read; archives inside the archive are reported, not opened. Findings and problems
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
        let archive: Archive
        do {
            if let url = file.url {
                archive = try Archive(url: url, accessMode: .read)
            } else {
                archive = try Archive(data: Data(file.contents), accessMode: .read)
            }
        } catch {
            return ScanFileResult(problems: [
                ScanProblem(
                    path: file.path, message: "not a readable zip archive (\(error)); nothing in it was scanned")
            ])
        }
        var reading = IPAReading(archive: archive, archivePath: file.path, limits: limits, analyzers: memberAnalyzers)
        reading.scan(isIPA: file.path.lowercased().hasSuffix(".ipa"))
        return reading.result
    }
}
