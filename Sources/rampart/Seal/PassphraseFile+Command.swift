import RampartIO

extension PassphraseFile {
    /// The passphrase in the file at `path`, or the command's failure with its documented status
    /// (decided in `ExitStatus+LibraryErrors.swift`).
    ///
    /// ```swift
    /// let passphrase = try PassphraseFile.readForCommand(path: passphraseFile)
    /// ```
    static func readForCommand(path: String) throws -> String {
        do {
            return try read(path: path)
        } catch {
            throw CommandFailure(error.description, status: ExitStatus(error))
        }
    }
}
