/// How much of an `.ipa` ``IPAAnalyzer`` reads: a cap on the members it lists, on the bytes it extracts
/// per member and in all, on how deep a member's path goes and how many bundles are read, and on the
/// compression ratio (a zip bomb inflates a thousand-fold). Sizes are counted as the bytes come out of the
/// decompressor, never taken from the archive's headers alone.
///
/// ```swift
/// var limits = IPALimits()
/// limits.maximumBinarySize = 256 << 20      // a very large app
/// let analyzer = IPAAnalyzer(limits: limits)
/// ```
public struct IPALimits: Sendable, Hashable {
    /// Members listed before the archive is given up as too large (big apps hold tens of thousands).
    public var maximumMembers = 200_000
    /// Bytes read from one executable (the app's or a framework's).
    public var maximumBinarySize = 64 << 20
    /// Bytes read from a property list, profile, entitlements file or certificate.
    public var maximumMemberSize = 8 << 20
    /// Bytes extracted from the whole archive.
    public var maximumTotalSize = 512 << 20
    /// Uncompressed bytes per compressed byte, checked once a member has given 1 MiB: real executables
    /// and plists compress 2 to 10 times, deflate at most about 1,000 times.
    public var maximumCompressionRatio = 100
    /// Folders a member's path may go down (`Payload/App.app/Frameworks/X.framework/…` is a handful; a
    /// `node_modules` tree a few dozen): a deeper member is reported and not read, so that finding the bundles
    /// costs no more than the names' length times this.
    public var maximumPathDepth = 64
    /// App, extension and framework bundles read from one archive (each `.app`, `.appex` and `.framework`
    /// folder; apps hold tens).
    public var maximumBundles = 1_000

    public init() {}
}
