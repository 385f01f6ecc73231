import Foundation
import RampartSeal

/// The input of `rampart encrypt|decrypt`: a file, or standard input for none or `-`.
enum SealInput {
    static func open(_ path: String?) throws -> FileSource {
        guard let path, path != "-" else { return FileSource.standardInput }
        return try SealFailure.run { () throws(SealError) in try FileSource(path: path) }
    }

    /// Where to write: standard output for none or `-`, else the file (refusing to write over the input).
    static func destination(_ output: String?, input: String?, force: Bool) throws -> SealDestination {
        guard let output, output != "-" else { return .standardOutput }
        if let input, input != "-",
            URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath()
                == URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath()
        {
            throw CommandFailure("the output \(output) is the input; write to another file", status: .cannotCreate)
        }
        return .file(output, replacing: force)
    }
}
