import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's file-creation mask (`umask`), read once, and the permissions a new output gets
/// from it.
///
/// ``AtomicFileOutput`` sets its file's mode with `fchmod`, which ignores the umask, so it applies
/// the mask itself: a report or a fetched body asked for as 0644 is 0644 under `umask 022`, 0640
/// under `umask 027` and 0600 under `umask 077`, as `cp` or `curl -o` would create it. The owner's
/// bits are never masked: a secret asked for as 0600 stays exactly 0600 whatever the umask.
///
/// The umask can only be read by setting it, which is process-wide and races with other threads
/// creating files. On Linux it is read instead from the `Umask:` line of `/proc/self/status`
/// (Linux 4.7 and later), which changes nothing; elsewhere, or without `/proc`, it is set to 077
/// and restored at once, under a lock, so a file another thread creates meanwhile is at worst
/// more private than asked. Either way it is read once, on first use: `rampart` reads it at
/// start-up, before any other thread exists.
///
/// ```swift
/// let mode = FileCreationMask.permissions(0o644)  // 0o640 under umask 027
/// ```
package enum FileCreationMask {
    /// The umask the process had when this was first read.
    package static let current: mode_t = fromProcStatus() ?? bySettingAndRestoring()

    /// `mode` with the group and other bits the umask clears cleared; the owner's bits are kept.
    package static func permissions(_ mode: mode_t) -> mode_t {
        mode & ~(current & 0o077)
    }

    /// The `Umask:` field of `/proc/self/status` (an octal number), or `nil` when there is none.
    static func fromProcStatus() -> mode_t? {
        #if os(Linux)
            guard let status = try? FileDescriptorIO.readAll(path: "/proc/self/status", limit: 1 << 16) else {
                return nil
            }
            for line in String(decoding: status, as: UTF8.self).split(separator: "\n")
            where line.hasPrefix("Umask:") {
                let digits = line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces)
                return mode_t(digits, radix: 8).map { $0 & 0o777 }
            }
            return nil
        #else
            return nil
        #endif
    }

    private static let lock = NSLock()

    /// The umask, read by setting a strict one and putting the old one back.
    static func bySettingAndRestoring() -> mode_t {
        lock.withLock {
            let previous = umask(0o077)
            umask(previous)
            return previous & 0o777
        }
    }
}
