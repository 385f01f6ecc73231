import Benchmark
import Foundation
import RampartPolicy

/// ATS decisions against a policy with 1,000 exception domains and 100 pinned domains.
/// Target (issue 4): ≥ 1,000,000 decisions per second.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(3))

    var configuration = ATSConfiguration(allowsLocalNetworking: true)
    for index in 0..<1_000 {
        configuration.exceptionDomains["service\(index).example\(index % 10).com"] = ATSExceptionDomain(
            includesSubdomains: index.isMultiple(of: 2), allowsInsecureHTTPLoads: index.isMultiple(of: 3),
            minimumTLSVersion: index.isMultiple(of: 5) ? .v1_1 : nil)
    }
    for index in 0..<10 {
        configuration.exceptionDomains["10.\(index).0.0/16"] = ATSExceptionDomain(allowsInsecureHTTPLoads: true)
    }
    for index in 0..<100 {
        let pin = ATSPin(base64: Data(repeating: UInt8(index), count: 32).base64EncodedString())
        configuration.pinnedDomains["api\(index).example\(index % 10).com"] = ATSPinnedDomain(
            includesSubdomains: true, caIdentities: [], leafIdentities: pin.map { [$0] } ?? [])
    }
    let policy = ATSPolicy(configuration)
    let hosts = (0..<1_024).map { index -> String in
        switch index % 4 {
        case 0: return "deep.service\(index % 1_000).example\(index % 10).com"
        case 1: return "x.api\(index % 100).example\(index % 10).com"
        case 2: return "10.\(index % 12).1.2"
        default: return "unknown\(index).example.org"
        }
    }
    let urls = hosts.compactMap { URL(string: "https://\($0)/path") }

    Benchmark("decision by scheme and host (1,000 exceptions, 100 pinned)") { benchmark in
        for iteration in benchmark.scaledIterations {
            blackHole(policy.requirements(scheme: "https", host: hosts[iteration & 1_023]))
        }
    }

    Benchmark("decision by URL (1,000 exceptions, 100 pinned)") { benchmark in
        for iteration in benchmark.scaledIterations {
            blackHole(try policy.requirements(for: urls[iteration & 1_023]))
        }
    }
}
