import Benchmark
import Foundation
import NIOSSL
import RampartPolicy
import RampartTestKit
import RampartTrust
import RampartTrustNIO
import SwiftASN1
import X509

/// Trust decisions on the lab's RSA-2048 root → intermediate → P-256 leaf chain.
/// Targets (issue 3): a pin check on an already-validated chain ≤ 5 µs; handshakes with pinning
/// ≥ 97% of the throughput without.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(4), maxIterations: 100_000)

    guard let pki = try? LabPKI.shared(), let good = try? pki.chain(.good), let backup = try? pki.chain(.p384),
        let leafPin = try? SPKIPin(certificate: good.leaf.certificate),
        let backupPin = try? SPKIPin(certificate: backup.leaf.certificate),
        let pins = try? PinnedHost(
            domain: "localhost", pins: [.init(leafPin, scope: .leaf), .init(backupPin, scope: .leaf)])
    else { return }
    let validated = good.served + [pki.root.certificate]
    let pinned = TrustEvaluator(anchors: .only([pki.root.certificate]), pinning: [pins])
    let unpinned = TrustEvaluator(anchors: .only([pki.root.certificate]))

    guard let fingerprints = try? ChainFingerprints(validated) else { return }

    Benchmark("pin check on a cached chain (fingerprints computed once)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(pinned.checkPins(fingerprints, host: "localhost"))
        }
    }

    Benchmark("pin check on a validated chain") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(pinned.checkPins(validatedChain: validated, host: "localhost"))
        }
    }

    Benchmark("full decision: chain + host + ATS rules + pins") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(await pinned.evaluate(served: good.served, host: "localhost"))
        }
    }

    Benchmark("full decision: chain + host + ATS rules, no pins") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(await unpinned.evaluate(served: good.served, host: "localhost"))
        }
    }

    // Certificate Transparency on a lab P-256 leaf with 3 embedded SCTs (two P-256 logs, one
    // RSA-2048 log, three operators): the SCT signatures against the precertificate entry, then
    // Apple's policy counts. "seen before": the checker remembers the signature verdicts of the
    // certificates it met (as a client's checker does across its handshakes), so only the policy
    // is judged again; "first sight": log keys prepared, signatures verified every time
    // (`rememberedCertificates: 0`), what a client pays on its first handshake with a server;
    // "cold": all of it per iteration, the log list's keys included. Setup failures skip only
    // these benchmarks; a check that does not pass fails them instead of measuring the wrong path.
    do {
        let logs = [
            try LabCTLog(name: "Lab Argon", operatorName: "Lab Google"),
            try LabCTLog(name: "Lab Nimbus", operatorName: "Lab Cloudflare"),
            try LabCTLog(name: "Lab Sabre", operatorName: "Lab Sectigo", key: .rsa2048),
        ]
        let chain = try pki.leafWithEmbeddedSCTs(from: logs.map { ($0, Date() - 60) })
        let list = CTLogList(
            logs: logs.map { $0.log(state: .usable(since: Date(timeIntervalSince1970: 1_500_000_000))) },
            timestamp: Date())
        let checker = CertificateTransparencyChecker(logList: list)
        let firstSight = CertificateTransparencyChecker(logList: list, rememberedCertificates: 0)
        let leafEncoded = try EncodedCertificate(chain.leaf.certificate)
        let issuerEncoded = try EncodedCertificate(pki.intermediate.certificate)
        let leafDER = leafEncoded.derBytes
        let issuerDER = issuerEncoded.derBytes
        let withCT = TrustEvaluator(anchors: .only([pki.root.certificate])) {
            CertificateTransparencyPolicy(checker: checker, requireForExemptRoots: true)
        }
        let withCTFirstSight = TrustEvaluator(anchors: .only([pki.root.certificate])) {
            CertificateTransparencyPolicy(checker: firstSight, requireForExemptRoots: true)
        }
        let ctLeafPin = try SPKIPin(certificate: chain.leaf.certificate)
        let pinnedWithCT = TrustEvaluator(
            anchors: .only([pki.root.certificate]),
            pinning: [
                try PinnedHost(
                    domain: "localhost", pins: [.init(ctLeafPin, scope: .leaf), .init(backupPin, scope: .leaf)])
            ]
        ) {
            CertificateTransparencyPolicy(checker: checker, requireForExemptRoots: true)
        }
        let checkPasses: @Sendable () async throws -> Void = {
            let decision = checker.check(leaf: leafEncoded, issuer: issuerEncoded)
            guard decision.allowsConnection, decision.enforced, decision.checks.count == 3,
                decision.checks.allSatisfy({ $0.status == .valid })
            else {
                throw BenchmarkSetupFailure("CT check does not pass with 3 SCTs: \(decision)")
            }
        }

        Benchmark(
            "CT check, 3 SCTs, seen before (verdicts remembered)",
            closure: { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(checker.check(leaf: leafEncoded, issuer: issuerEncoded))
                }
            }, setup: checkPasses)

        Benchmark(
            "CT check, 3 SCTs, first sight (keys prepared)",
            closure: { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(firstSight.check(leaf: leafEncoded, issuer: issuerEncoded))
                }
            }, setup: checkPasses)

        Benchmark(
            "CT check, 3 SCTs, cold",
            closure: { benchmark in
                for _ in benchmark.scaledIterations {
                    let checker = CertificateTransparencyChecker(logList: list)
                    let leaf = try EncodedCertificate(derEncoded: leafDER)
                    let issuer = try EncodedCertificate(derEncoded: issuerDER)
                    blackHole(checker.check(leaf: leaf, issuer: issuer))
                }
            }, setup: checkPasses)

        // The same 3-SCT chain without the CT policy: "Trust decision + CT" minus this is CT's cost
        // inside a decision (this leaf is larger than the no-pins benchmark's: its SCT extension).
        Benchmark("Trust decision, same 3-SCT chain, no CT policy") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(await unpinned.evaluate(served: chain.served, host: "localhost"))
            }
        }

        // The same decision with an additional policy that accepts every chain: what binding any
        // additional policy costs (building it, the CT recorder), apart from the CT check itself.
        let withAcceptingPolicy = TrustEvaluator(anchors: .only([pki.root.certificate])) { AcceptingPolicy() }
        Benchmark("Trust decision, same 3-SCT chain, an additional policy that accepts") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(await withAcceptingPolicy.evaluate(served: chain.served, host: "localhost"))
            }
        }

        for (name, evaluator) in [("seen before", withCT), ("first sight", withCTFirstSight)] {
            Benchmark(
                "Trust decision + CT, 3 SCTs, \(name)",
                closure: { benchmark in
                    for _ in benchmark.scaledIterations {
                        blackHole(await evaluator.evaluate(served: chain.served, host: "localhost"))
                    }
                },
                setup: {
                    let decision = await evaluator.evaluate(served: chain.served, host: "localhost")
                    guard decision.verdict == .trusted else {
                        throw BenchmarkSetupFailure(
                            "the CT chain is not trusted: \(decision.verdict) \(decision.failures)")
                    }
                })
        }

        // The work a first-sight decision cannot avoid, measured alone beside it in the same run:
        // the chain decision (as above, no CT policy) and the three SCT signature verifications
        // (keys parsed once, as a checker does when its list is set). "Trust decision + CT, 3 SCTs,
        // first sight" minus "work alone" is what the CT check adds beyond its signatures (issue 30).
        guard let issuerSPKI = issuerEncoded.subjectPublicKeyInfo else {
            throw BenchmarkSetupFailure("the intermediate has no SubjectPublicKeyInfo")
        }
        let signatures = try SCTSignatureWork(
            scts: try SignedCertificateTimestamp.embedded(in: leafEncoded),
            entry: try CTSignedEntry.precertificate(leafDER: leafDER, issuerSubjectPublicKeyInfoDER: issuerSPKI),
            logs: list)
        let signaturesVerify: @Sendable () async throws -> Void = {
            guard signatures.count == 3, signatures.verifyAll() else {
                throw BenchmarkSetupFailure("the 3 SCT signatures do not verify alone")
            }
        }
        Benchmark(
            "SCT signatures alone, 3 (keys parsed once)",
            closure: { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(signatures.verifyAll())
                }
            }, setup: signaturesVerify)

        Benchmark(
            "work alone: trust decision without CT + 3 SCT signatures",
            closure: { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(await unpinned.evaluate(served: chain.served, host: "localhost"))
                    blackHole(signatures.verifyAll())
                }
            }, setup: signaturesVerify)

        // A pinned + CT-checked handshake against BoringSSL's own verification, same 3-SCT chain.
        Benchmark("handshake + GET, 3-SCT chain, BoringSSL verification (no pins, no CT)") { benchmark in
            try await LabServer.withServer(LabServerConfiguration(chain: chain)) { server in
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    blackHole(
                        try await LabClient.get(
                            host: server.host, port: server.port, serverName: "localhost",
                            trusting: [pki.root.certificate]))
                }
                benchmark.stopMeasurement()
            }
        }

        Benchmark("handshake + GET, 3-SCT chain, Rampart trust with pins + CT") { benchmark in
            let decoding = CertificateDecodingCache()
            try await LabServer.withServer(LabServerConfiguration(chain: chain)) { server in
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    let trust = TrustVerificationCallback(
                        evaluator: pinnedWithCT, host: ATSHost("localhost"), decoding: decoding)
                    blackHole(
                        try await LabClient.get(
                            host: server.host, port: server.port, serverName: "localhost", trusting: [],
                            verification: { trust.callback }))
                }
                benchmark.stopMeasurement()
            }
        }
    } catch {
        print("TrustDecisions: CT benchmarks skipped, setup failed: \(error)")
    }

    // What the NIOSSL callback does before deciding: the served chain from BoringSSL's form to
    // swift-certificates'.
    guard let wire = try? good.served.map({ try NIOSSLCertificate(bytes: $0.derBytes, format: .der) }) else { return }
    Benchmark("decode a served chain (NIOSSL DER to swift-certificates)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try wire.map { try Certificate(derEncoded: $0.toDERBytes()) })
        }
    }

    Benchmark("handshake + GET, BoringSSL verification (no pins)") { benchmark in
        try await LabServer.withServer(LabServerConfiguration(chain: good)) { server in
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(
                    try await LabClient.get(
                        host: server.host, port: server.port, serverName: "localhost", trusting: [pki.root.certificate])
                )
            }
            benchmark.stopMeasurement()
        }
    }

    for (name, evaluator) in [("Rampart trust, no pins", unpinned), ("Rampart trust with pins", pinned)] {
        Benchmark("handshake + GET, \(name)") { benchmark in
            try await LabServer.withServer(LabServerConfiguration(chain: good)) { server in
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    let trust = TrustVerificationCallback(evaluator: evaluator, host: ATSHost("localhost"))
                    blackHole(
                        try await LabClient.get(
                            host: server.host, port: server.port, serverName: "localhost", trusting: [],
                            verification: { trust.callback }))
                }
                benchmark.stopMeasurement()
            }
        }
    }

    // A client keeps one decoding cache for all its connections: the served certificates are
    // parsed once, every handshake is still validated and pinned in full.
    Benchmark("handshake + GET, Rampart trust with pins, shared decoding cache") { benchmark in
        let decoding = CertificateDecodingCache()
        try await LabServer.withServer(LabServerConfiguration(chain: good)) { server in
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let trust = TrustVerificationCallback(evaluator: pinned, host: ATSHost("localhost"), decoding: decoding)
                blackHole(
                    try await LabClient.get(
                        host: server.host, port: server.port, serverName: "localhost", trusting: [],
                        verification: { trust.callback }))
            }
            benchmark.stopMeasurement()
        }
    }
}

/// A benchmark's precondition that does not hold: the benchmark fails rather than measure the wrong path.
struct BenchmarkSetupFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// An additional policy that accepts every chain, so a decision with it costs what binding an
/// additional policy costs, without any check of its own.
struct AcceptingPolicy: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []
    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult { .meetsPolicy }
}
