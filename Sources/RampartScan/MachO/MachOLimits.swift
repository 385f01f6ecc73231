/// How much ``MachOReader`` reads from one binary (every architecture of a universal one together), so that
/// the cost of a binary is linear in its size: a hostile binary whose symbols all name the start of a 4 MiB
/// string table, or that lists the same string section many times, or slices that overlap, cannot make the
/// reader copy its bytes thousands of times. What a limit leaves unread is listed in
/// ``MachOSlice/omissions``, and ``MachOAnalyzer`` reports it as a ``ScanProblem`` naming the limit.
///
/// ```swift
/// let slices = try MachOReader.read(bytes)
/// for note in slices.flatMap(\.omissions) { print("partly read:", note) }
/// ```
public enum MachOLimits {
    /// Bytes of one symbol or library name: longer names are skipped (no rule looks for one; C++ and Swift
    /// mangled names are rarely over 1 KiB). Reading a name stops here, so a name costs at most this much.
    public static let maximumNameLength = 4 * 1024
    /// Imported symbols and linked libraries read from one binary (apps import a few thousand).
    public static let maximumNames = 100_000
    /// Bytes of string sections read from one binary; a section listed twice is read once.
    public static let maximumStringBytes = 64 << 20
    /// C strings kept from one binary.
    public static let maximumStrings = 2_000_000
    /// Findings reported for one binary; more are dropped and the binary is reported as partly analysed.
    public static let maximumFindings = 1_000
}
