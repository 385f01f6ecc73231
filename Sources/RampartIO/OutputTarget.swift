#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What an output path names before anything is written, and so how ``AtomicFileOutput`` treats it.
///
/// The rule: **a node that is not a regular file is never replaced.**
///
/// | the path is | the output |
/// |---|---|
/// | missing | a new file, named only when complete |
/// | a regular file | an error, or with `replacing` a new file renamed over it when complete |
/// | a symbolic link to a regular file, or dangling | as a regular file: with `replacing`, the *link itself* is replaced (what `rename` does); the file it pointed to is left as it was |
/// | a FIFO or a character device (`/dev/null`, a terminal), or a link to one (`/dev/stdout`, `/dev/fd/N`) | written straight into, opened `O_WRONLY` without `O_CREAT` or `O_TRUNC`; it stays what it was, and needs no `replacing`, as nothing is replaced |
/// | a FIFO owned by another user (through a link or not) | refused: anyone who can write to a shared folder can plant one at the name an output will take, to read the plaintext |
/// | a directory, a socket, a block device, or a link to one | refused |
/// | a link into `/proc` that names a regular file (`/dev/stdout` redirected to a file) | refused: replacing the link would replace `/dev/stdout` |
package enum OutputTarget: Equatable {
    /// Nothing has the name yet.
    case absent
    /// A regular file, or a symbolic link that is replaced as a whole.
    case existing
    /// A FIFO or character device (possibly through a link), written into in place; the text
    /// names it for messages ("a FIFO", "a character device").
    case writeThrough(String)

    /// Classifies `path`; throws ``IOError/Code/cannotCreate`` for what is never written to.
    package static func inspect(_ path: String) throws(IOError) -> OutputTarget {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT { return .absent }
            throw IOError(
                .cannotCreate, .inspect, path: path, systemCall: "lstat", errno: code,
                message: "\(path) cannot be examined (\(SystemCalls.describe(code)))")
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFLNK else { return try classify(kind, owner: info.st_uid, path: path, through: nil) }
        var target = stat()
        guard stat(path, &target) == 0 else { return .existing }  // dangling: the link is what exists
        let targetKind = target.st_mode & S_IFMT
        let link = SystemCalls.linkTarget(path) ?? "?"
        if targetKind == S_IFREG && link.hasPrefix("/proc/") {
            throw IOError(
                .cannotCreate, .inspect, path: path,
                message: "\(path) is a link to an open descriptor (\(link)) that is a regular file; "
                    + "it is not replaced: write to standard output or to the file itself")
        }
        return try classify(targetKind, owner: target.st_uid, path: path, through: link)
    }

    private static func classify(_ kind: mode_t, owner: uid_t, path: String, through link: String?)
        throws(IOError) -> OutputTarget
    {
        let subject = link.map { "\(path) is a symbolic link to \($0), which" } ?? path
        switch kind {
        case S_IFREG: return .existing
        case S_IFIFO where owner != geteuid():
            throw refused(
                path,
                "\(subject) is a FIFO that belongs to another user (uid \(owner)); plaintext is never written "
                    + "into it, as whoever planted it would read it: remove it or choose another name")
        case S_IFIFO: return .writeThrough("a FIFO")
        case S_IFCHR: return .writeThrough("a character device")
        case S_IFDIR:
            throw refused(path, "\(subject) is a directory; give the path of a file to create")
        case S_IFSOCK:
            throw refused(path, "\(subject) is a socket; outputs are files, FIFOs or character devices")
        case S_IFBLK:
            throw refused(
                path, "\(subject) is a block device; it is never written to or replaced (write to a file instead)")
        default:
            throw refused(path, "\(subject) is not a regular file, a FIFO or a character device")
        }
    }

    private static func refused(_ path: String, _ message: String) -> IOError {
        IOError(.cannotCreate, .inspect, path: path, message: message)
    }
}
