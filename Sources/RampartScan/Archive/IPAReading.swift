import Foundation
import RampartPolicy
import RampartTrust
import ZIPFoundation

/// One `.ipa` being scanned: the members listed within the limits, the bytes extracted so far, and
/// what was found. ``IPAAnalyzer`` makes one per archive.
struct IPAReading {
    let archive: IPAZipDirectory
    let archivePath: String
    let limits: IPALimits
    let analyzers: [any ScanAnalyzer]
    var result = ScanFileResult()
    var extracted = 0
    /// Set once the total budget is spent: nothing more is extracted.
    var exhausted = false
    /// The OAuth callback schemes each bundle's `Info.plist` declares, by bundle folder.
    var oauthSchemes: [String: [String]] = [:]

    init(archive: IPAZipDirectory, archivePath: String, limits: IPALimits, analyzers: [any ScanAnalyzer]) {
        self.archive = archive
        self.archivePath = archivePath
        self.limits = limits
        self.analyzers = analyzers
    }

    /// Extensions of archives that are reported, not opened.
    static let archiveExtensions: Set<String> = [
        "zip", "ipa", "jar", "apk", "aar", "tar", "gz", "tgz", "xz", "7z", "rar",
    ]
    static let certificateExtensions: Set<String> = ["cer", "der", "crt", "pem"]
    static let propertyListExtensions: Set<String> = ["plist", "entitlements", "xcent"]
    static let bundleExtensions: Set<String> = ["app", "appex", "framework"]

    func display(_ member: String) -> String { archivePath + "!/" + member }

    mutating func problem(_ member: String?, _ message: String) {
        result.problems.append(ScanProblem(path: member.map(display) ?? archivePath, message: message))
    }

    mutating func scan(isIPA: Bool) {
        var members: [String: IPAZipDirectory.Member] = [:]
        /// The second and later members of a name the archive holds more than once.
        var copies: [String: [IPAZipDirectory.Member]] = [:]
        var count = 0
        var tooDeep = 0
        for entry in archive.members {
            count += 1
            if count > limits.maximumMembers {
                problem(
                    nil,
                    "the archive lists more than \(limits.maximumMembers) members; the rest were not scanned")
                break
            }
            guard let path = entry.name else {
                problem(
                    entry.shownName,
                    "the member's name holds a NUL or bytes that are not UTF-8, which tools read differently; "
                        + "it was not read")
                continue
            }
            let components = path.split(whereSeparator: { $0 == "/" || $0 == "\\" })
            if path.hasPrefix("/") || path.hasPrefix("\\") || Array(path.utf8.prefix(2)).last == UInt8(ascii: ":") {
                problem(path, "the member's name is absolute; it was not read (an archive must not name such paths)")
                continue
            }
            if components.contains("..") {
                problem(path, "the member's name climbs out of the archive (..); it was not read")
                continue
            }
            if components.count > limits.maximumPathDepth {
                tooDeep += 1
                if tooDeep == 1 {
                    problem(
                        path,
                        "not read: nested \(components.count) folders deep, more than the limit of "
                            + "\(limits.maximumPathDepth) (IPALimits.maximumPathDepth)")
                }
                continue
            }
            guard entry.isFile else { continue }
            let ext = Self.pathExtension(path)
            if Self.archiveExtensions.contains(ext) {
                problem(path, "an archive inside the archive; it was not opened or scanned")
                continue
            }
            if members[path] == nil {
                members[path] = entry
            } else {
                copies[path, default: []].append(entry)
            }
        }

        if tooDeep > 1 {
            problem(
                nil,
                "\(tooDeep - 1) more members nested deeper than \(limits.maximumPathDepth) folders were not read "
                    + "(IPALimits.maximumPathDepth)")
        }
        var roots = Self.bundleRoots(members.keys)
        if roots.count > limits.maximumBundles {
            problem(
                nil,
                "the archive holds \(roots.count) bundles; those after the first \(limits.maximumBundles) (outermost "
                    + "first) were not scanned (IPALimits.maximumBundles)")
            roots.removeSubrange(limits.maximumBundles...)
        }
        if isIPA && !roots.contains(where: { $0.hasSuffix(".app") && $0.split(separator: "/").count == 2 }) {
            problem(nil, "no Payload/NAME.app/ folder: this is not an iOS app archive, so no bundle was scanned")
        }
        var handled: Set<String> = []
        var executables: [String: EntitlementsCheck.Origin] = [:]
        for root in roots {
            let infoPath = root + "/Info.plist"
            var executableName = Self.baseName(root)
            if let entry = members[infoPath],
                let bytes = extract(entry, path: infoPath, limit: limits.maximumMemberSize)
            {
                handled.insert(infoPath)
                offerToAnalyzers(path: infoPath, bytes: bytes)
                let top =
                    (try? PropertyListReader.object(from: Data(bytes), source: display(infoPath)).object)
                    as? [String: Any]
                if let top {
                    oauthSchemes[root] = PropertyListOAuthSchemeRule.oauthSchemes(in: top)
                }
                if let name = top?["CFBundleExecutable"] as? String, !name.isEmpty, !name.contains("/") {
                    executableName = name
                }
            }
            // The profile first: its kind says how the executable's signed entitlements are judged.
            var origin = EntitlementsCheck.Origin.distributionProfile
            let profilePath = root + "/embedded.mobileprovision"
            if let entry = members[profilePath] {
                handled.insert(profilePath)
                if let bytes = extract(entry, path: profilePath, limit: limits.maximumMemberSize),
                    let kind = readProfile(bytes, path: profilePath), kind == .development
                {
                    origin = .developmentProfile
                }
            }
            let executablePath = root + "/" + executableName
            executables[executablePath] = origin
            if let entry = members[executablePath] {
                handled.insert(executablePath)
                if let bytes = extract(entry, path: executablePath, limit: limits.maximumBinarySize) {
                    let scanned = MachOAnalyzer.analyze(
                        bytes, binary: executablePath, path: display(executablePath), entitlementsOrigin: origin)
                    result.findings += scanned.findings
                    result.problems += scanned.problems
                }
            } else if root.hasSuffix(".app") || root.hasSuffix(".appex") {
                problem(root, "its executable \(executableName) is not in the archive; no binary of it was scanned")
            }
        }

        for path in members.keys.sorted() where !handled.contains(path) {
            guard let entry = members[path], !exhausted else { continue }
            scanLooseMember(entry, path: path)
        }
        scanCopies(copies, executables: executables)
    }

    /// A member outside the bundles' executables: a provisioning profile, a certificate or a property list
    /// is read; anything else is left alone.
    mutating func scanLooseMember(_ member: IPAZipDirectory.Member, path: String) {
        let ext = Self.pathExtension(path)
        if Self.baseName(path) == "embedded.mobileprovision" {
            if let bytes = extract(member, path: path, limit: limits.maximumMemberSize) {
                readProfile(bytes, path: path)
            }
        } else if Self.certificateExtensions.contains(ext) {
            if let bytes = extract(member, path: path, limit: limits.maximumMemberSize) {
                readCertificates(bytes, path: path)
            }
        } else if Self.propertyListExtensions.contains(ext) {
            if let bytes = extract(member, path: path, limit: limits.maximumMemberSize) {
                offerToAnalyzers(path: path, bytes: bytes)
            }
        }
    }

    /// Every copy of a name the archive holds more than once, scanned as the first was and reported with its
    /// number: which copy an installer keeps depends on the tool, so an insecure `Info.plist` must not hide
    /// behind a clean one of the same name.
    mutating func scanCopies(
        _ copies: [String: [IPAZipDirectory.Member]], executables: [String: EntitlementsCheck.Origin]
    ) {
        for (path, extra) in copies.sorted(by: { $0.key < $1.key }) {
            let total = extra.count + 1
            problem(
                path,
                "the archive holds \(total) members of this name (tools disagree on which one an install keeps); "
                    + "every copy was scanned, the later ones reported as \(path) (copy N of \(total))")
            for (offset, member) in extra.enumerated() where !exhausted {
                let (findings, problems) = (result.findings.count, result.problems.count)
                if let origin = executables[path] {
                    if let bytes = extract(member, path: path, limit: limits.maximumBinarySize) {
                        let scanned = MachOAnalyzer.analyze(
                            bytes, binary: path, path: display(path), entitlementsOrigin: origin)
                        result.findings += scanned.findings
                        result.problems += scanned.problems
                    }
                } else {
                    scanLooseMember(member, path: path)
                }
                let label = " (copy \(offset + 2) of \(total))"
                for index in findings..<result.findings.count { result.findings[index].path += label }
                for index in problems..<result.problems.count { result.problems[index].path += label }
            }
        }
    }

    /// Hands a member to the first analyzer that accepts it.
    mutating func offerToAnalyzers(path: String, bytes: [UInt8]) {
        let file = ScanFile(path: display(path), contents: bytes)
        guard let analyzer = analyzers.first(where: { $0.accepts(path: file.path, prefix: bytes.prefix(16)) }) else {
            return
        }
        let scanned = analyzer.analyze(file)
        result.findings += scanned.findings
        result.problems += scanned.problems
    }

    /// Reads a provisioning profile and judges its entitlements (``EntitlementsCheck``: `get-task-allow`
    /// in a distribution profile; OAuth callback schemes of the bundle without associated domains).
    @discardableResult
    mutating func readProfile(_ bytes: [UInt8], path: String) -> ProvisioningProfile.Kind? {
        let profile: ProvisioningProfile
        do {
            profile = try ProvisioningProfile(bytes)
        } catch {
            problem(path, "the provisioning profile was not read: \(error)")
            return nil
        }
        let entitlements =
            (try? PropertyListReader.object(from: Data(profile.entitlementsPropertyList), source: path).object)
            as? [String: Any] ?? [:]
        let root = String(path.dropLast("/embedded.mobileprovision".count))
        result.findings += EntitlementsCheck.findings(
            entitlements: entitlements, path: display(path),
            origin: profile.kind == .development ? .developmentProfile : .distributionProfile,
            oauthSchemes: oauthSchemes[root] ?? [])
        return profile.kind
    }

    mutating func readCertificates(_ bytes: [UInt8], path: String) {
        let certificates: [EncodedCertificate]
        do {
            certificates = try CertificateFile.parseEncoded(Data(bytes), source: display(path))
        } catch {
            problem(path, "the bundled certificate file was not read: \(error)")
            return
        }
        for certificate in certificates {
            guard let pin = try? certificate.spkiPin else { continue }
            let subject = certificate.certificate.map { "\($0.subject)" } ?? "a certificate"
            result.findings.append(
                ScanFinding(
                    rule: .pinningWithoutBackup, path: display(path), line: 0, column: 0,
                    message: "\(path) bundles \(subject), as certificate pinning does; pin its key instead, with a "
                        + "backup key beside it: \(pin) (NSPinnedDomains SPKI-SHA256-BASE64 "
                        + "\(pin.base64), or Rampart's PinnedHost)",
                    severity: .info))
        }
    }

    /// Why a member was not extracted whole.
    enum Stop: Error {
        case tooLarge, ratio, budget
    }

    /// The bytes of a member, at most `limit` and within the archive's budget and ratio; nil (with a
    /// problem reported) when it is larger, a bomb or damaged. The ratio divides what came out by the bytes
    /// the member actually consumed of the archive, never by the compressed size its header declares.
    mutating func extract(_ entry: IPAZipDirectory.Member, path: String, limit: Int) -> [UInt8]? {
        guard !exhausted else { return nil }
        if entry.uncompressedSize > UInt64(limit) {
            problem(
                path,
                "the member is \(entry.uncompressedSize) bytes, more than the \(Self.size(limit)) read; not scanned")
            return nil
        }
        var bytes: [UInt8] = []
        let budget = limits.maximumTotalSize - extracted
        let ratio = limits.maximumCompressionRatio
        do {
            let (checksum, _) = try archive.extract(entry) { chunk, consumed in
                bytes += chunk
                if bytes.count > limit { throw Stop.tooLarge }
                if bytes.count > budget { throw Stop.budget }
                if bytes.count > 1 << 20 && bytes.count / max(consumed, 1) > ratio { throw Stop.ratio }
            }
            extracted += bytes.count
            if checksum != entry.checksum {
                problem(path, "the member is damaged (its CRC-32 does not match); not scanned")
                return nil
            }
            return bytes
        } catch Stop.tooLarge {
            problem(
                path,
                "the member inflates past \(Self.size(limit)) although its header says \(entry.uncompressedSize) bytes; not scanned"
            )
        } catch Stop.ratio {
            problem(
                path,
                "the member inflates more than \(ratio) times the bytes it takes in the archive (a zip bomb?); "
                    + "reading stopped at \(Self.size(bytes.count)) and it was not scanned")
        } catch Stop.budget {
            exhausted = true
            problem(
                path,
                "the archive inflates past \(Self.size(limits.maximumTotalSize)) in all; this member and the rest "
                    + "were not scanned")
        } catch {
            problem(path, "the member could not be extracted (\(error)); not scanned")
        }
        extracted += bytes.count
        return nil
    }

    /// A size in the largest binary unit that divides it (`64 MiB`, `512 KiB`, `100 bytes`).
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// The folders of app, extension and framework bundles under `Payload/`, outermost first.
    static func bundleRoots(_ paths: some Sequence<String>) -> [String] {
        var roots: Set<String> = []
        for path in paths where path.hasPrefix("Payload/") {
            let components = path.split(separator: "/")
            for index in components.indices.dropLast()
            where bundleExtensions.contains(pathExtension(String(components[index]))) {
                roots.insert(components[...index].joined(separator: "/"))
            }
        }
        return roots.sorted { ($0.count, $0) < ($1.count, $1) }
    }

    static func pathExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// The last component, without its extension for a bundle folder.
    static func baseName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if let dot = name.lastIndex(of: "."), bundleExtensions.contains(String(name[name.index(after: dot)...])) {
            return String(name[..<dot])
        }
        return name
    }
}
