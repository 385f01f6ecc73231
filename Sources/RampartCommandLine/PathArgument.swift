import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Path arguments, files a command reads or writes, are opened by their own bytes, so a file whose
/// name is not UTF-8 (legitimate on Linux) still works, while value arguments must be UTF-8
/// (``RawArguments``).
///
/// Every option or argument that names a file declares `transform: PathArgument.path`. A name that
/// is UTF-8 comes back as it is. A name holding bytes that are not UTF-8 is opened by those bytes
/// (`O_PATH`: nothing is read, a FIFO does not block) and replaced by a path through
/// `/proc/self/fd` that every API taking a path opens exactly: the folder's descriptor followed by
/// the file's name when only a folder's name is not UTF-8 (such a path can be read or created),
/// else the file's own descriptor (it can be read). A new file whose own name is not UTF-8 cannot
/// be created: the libraries name files by `String`. Messages and text reports show the name the
/// user gave, bytes outside UTF-8 as `\xhh` (``restoringNames(in:)``, used by `Terminal.warn` and
/// `String.reportField`).
///
/// ```swift
/// @Option(name: [.customShort("o"), .customLong("output")], help: "…", transform: PathArgument.path)
/// var output: String?
/// ```
package enum PathArgument {
    /// The names given for the paths that stand for them, and the arguments taken as paths.
    private final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var names: [(path: String, bytes: [UInt8])] = []
        private var taken: Set<String> = []

        func add(_ path: String, bytes: [UInt8], argument: String) {
            lock.withLock {
                names.append((path, bytes))
                names.sort { $0.path.count > $1.path.count }
                taken.insert(argument)
            }
        }

        func contains(_ argument: String) -> Bool { lock.withLock { taken.contains(argument) } }

        func take(_ argument: String) { _ = lock.withLock { taken.insert(argument) } }

        private var uncreatable: [[UInt8]] = []
        func addUncreatable(_ name: [UInt8]) { lock.withLock { uncreatable.append(name) } }
        var firstUncreatable: [UInt8]? { lock.withLock { uncreatable.first } }

        var all: [(path: String, bytes: [UInt8])] { lock.withLock { names } }
    }

    private static let registry = Registry()

    #if os(Linux)
        /// `open(bytes, O_PATH | O_CLOEXEC | flags)`: the file is named, not opened for reading.
        /// (`O_PATH`, from `<bits/fcntl-linux.h>`, is not exported by Swift's Glibc module.)
        private static func openPathOnly(_ bytes: [UInt8], _ flags: Int32) -> Int32 {
            let pathOnly: Int32 = 0o10_000_000
            return (bytes + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { name in
                    guard let start = name.baseAddress else { return -1 }
                    return open(start, pathOnly | O_CLOEXEC | flags)
                }
            }
        }
    #endif

    /// The path to open for the argument `text` (see the type's description).
    @Sendable package static func path(_ text: String) -> String {
        guard RawArguments.holdsRawBytes(text) else { return text }
        registry.take(text)
        let bytes = RawArguments.decode(text)
        #if os(Linux)
            let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
            let folder: [UInt8] =
                slash.map { $0 == 0 ? [UInt8(ascii: "/")] : Array(bytes[..<$0]) } ?? [UInt8(ascii: ".")]
            let name = Array(slash.map { bytes[($0 + 1)...] } ?? bytes[...])
            if !name.isEmpty, let nameText = String(validating: name, as: UTF8.self) {
                let stand = openPathOnly(folder, O_DIRECTORY)
                let prefix = stand >= 0 ? "/proc/self/fd/\(stand)" : "/proc/self/fd/unopened-\(UUID().uuidString)"
                registry.add(prefix, bytes: folder, argument: text)
                return prefix + "/" + nameText
            }
            let stand = openPathOnly(bytes, 0)
            let path = stand >= 0 ? "/proc/self/fd/\(stand)" : "/proc/self/fd/unopened-\(UUID().uuidString)"
            registry.add(path, bytes: bytes, argument: text)
            if stand < 0 { registry.addUncreatable(bytes) }
            return path
        #else
            // Other systems keep file names in UTF-8, so no such file can exist.
            let path = String(decoding: bytes, as: UTF8.self)
            registry.add(path, bytes: bytes, argument: text)
            return path
        #endif
    }

    /// `failure` in the user's words when it comes from a new file whose own name is not UTF-8,
    /// which no library can create (they name files by `String`).
    package static func explained(_ failure: CommandFailure) -> CommandFailure {
        guard failure.status == .cannotCreate || failure.status == .ioError, let name = registry.firstUncreatable,
            failure.status == .cannotCreate
                || ControlCharacterEscaping.sanitized(failure.message).contains(
                    ControlCharacterEscaping.sanitized(RawArguments.encode(name)))
        else { return failure }
        return CommandFailure(
            "cannot create \(RawArguments.encode(name)): its name is not UTF-8; rampart reads files of any name "
                + "but creates them under UTF-8 names only, so choose one",
            status: .cannotCreate)
    }

    /// For options that take text or `@FILE` (`fetch -d`, `-H`): the file after `@` opened as
    /// ``path(_:)`` opens it; text stays a value (UTF-8 only).
    @Sendable package static func pathAfterAt(_ text: String) -> String {
        guard text.hasPrefix("@"), RawArguments.holdsRawBytes(text) else { return text }
        registry.take(text)
        return "@" + path(String(text.dropFirst()))
    }

    /// Whether the argument `text` was taken as a path.
    package static func opened(_ text: String) -> Bool {
        registry.contains(text)
    }

    /// `text` with every path that stands for a name given in bytes replaced by that name (bytes
    /// outside UTF-8 as ``RawArguments``' reserved characters, which ``ControlCharacterEscaping``
    /// shows as `\xhh`).
    package static func restoringNames(in text: String) -> String {
        replacing(in: text) { RawArguments.encode($0) }
    }

    /// The name given for `path`, for JSON: bytes outside UTF-8 decoded as U+FFFD (JSON holds text
    /// only; the text report shows the exact bytes).
    package static func jsonName(_ path: String) -> String {
        replacing(in: path) { String(decoding: $0, as: UTF8.self) }
    }

    private static func replacing(in text: String, by name: ([UInt8]) -> String) -> String {
        guard text.contains("/proc/self/fd/") else { return text }
        var restored = text
        for (path, bytes) in registry.all where restored.contains(path) {
            restored = restored.replacingOccurrences(of: path, with: name(bytes))
        }
        return restored
    }
}
