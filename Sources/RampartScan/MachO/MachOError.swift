/// Why ``MachOReader`` could not read a binary: what was wrong and at which byte offset, so a report can
/// say "truncated at byte 4096" instead of crashing or guessing.
///
/// ```swift
/// do { _ = try MachOReader.read(bytes) } catch { print(error.description) }
/// ```
public enum MachOError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The first four bytes are no Mach-O or universal (fat) magic number.
    case notMachO
    /// A big-endian (PowerPC) image: no iOS binary is one, and the reader does not decode it.
    case bigEndian
    /// A structure runs past the end of the data: `what` needed `needed` bytes at `offset`, and the data
    /// (or the fat slice) holds `available`.
    case truncated(what: String, offset: Int, needed: Int, available: Int)
    /// A field holds a value no valid binary has (`what` says which and why).
    case malformed(what: String, offset: Int)

    public var description: String {
        switch self {
        case .notMachO:
            "not a Mach-O binary (no Mach-O or universal magic number at byte 0)"
        case .bigEndian:
            "a big-endian Mach-O image (PowerPC); iOS binaries are little-endian, so it was not read"
        case .truncated(let what, let offset, let needed, let available):
            "the Mach-O data is truncated: \(what) needs \(needed) bytes at byte \(offset), but only "
                + "\(max(0, available - offset)) remain; the file is cut short or damaged"
        case .malformed(let what, let offset):
            "malformed Mach-O data at byte \(offset): \(what)"
        }
    }
}
