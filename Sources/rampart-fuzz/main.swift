// The `rampart-fuzz` entry point. A normal build is a replay tool: `rampart-fuzz TARGET FILE|FOLDER...`
// runs a fuzz target over files (the committed corpora, regression inputs, a crash to reproduce).
// Built by `Scripts/fuzz` (`RAMPART_FUZZ=1`, which defines `RAMPART_FUZZING`), the same entry hands
// the target to libFuzzer's driver: `rampart-fuzz TARGET [libFuzzer flags] [CORPUS...]`.
import Foundation

let arguments = CommandLine.arguments
let usage = """
    usage: rampart-fuzz --list
           rampart-fuzz TARGET FILE|FOLDER...   (replay)
           rampart-fuzz TARGET [-flag=value...] [CORPUS...]   (libFuzzer, in a RAMPART_FUZZ=1 build)
    """

guard arguments.count >= 2 else {
    ToolOutput.warn(usage)
    exit(2)
}
if arguments[1] == "--list" {
    for target in FuzzTarget.all { ToolOutput.line("\(target.name)\t\(target.maxLength)\t\(target.summary)") }
    exit(0)
}
guard let target = FuzzTarget.named(arguments[1]) else {
    let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
    ToolOutput.warn("rampart-fuzz: no target '\(arguments[1])'; targets: \(names)")
    exit(2)
}

#if RAMPART_FUZZING
    exit(LibFuzzerDriver.run(target))
#else
    exit(Replay.run(target, paths: Array(arguments.dropFirst(2))))
#endif
