import RampartSeal

extension KeyFile {
    /// The key file at `path` (`-` for standard input) for an E2E reader: its failures as
    /// ``E2EError`` (see ``E2EError/init(keyFile:)``).
    static func e2e(_ path: String) throws(E2EError) -> KeyFile {
        do {
            return try KeyFile(contentsOf: path)
        } catch {
            throw E2EError(keyFile: error)
        }
    }
}
