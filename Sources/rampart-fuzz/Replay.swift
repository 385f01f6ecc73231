// Replays fuzz inputs from files through a target, as the regression tests and crash reports do.
import Foundation

enum Replay {
    /// Runs `target` over every file named, and every file inside every folder named (not
    /// recursively, hidden files skipped). A broken invariant or a crash ends the process; the
    /// name of the input is printed first so the failing file is known.
    static func run(_ target: FuzzTarget, paths: [String]) -> Int32 {
        guard !paths.isEmpty else {
            ToolOutput.warn("rampart-fuzz: give files or folders to replay")
            return 2
        }
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                ToolOutput.warn("rampart-fuzz: \(path) does not exist")
                return 66
            }
            if isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.filter { !$0.hasPrefix(".") }.sorted().map {
                    (path as NSString).appendingPathComponent($0)
                }
            } else {
                files.append(path)
            }
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                ToolOutput.warn("rampart-fuzz: cannot read \(file)")
                return 66
            }
            ToolOutput.warn("replaying \(file) (\(data.count) bytes)")
            target.run(data)
        }
        ToolOutput.line("rampart-fuzz \(target.name): \(files.count) input(s) replayed, no failure")
        return 0
    }
}
