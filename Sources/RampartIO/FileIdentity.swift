#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which file a path or an open descriptor is: its device and inode, the pair two names of one file
/// (a hard link, a symbolic link, `./a` and `a`) share and two different files never do while both exist.
///
/// For telling whether an output would replace an input (`rampart scan -o App/Login.swift App/`), a walk
/// came back to a folder it is inside, or a file was swapped between the check and the open.
///
/// ```swift
/// let descriptor = try FileDescriptorIO.openForReading("Login.swift")
/// defer { close(descriptor) }
/// let read = try FileIdentity(descriptor: descriptor)
/// if try FileIdentity(path: "report.txt") == read { print("the report would replace its input") }
/// ```
package struct FileIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The device (`st_dev`) the file is on.
    package var device: UInt64
    /// The file's inode number (`st_ino`) on that device.
    package var inode: UInt64

    package init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The identity in a `stat` result.
    package init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// The file `path` names, through symbolic links (`followingLinks`, the default) or the link itself;
    /// a missing path is ``IOError/Code/notFound``.
    package init(path: String, followingLinks: Bool = true) throws(IOError) {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else {
            let code = errno
            throw .system(
                .inspect, path: path, systemCall: followingLinks ? "stat" : "lstat", errno: code,
                message: "\(path) cannot be examined (\(SystemCalls.describe(code)))")
        }
        self.init(info)
    }

    /// The file open as `descriptor`.
    package init(descriptor: Int32) throws(IOError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            throw .system(
                .inspect, path: "descriptor \(descriptor)", systemCall: "fstat", errno: code,
                message: "descriptor \(descriptor) cannot be examined (\(SystemCalls.describe(code)))")
        }
        self.init(info)
    }

    package var description: String { "device \(device), inode \(inode)" }
}
