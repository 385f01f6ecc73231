import Foundation

/// Finds the peer programs that tests, benchmarks and the demo compare Rampart against.
///
/// Debian packages (`openssl`, `age`, `nginx`…) are looked up on `PATH`; Python peers
/// (`rncryptor`, `pyrage`, `pyhpke`, `sslyze`) live in the virtualenv that `Scripts/test` creates,
/// named by `RAMPART_VENV` (default `.build/peers-venv` under the package root).
///
/// ```swift
/// if let age = PeerTools.locate("age") { print("age is at", age.path) }
/// let python = PeerTools.python   // the virtualenv's interpreter, if it exists
/// ```
public enum PeerTools {
    /// The virtualenv holding the Python peers.
    public static var virtualenv: URL {
        if let named = ProcessInfo.processInfo.environment["RAMPART_VENV"], !named.isEmpty {
            return URL(fileURLWithPath: named)
        }
        return packageRoot.appendingPathComponent(".build/peers-venv")
    }

    /// The virtualenv's Python interpreter, or `nil` when the virtualenv has not been created.
    public static var python: URL? {
        let candidate = virtualenv.appendingPathComponent("bin/python3")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }

    /// The root of the Rampart package (the folder holding `Package.swift`), found from this file's
    /// location at build time, or the current directory when that location is not available.
    public static var packageRoot: URL {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<4 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    /// The executable for `program`: an absolute path as given, the virtualenv's `bin/` first,
    /// then each folder of `PATH`. `nil` when it is nowhere.
    public static func locate(_ program: String) -> URL? {
        let files = FileManager.default
        if program.hasPrefix("/") {
            return files.isExecutableFile(atPath: program) ? URL(fileURLWithPath: program) : nil
        }
        var folders = [virtualenv.appendingPathComponent("bin").path]
        folders += (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
            .split(separator: ":").map(String.init)
        folders += ["/usr/sbin", "/sbin"]
        for folder in folders {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent(program)
            if files.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
