import Foundation
import RampartTrust

/// A CT log list named on the command line (`ct check --log-list`, `fetch --ct-log-list`), read
/// with the exit status each failure earns: 66 no such file, 65 not a log list, 74 unreadable.
enum CTLogListFile {
    static func read(_ path: String, option: String) throws -> CTLogList {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure("\(option) \(path): no such file", status: .noInput)
        }
        do {
            return try CTLogList(json: try Data(contentsOf: URL(fileURLWithPath: path)), source: path)
        } catch let error as TrustError {
            throw CommandFailure("\(option): \(error)", status: ExitStatus(error))
        } catch {
            throw CommandFailure("\(option) \(path): \(error.localizedDescription)", status: .ioError)
        }
    }
}
