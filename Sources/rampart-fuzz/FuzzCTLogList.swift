// Fuzzes the CT log list reader (`CTLogList(json:)`), an input callers download and hand in: every
// log it accepts has the ID its key hashes to, and merging the list with itself changes nothing.
import Foundation
import RampartTrust

enum FuzzCTLogList {
    static let target = FuzzTarget(
        name: "ct-log-list", maxLength: 16_384, summary: "CTLogList(json:): Chrome v3 and Apple v4 log lists",
        run: run)

    static func run(_ data: Data) {
        guard let list = try? CTLogList(json: data, source: "fuzz") else { return }
        let name = target.name
        for (id, log) in list.logs {
            FuzzCheck.require(
                id == log.id && log.id == CTLogID(subjectPublicKeyInfoDER: log.key), name,
                "a log ID is not its key's hash")
            if let shard = log.temporalInterval {
                FuzzCheck.require(shard.lowerBound < shard.upperBound, name, "an empty shard")
            }
        }
        FuzzCheck.require(
            CTLogList.merged([list, list]).logs == list.logs, name, "merging a list with itself changed it")
    }
}
