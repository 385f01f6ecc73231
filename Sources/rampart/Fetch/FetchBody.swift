import Foundation
import RampartHTTP

/// The `-d` argument of `rampart fetch`: literal text, `@FILE` (streamed), or `@-` (standard input).
enum FetchBody {
    static func make(_ argument: String) throws -> HTTPRequestBody {
        guard argument.hasPrefix("@") else { return .bytes(Array(argument.utf8)) }
        let path = String(argument.dropFirst())
        if path == "-" { return .bytes(FileHandle.standardInput.readDataToEndOfFile()) }
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure("-d @\(path): no such file", status: .noInput)
        }
        do {
            return try HTTPRequestBody.file(URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure("-d @\(path): \(error)", status: .noInput)
        }
    }
}
