/// The release of Rampart: what `rampart --version` prints, what SARIF logs and scan reports name as
/// the tool's version, what `HTTPClientConfiguration`'s default `User-Agent` carries (`Rampart/0.3.0`),
/// and what CHANGELOG.md's newest entry names (`VersionTests` holds them together). The one place
/// the version is written: RampartPolicy is the lowest module the CLI and RampartHTTP both use.
///
/// ```swift
/// print(RampartVersion.current)   // "0.3.0"
/// ```
package enum RampartVersion {
    package static let current = "0.3.0"
}
