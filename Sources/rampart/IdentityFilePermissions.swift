import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one check of a secret-key file's mode, for every command that reads an identity
/// (`decrypt -i`, `e2e open -i`, `e2e seal --from`): as ssh does for private keys, a file its group
/// or others may access (any bit of `0o077`) gets a warning on standard error naming the file and
/// its mode and suggesting `chmod 600`. The file is still used (a warning, not a refusal).
///
/// ```swift
/// IdentityFilePermissions.warnIfExposed("bob.key")
/// // warning: identity file 'bob.key' has mode 0644: its group or others can read it; …
/// ```
enum IdentityFilePermissions {
    /// The warning for the file at `path`, or `nil` when it is private (or not a regular file:
    /// standard input, a pipe, a device, which have no mode of their own to fix).
    static func warning(for path: String) -> String? {
        guard path != "-" else { return nil }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let permissions = info.st_mode & 0o7777
        guard permissions & 0o077 != 0 else { return nil }
        let name = ControlCharacterEscaping.sanitized(path)
        let who = permissions & 0o007 != 0 ? "others (every user)" : "its group"
        let access = permissions & 0o044 != 0 ? "read" : "access"
        return "warning: identity file '\(name)' has mode \(String(format: "%04o", permissions)): \(who) can "
            + "\(access) it, and a secret key must be private; run: chmod 600 '\(name)'"
    }

    /// Writes ``warning(for:)`` to standard error when there is one.
    static func warnIfExposed(_ path: String) {
        if let warning = warning(for: path) { Terminal.warn(warning) }
    }
}
