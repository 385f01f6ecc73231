import Benchmark
import Foundation
import RampartTrust

/// Loading a CT log list of the real Chrome v3 shape (`CTLogList(json:)`): 10 operators with
/// 16 logs each (160 logs, a tenth with RSA-2048-sized keys), each with its ID, URL, MMD, a dated
/// state and a temporal interval, pretty-printed as Google publishes it: about 100 KB.
/// Loading does not parse the keys (the checker does, once per list), so the keys are real SPKI
/// headers around pseudo-random points: no key generation, and no dependency beyond RampartTrust.
/// Target (issue 26): ≤ 5 ms per load.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(3),
        maxIterations: 1_000)

    guard let list = try? chromeShapedList(operators: 10, logsPerOperator: 16),
        (try? CTLogList(json: list))?.logs.count == 160
    else { return }

    Benchmark("load a Chrome v3 log list (160 logs, \(list.count / 1_000) KB)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? CTLogList(json: list, source: "log_list.json"))
        }
    }
}

/// A SubjectPublicKeyInfo of the size and header of a P-256 key (or of an RSA-2048 one), with
/// bytes from a fixed generator in place of the key: distinct per `seed`.
func keyShapedSPKI(seed: Int, rsa: Bool) -> Data {
    var state = UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15 | 1
    func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
    }
    if rsa {
        let header: [UInt8] = [
            0x30, 0x82, 0x01, 0x22, 0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01, 0x05,
            0x00, 0x03, 0x82, 0x01, 0x0F, 0x00, 0x30, 0x82, 0x01, 0x0A, 0x02, 0x82, 0x01, 0x01, 0x00,
        ]
        return Data(header + [0xC0] + bytes(255) + [0x02, 0x03, 0x01, 0x00, 0x01])
    }
    let header: [UInt8] = [
        0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08, 0x2A, 0x86, 0x48,
        0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00, 0x04,
    ]
    return Data(header + bytes(64))
}

/// A log list as Google's `log_list.json` (v3) lays it out.
func chromeShapedList(operators: Int, logsPerOperator: Int) throws -> Data {
    var entries: [[String: Any]] = []
    for operatorIndex in 0..<operators {
        var logs: [[String: Any]] = []
        for logIndex in 0..<logsPerOperator {
            let number = operatorIndex * logsPerOperator + logIndex
            let key = keyShapedSPKI(seed: number, rsa: number % 10 == 9)
            let year = 2024 + logIndex / 2
            let half = logIndex % 2 == 0 ? ("\(year)-01-01", "\(year)-07-01") : ("\(year)-07-01", "\(year + 1)-01-01")
            var state: [String: Any] = [
                "usable": [
                    "timestamp":
                        "20\(23 - number % 3)-0\(number % 9 + 1)-1\(number % 10)T0\(number % 10):1\(number % 6):2\(number % 10)Z"
                ]
            ]
            if number % 20 == 19 {
                state = [
                    "readonly": [
                        "timestamp": "2025-03-03T12:00:00.5Z",
                        "final_tree_head": [
                            "sha256_root_hash": Data(repeating: 7, count: 32).base64EncodedString(),
                            "tree_size": 123_456,
                        ],
                    ]
                ]
            }
            logs.append([
                "description": "Operator \(operatorIndex) 'Log\(year)h\(logIndex % 2 + 1)'",
                "log_id": CTLogID(subjectPublicKeyInfoDER: Array(key)).base64, "key": key.base64EncodedString(),
                "url": "https://ct\(operatorIndex).example.com/logs/log\(number)/", "mmd": 86_400, "state": state,
                "temporal_interval": [
                    "start_inclusive": "\(half.0)T00:00:00Z", "end_exclusive": "\(half.1)T00:00:00Z",
                ],
            ])
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
