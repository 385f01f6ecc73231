// Fuzzes the whole scan of one `.ipa` (`ScanEngine` with every analyzer: ZIPFoundation within `IPALimits`, the
// bundles, Info.plist, profiles, certificates, Mach-O binaries within `MachOLimits`): never a crash or a run past
// the time-out; the promises of `FuzzScan`, and findings and problems only in the archive or its members.
import Foundation
import RampartScan

enum FuzzScanIPA {
    static let target = FuzzTarget(
        name: "scan-ipa", maxLength: 256 * 1024,
        summary: "ScanEngine on one .ipa: IPALimits, bundles, plists, profiles, certificates, Mach-O", run: run)

    static func run(_ data: Data) {
        FuzzScan.run(target.name, data, name: "App.ipa")
    }
}
