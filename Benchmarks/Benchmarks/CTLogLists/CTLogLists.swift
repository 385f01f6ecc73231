import Benchmark
import Foundation
import RampartTestKit
import RampartTrust

/// Loading a CT log list of the real Chrome v3 shape (`CTLogList(json:)`): 10 operators with
/// 16 logs each (160 logs, a tenth with RSA-2048 keys), each with its ID, URL, MMD, a dated state
/// and a temporal interval, pretty-printed as Google publishes it: about 100 KB.
/// Target (issue 26): ≤ 5 ms per load.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(3),
        maxIterations: 1_000)

    guard let list = try? chromeShapedList(operators: 10, logsPerOperator: 16) else { return }

    Benchmark("load a Chrome v3 log list (160 logs, \(list.count / 1_000) KB)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? CTLogList(json: list, source: "log_list.json"))
        }
    }
}

/// A log list as Google's `log_list.json` (v3) lays it out.
func chromeShapedList(operators: Int, logsPerOperator: Int) throws -> Data {
    let states = ["usable", "qualified", "readonly", "retired", "rejected"]
    var entries: [[String: Any]] = []
    for operatorIndex in 0..<operators {
        var logs: [[String: Any]] = []
        for logIndex in 0..<logsPerOperator {
            let number = operatorIndex * logsPerOperator + logIndex
            let log = try LabCTLog(
                name: "Operator \(operatorIndex) 'Log\(2024 + logIndex / 2)h\(logIndex % 2 + 1)'",
                operatorName: "Operator \(operatorIndex)", key: number % 10 == 9 ? .rsa2048 : .p256)
            let year = 2024 + logIndex / 2
            let half = logIndex % 2 == 0 ? ("01-01", "07-01") : ("07-01", "01-01")
            let state = states[number % 20 == 19 ? number / 20 % states.count : 0]
            var entry: [String: Any] = [
                "description": log.name, "log_id": log.id.base64,
                "key": Data(log.subjectPublicKeyInfo).base64EncodedString(),
                "url": "https://ct\(operatorIndex).example.com/logs/log\(number)/", "mmd": 86_400,
                "state": [
                    state: [
                        "timestamp":
                            "20\(23 - number % 3)-0\(number % 9 + 1)-1\(number % 10)T0\(number % 10):1\(number % 6):2\(number % 10)Z"
                    ]
                ],
                "temporal_interval": [
                    "start_inclusive": "\(year)-\(half.0)T00:00:00Z",
                    "end_exclusive": "\(half.1 == "01-01" ? year + 1 : year)-\(half.1)T00:00:00Z",
                ],
            ]
            if state == "readonly" {
                entry["state"] = [
                    state: [
                        "timestamp": "2025-03-03T12:00:00.5Z",
                        "final_tree_head": [
                            "sha256_root_hash": Data(repeating: 7, count: 32).base64EncodedString(),
                            "tree_size": 123_456,
                        ],
                    ]
                ]
            }
            logs.append(entry)
        }
        entries.append([
            "name": "Operator \(operatorIndex)", "email": ["ct\(operatorIndex)@example.com"], "logs": logs,
            "tiled_logs": [],
        ])
    }
    return try JSONSerialization.data(
        withJSONObject: [
            "version": "93.3", "log_list_timestamp": "2026-11-20T12:55:07Z", "operators": entries,
        ] as [String: Any], options: [.prettyPrinted, .sortedKeys])
}
