/// The release `rampart --version` prints, SARIF logs name as the tool's version, and CHANGELOG.md's newest
/// entry names (a test holds the two together). The one place the version is written.
///
/// ```swift
/// print(RampartVersion.current)   // "0.3.0"
/// ```
package enum RampartVersion {
    package static let current = "0.3.0"
}
