import Foundation
import NIOConcurrencyHelpers

/// A new empty folder under the system's temporary directory that is removed, with everything in
/// it, when the last reference to it goes away. A test keeps one as a stored property (a suite
/// instance lives for one test) or a local, and nothing it wrote outlives the test.
///
/// ```swift
/// let folder = try ScratchFolder("rampart-seal")
/// try folder.write("plain.txt", Data("hello".utf8))
/// let result = try await RampartBinary.run(["encrypt", "-o", folder.path("sealed.age"), folder.path("plain.txt")])
/// ```
///
/// ``shared()`` is one folder for the whole test process (exported lab chains), removed at exit.
public final class ScratchFolder: Sendable {
    /// The folder.
    public let url: URL

    /// The folder's path.
    public var path: String { url.path }

    /// Creates `<temporary directory>/<prefix>-<UUID>` with mode 0700.
    public init(_ prefix: String = "rampart-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    deinit { Self.remove(url) }

    /// The URL of `name` inside the folder.
    public func url(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String { url(name).path }

    /// Writes `data` to `name` inside the folder and returns its URL.
    @discardableResult
    public func write(_ name: String, _ data: Data) throws -> URL {
        let file = url(name)
        try data.write(to: file)
        return file
    }

    /// Writes `text` as UTF-8 to `name` inside the folder and returns its URL.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> URL { try write(name, Data(text.utf8)) }

    /// The bytes of `name` inside the folder.
    public func read(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }

    /// Creates a new empty folder `<prefix>-<UUID>` inside this one and returns it. With
    /// ``shared()``, helpers that return files to their caller use it, so the files live as long as
    /// the test process.
    public func subfolder(_ prefix: String) throws -> URL {
        let folder = url("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Every entry of the folder, hidden ones included, sorted.
    public var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    /// One folder for the whole test process, made on first use and removed when the process exits.
    public static func shared() throws -> ScratchFolder {
        try sharedFolder.withLockedValue { folder in
            if let folder { return folder }
            let made = try ScratchFolder("rampart-tests-shared")
            folder = made
            atexit {
                if let path = ScratchFolder.sharedFolder.withLockedValue({ $0?.path }) {
                    ScratchFolder.remove(URL(fileURLWithPath: path))
                }
            }
            return made
        }
    }

    private static let sharedFolder = NIOLockedValueBox<ScratchFolder?>(nil)

    /// Removes `url` and everything under it, first making folders a test made read-only writable
    /// again so their entries can go.
    static func remove(_ url: URL) {
        if (try? FileManager.default.removeItem(at: url)) != nil { return }
        chmod(url.path, 0o700)
        if let walker = FileManager.default.enumerator(atPath: url.path) {
            while let relative = walker.nextObject() as? String {
                let path = url.path + "/" + relative
                var status = stat()
                if lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR { chmod(path, 0o700) }
            }
        }
        try? FileManager.default.removeItem(at: url)
    }
}
