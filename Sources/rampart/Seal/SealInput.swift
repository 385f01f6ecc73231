import Foundation
import RampartIO
import RampartSeal

/// The input of `rampart encrypt|decrypt`: a file, or standard input for none or `-`.
enum SealInput {
    static func open(_ path: String?) throws -> FileSource {
        guard let path, path != "-" else { return FileSource.standardInput }
        return try SealFailure.run { () throws(SealError) in
            try SealError.mappingIO { () throws(IOError) in try FileSource(path: path) }
        }
    }

    /// Where to write: standard output for none or `-`, else the file (refusing to write over the
    /// input, and naming `--force` when an existing file is kept for want of it).
    static func destination(_ output: String?, input: String?, force: Bool) throws -> OutputDestination {
        guard let output, output != "-" else { return .standardOutput }
        if let input, input != "-",
            URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath()
                == URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath()
        {
            throw CommandFailure("the output \(output) is the input; write to another file", status: .cannotCreate)
        }
        if !force && isReplaceable(output) {
            throw CommandFailure(
                "cannot create the output: \(output) already exists; pass --force to replace it",
                status: .cannotCreate)
        }
        return .file(output, replacing: force)
    }

    /// Whether `path` is what `--force` would replace: a regular file, or a symbolic link that is
    /// dangling or points to one. FIFOs and devices are written into without it; directories,
    /// sockets, block devices and links into `/proc` are refused by the library whatever the flag.
    private static func isReplaceable(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return true
        case S_IFLNK:
            // A link into /proc (/dev/stdout) is never replaced; the library says why.
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: path))?.hasPrefix("/proc/") == true {
                return false
            }
            var target = stat()
            return stat(path, &target) != 0 || (target.st_mode & S_IFMT) == S_IFREG
        default: return false
        }
    }
}
