import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lists the files under the paths to scan: folders are walked in name order, symbolic links followed but never
/// into a loop (a folder that leads back to one it is inside, by device and inode), each file and folder taken
/// once, folders of generated and third-party code left out.
struct ScanTreeWalker {
    /// A file to scan: where it is, the path reports show, and whether the user named it on its own.
    struct Candidate: Sendable {
        var location: String
        var path: String
        /// The part of ``path`` below the scanned folder: what test code and dependency rules judge.
        var relativePath: String
        var named: Bool
    }

    /// Folders never scanned: version control, build products.
    static let generatedFolders: Set<String> = [".git", ".build", "DerivedData", ".swiftpm"]
    /// Folders of third-party code, scanned only when asked.
    static let dependencyFolders: Set<String> = ["Pods", "Carthage"]

    var includeDependencies: Bool
    private(set) var candidates: [Candidate] = []
    private(set) var problems: [ScanProblem] = []
    private(set) var foldersSkipped = 0
    private var seenFolders: Set<FileIdentity> = []
    private var seenFiles: Set<FileIdentity> = []

    init(includeDependencies: Bool) { self.includeDependencies = includeDependencies }

    struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// Adds the files of `location`, shown in reports under `shownAs` (empty: paths relative to it).
    mutating func add(_ location: String, shownAs: String) throws(ScanError) {
        var info = stat()
        guard stat(location, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .missingPath(location) }
            problems.append(
                ScanProblem(
                    path: shownAs.isEmpty ? location : shownAs,
                    message: "cannot be examined (\(String(cString: strerror(code)))); it was not scanned"))
            return
        }
        if info.st_mode & S_IFMT != S_IFDIR {
            let shown = shownAs.isEmpty ? (location as NSString).lastPathComponent : shownAs
            addFile(location, info: info, path: shown, relative: (location as NSString).lastPathComponent, named: true)
            return
        }
        walk(folder: location, info: info, shownAs: shownAs)
    }

    private mutating func walk(folder root: String, info rootInfo: stat, shownAs: String) {
        struct Pending {
            var location: String
            var relative: String
            var ancestors: [FileIdentity]
        }
        let rootIdentity = FileIdentity(rootInfo)
        guard seenFolders.insert(rootIdentity).inserted else { return }
        var stack = [Pending(location: root, relative: "", ancestors: [rootIdentity])]
        while let folder = stack.popLast() {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder.location).sorted()
            } catch {
                problems.append(
                    ScanProblem(
                        path: shown(folder.relative, under: shownAs, root: root),
                        message: "this folder cannot be listed (\(Self.reason(error))); its files were not scanned"))
                continue
            }
            var subfolders: [Pending] = []
            for name in names {
                let location = folder.location + "/" + name
                let relative = folder.relative.isEmpty ? name : folder.relative + "/" + name
                let path = shown(relative, under: shownAs, root: root)
                var link = stat()
                guard lstat(location, &link) == 0 else {
                    problems.append(ScanProblem(path: path, message: "cannot be examined; it was not scanned"))
                    continue
                }
                var info = link
                let isLink = link.st_mode & S_IFMT == S_IFLNK
                if isLink && stat(location, &info) != 0 {
                    problems.append(
                        ScanProblem(
                            path: path, message: "a symbolic link to nothing (\(Self.linkTarget(location))); skipped"))
                    continue
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    if Self.generatedFolders.contains(name)
                        || (!includeDependencies && Self.dependencyFolders.contains(name))
                    {
                        foldersSkipped += 1
                        continue
                    }
                    let identity = FileIdentity(info)
                    if folder.ancestors.contains(identity) {
                        problems.append(
                            ScanProblem(
                                path: path,
                                message: "a symbolic link loop: it leads back to a folder it is inside "
                                    + "(\(Self.linkTarget(location))); not followed"))
                        continue
                    }
                    guard seenFolders.insert(identity).inserted else { continue }
                    subfolders.append(
                        Pending(location: location, relative: relative, ancestors: folder.ancestors + [identity]))
                case S_IFREG:
                    addFile(location, info: info, path: path, relative: relative, named: false)
                default:
                    problems.append(
                        ScanProblem(
                            path: path, message: "not a regular file (a FIFO, socket or device); it was not read"))
                }
            }
            // Depth first, in name order.
            stack += subfolders.reversed()
        }
    }

    private mutating func addFile(_ location: String, info: stat, path: String, relative: String, named: Bool) {
        guard seenFiles.insert(FileIdentity(info)).inserted else { return }
        if info.st_mode & S_IFMT != S_IFREG {
            problems.append(
                ScanProblem(path: path, message: "not a regular file (a FIFO, socket or device); it was not read"))
            return
        }
        candidates.append(Candidate(location: location, path: path, relativePath: relative, named: named))
    }

    private func shown(_ relative: String, under shownAs: String, root: String) -> String {
        if shownAs.isEmpty { return relative.isEmpty ? "." : relative }
        if relative.isEmpty { return shownAs }
        return shownAs.hasSuffix("/") ? shownAs + relative : shownAs + "/" + relative
    }

    private static func linkTarget(_ location: String) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: location)) ?? "?"
    }

    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return (error as NSError).localizedDescription
    }
}
