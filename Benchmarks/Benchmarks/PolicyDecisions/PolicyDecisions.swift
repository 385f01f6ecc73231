import Benchmark
import Foundation
import RampartPolicy

/// ATS decisions against a policy with 10, 100, 1,000 and 10,000 exception domains (plus 10 IP
/// ranges) and 100 pinned domains. Target (issue 4): ≥ 1,000,000 decisions per second at 1,000
/// exceptions; issue 30: how a decision's cost grows with the number of exceptions. A quarter of
/// the hosts asked about fall under an exception (a subdomain of one when it includes them), a
/// quarter under a pinned domain, a quarter are IPv4 addresses, a quarter match nothing.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(3))

    for exceptions in [10, 100, 1_000, 10_000] {
        var configuration = ATSConfiguration(allowsLocalNetworking: true)
        for index in 0..<exceptions {
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
            case 0:
                let domain = (index * 7_919) % exceptions  // spread over all the exceptions
                return "deep.service\(domain).example\(domain % 10).com"
            case 1: return "x.api\(index % 100).example\(index % 10).com"
            case 2: return "10.\(index % 12).1.2"
            default: return "unknown\(index).example.org"
            }
        }
        let urls = hosts.compactMap { URL(string: "https://\($0)/path") }
        let label = exceptions.formatted(.number.locale(Locale(identifier: "en_US")))

        Benchmark("decision by scheme and host (\(label) exceptions, 100 pinned)") { benchmark in
            for iteration in benchmark.scaledIterations {
                blackHole(policy.requirements(scheme: "https", host: hosts[iteration & 1_023]))
            }
        }

        Benchmark("decision by URL (\(label) exceptions, 100 pinned)") { benchmark in
            for iteration in benchmark.scaledIterations {
                blackHole(try policy.requirements(for: urls[iteration & 1_023]))
            }
        }
    }
}
