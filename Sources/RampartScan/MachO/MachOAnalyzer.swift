import Foundation
import RampartPolicy

/// Scans Mach-O binaries (executables, dynamic libraries, object files; thin or universal) for imports
/// and strings that break a rule: weak keychain classes, MD5/SHA-1, predictable generators,
/// `UIWebView`, private certificate selectors, cleartext URLs and hard-coded tokens.
///
/// A FairPlay-encrypted binary (an App Store download) is reported as a ``ScanProblem``: its strings
/// were not scanned, its imports were. Damaged binaries are problems too, never a crash. Findings have
/// line and column 0 and their message names the symbol or string and the binary.
///
/// ```swift
/// let result = MachOAnalyzer().analyze(ScanFile(path: "Payload/App.app/App", contents: bytes))
/// for finding in result.findings { print(finding.ruleID, finding.message) }
/// ```
public struct MachOAnalyzer: ScanAnalyzer {
    public init() {}

    public func accepts(path: String, prefix: ArraySlice<UInt8>) -> Bool {
        MachOReader.looksLikeMachO(prefix)
    }

    public func analyze(_ file: ScanFile) -> ScanFileResult {
        Self.analyze(file.contents, binary: file.path, path: file.path)
    }

    /// Scans the binary `bytes`: `path` is where findings and problems point, `binary` how their messages
    /// name it (inside an archive, the member's path). The entitlements its code signature carries are
    /// judged by ``EntitlementsCheck`` as coming from `entitlementsOrigin`.
    static func analyze(
        _ bytes: [UInt8], binary: String, path: String,
        entitlementsOrigin: EntitlementsCheck.Origin = .entitlementsFile
    ) -> ScanFileResult {
        let slices: [MachOSlice]
        do {
            slices = try MachOReader.read(bytes)
        } catch {
            return ScanFileResult(problems: [ScanProblem(path: path, message: "\(binary) was not scanned: \(error)")])
        }
        var result = ScanFileResult()
        var seen: Set<String> = []
        var dropped = 0
        for slice in slices {
            var findings = MachOImportRules.findings(imports: slice.importedSymbols, binary: binary, path: path)
            findings += MachOPrivateSelectors.findings(strings: slice.strings, binary: binary, path: path)
            findings += MachOCleartextURL.findings(strings: slice.strings, binary: binary, path: path)
            findings += MachOHardCodedSecret.findings(strings: slice.strings, binary: binary, path: path)
            if let entitlements = slice.entitlements,
                let top = (try? PropertyListReader.object(from: Data(entitlements), source: path).object)
                    as? [String: Any]
            {
                findings += EntitlementsCheck.findings(entitlements: top, path: path, origin: entitlementsOrigin)
            }
            // A universal binary holds the same code for each architecture: one finding for all.
            for finding in findings where seen.insert(finding.ruleID + "\u{0}" + finding.message).inserted {
                guard result.findings.count < MachOLimits.maximumFindings else {
                    dropped += 1
                    continue
                }
                result.findings.append(finding)
            }
            if slice.isEncrypted {
                result.problems.append(
                    ScanProblem(
                        path: path,
                        message: "\(binary) (\(slice.architecture)) is FairPlay-encrypted (LC_ENCRYPTION_INFO with "
                            + "cryptid 1): its strings were not scanned, only its imports; scan the app as built by "
                            + "Xcode (an archive's .app or an ad-hoc .ipa) to read them"))
            }
        }
        for omission in slices.last?.omissions ?? [] {
            result.problems.append(ScanProblem(path: path, message: "partly analysed: \(binary): \(omission)"))
        }
        if dropped > 0 {
            result.problems.append(
                ScanProblem(
                    path: path,
                    message: "partly analysed: \(binary): \(dropped) findings after the first "
                        + "\(MachOLimits.maximumFindings) were dropped (MachOLimits.maximumFindings)"))
        }
        return result
    }
}
