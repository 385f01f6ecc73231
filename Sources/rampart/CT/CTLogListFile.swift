import Foundation
import RampartTrust

/// A CT log list named on the command line (`ct check --log-list`, `fetch --ct-log-list`): a
/// file, a pipe, process substitution (`<(curl …)`) or `-` for standard input, read by the
/// library with its size cap, with the exit status each failure earns: 66 no such file, 65 not a
/// log list (empty or over the size limit included), 74 unreadable.
enum CTLogListFile {
    static func read(_ path: String, option: String, maximumSize: Int = CTLogList.defaultMaximumSize) throws
        -> CTLogList
    {
        do {
            if path == "-" {
                let data = try StandardInput.readAll(limit: maximumSize, purpose: "the log list (\(option) -)")
                return try CTLogList(json: data, source: "standard input", maximumSize: maximumSize)
            }
            return try CTLogList(contentsOf: URL(fileURLWithPath: path), maximumSize: maximumSize)
        } catch let error as TrustError {
            throw CommandFailure("\(option): \(error)", status: ExitStatus(error))
        }
    }
}
