import Foundation
import RampartIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lists the files under the paths to scan: folders are walked in name order, each file and folder taken
/// once (by device and inode), folders of generated and third-party code left out.
///
/// The tree is someone else's (a pull request's): each folder is opened without following a symbolic link
/// (`O_NOFOLLOW`, checked to be the folder listed) and its entries examined with `fstatat` relative to it. A
/// symbolic link is followed only when its resolved target stays inside the scanned folder, and never into
/// a loop; one that leads out of it (`ln -s / x`) is reported and not followed. A path named on the command
/// line is the user's own choice and is followed wherever it leads.
struct ScanTreeWalker {
    /// A file to scan: where it is, the path reports show, and whether the user named it on its own.
    struct Candidate: Sendable {
        /// Where to open it: a path with no symbolic link as its last component (a link's resolved target).
        var location: String
        var path: String
        /// The part of ``path`` below the scanned folder: what test code and dependency rules judge.
        var relativePath: String
        var named: Bool
        /// The file the walk saw; the scan reads it only if the open gives this same file.
        var identity: FileIdentity
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

    /// Adds the files of `location`, shown in reports under `shownAs` (empty: paths relative to it).
    mutating func add(_ location: String, shownAs: String) throws(ScanError) {
        var info = stat()
        guard stat(location, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .missingPath(location) }
            throw .unreadableInput(location, reason: String(cString: strerror(code)))
        }
        // The user named this path: it is followed wherever it leads, so open what it resolves to.
        let resolved = Self.realPath(location) ?? location
        if info.st_mode & S_IFMT != S_IFDIR {
            let shown = shownAs.isEmpty ? (location as NSString).lastPathComponent : shownAs
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw .unreadableInput(location, reason: "not a regular file (a FIFO, socket or device)")
            }
            addFile(
                resolved, identity: FileIdentity(info), path: shown, relative: (location as NSString).lastPathComponent,
                named: true)
            return
        }
        try walk(folder: resolved, identity: FileIdentity(info), shownAs: shownAs, named: location)
    }

    private struct Pending {
        var location: String
        var relative: String
        var identity: FileIdentity
        var ancestors: [FileIdentity]
    }

    /// Walks the folder `root`; throws when `named`, the folder as the user named it, cannot be listed at all.
    private mutating func walk(folder root: String, identity rootIdentity: FileIdentity, shownAs: String, named: String)
        throws(ScanError)
    {
        guard seenFolders.insert(rootIdentity).inserted else { return }
        var stack = [Pending(location: root, relative: "", identity: rootIdentity, ancestors: [rootIdentity])]
        while let folder = stack.popLast() {
            let path = shown(folder.relative, under: shownAs, root: root)
            let descriptor = open(folder.location, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else {
                if folder.relative.isEmpty {
                    throw .unreadableInput(
                        named, reason: "the folder cannot be listed (\(String(cString: strerror(errno))))")
                }
                problems.append(
                    ScanProblem(
                        path: path,
                        message: "this folder cannot be listed (\(String(cString: strerror(errno)))); "
                            + "its files were not scanned"))
                continue
            }
            defer { close(descriptor) }
            guard (try? FileIdentity(descriptor: descriptor)) == folder.identity else {
                problems.append(
                    ScanProblem(
                        path: path, message: "this folder was replaced during the scan; its files were not scanned"))
                continue
            }
            let names: [String]
            do throws(IOError) {
                names = try Self.names(in: descriptor)
            } catch {
                if folder.relative.isEmpty {
                    throw .unreadableInput(
                        named, reason: "the folder cannot be listed (\(error.reason ?? error.description))")
                }
                problems.append(
                    ScanProblem(
                        path: path,
                        message: "this folder cannot be listed (\(error.reason ?? error.description)); "
                            + "its files were not scanned"))
                continue
            }
            var subfolders: [Pending] = []
            for name in names {
                let relative = folder.relative.isEmpty ? name : folder.relative + "/" + name
                let path = shown(relative, under: shownAs, root: root)
                var info = stat()
                guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                    problems.append(ScanProblem(path: path, message: "cannot be examined; it was not scanned"))
                    continue
                }
                var location = folder.location + "/" + name
                if info.st_mode & S_IFMT == S_IFLNK {
                    let target = Self.linkTarget(descriptor, name)
                    guard let resolved = Self.realPath(location), stat(resolved, &info) == 0 else {
                        problems.append(
                            ScanProblem(path: path, message: "a symbolic link to nothing (\(target)); skipped"))
                        continue
                    }
                    guard resolved == root || resolved.hasPrefix(root == "/" ? "/" : root + "/") else {
                        problems.append(
                            ScanProblem(
                                path: path,
                                message: "a symbolic link out of the scanned folder (\(target)); not followed"))
                        continue
                    }
                    location = resolved
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
                                    + "(\(Self.linkTarget(descriptor, name))); not followed"))
                        continue
                    }
                    guard seenFolders.insert(identity).inserted else { continue }
                    subfolders.append(
                        Pending(
                            location: location, relative: relative, identity: identity,
                            ancestors: folder.ancestors + [identity]))
                case S_IFREG:
                    addFile(location, identity: FileIdentity(info), path: path, relative: relative, named: false)
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

    private mutating func addFile(
        _ location: String, identity: FileIdentity, path: String, relative: String, named: Bool
    ) {
        guard seenFiles.insert(identity).inserted else { return }
        candidates.append(
            Candidate(location: location, path: path, relativePath: relative, named: named, identity: identity))
    }

    private func shown(_ relative: String, under shownAs: String, root: String) -> String {
        if shownAs.isEmpty { return relative.isEmpty ? "." : relative }
        if relative.isEmpty { return shownAs }
        return shownAs.hasSuffix("/") ? shownAs + relative : shownAs + "/" + relative
    }

    /// The entries of the folder open as `descriptor`, in name order, without `.` and `..`.
    private static func names(in descriptor: Int32) throws(IOError) -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let stream = fdopendir(copy) else {
            let code = errno
            throw .system(.read, path: "folder", systemCall: "fdopendir", errno: code)
        }
        defer { closedir(stream) }
        var names: [String] = []
        errno = 0
        while let entry = readdir(stream) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix(while: { $0 != 0 })) }
            // A name that is not UTF-8 could not be opened again from a String: listed as it shows, and then
            // reported as a file that cannot be examined.
            let name = String(decoding: bytes, as: UTF8.self)
            if name != "." && name != ".." { names.append(name) }
        }
        if errno != 0 {
            let code = errno
            throw .system(.read, path: "folder", systemCall: "readdir", errno: code)
        }
        return names.sorted()
    }

    /// `path` with every symbolic link resolved and made absolute, or nil when it leads nowhere.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func linkTarget(_ folder: Int32, _ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlinkat(folder, name, &buffer, 4096)
        guard count >= 0 else { return "?" }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
