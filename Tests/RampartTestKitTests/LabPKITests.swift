import Foundation
import RampartTestKit
import RampartTestSupport
import SwiftASN1
import Testing
import X509

@Suite("Lab PKI")
struct LabPKITests {
    let scratch: ScratchFolder

    init() throws { scratch = try ScratchFolder("rampart-pki") }

    @Test("every scenario issues a leaf of the announced key type", arguments: LabScenario.allCases)
    func leafKeyType(scenario: LabScenario) async throws {
        let chain = try LabPKI.shared().chain(scenario)
        let expected: String
        switch scenario.leafKeyAlgorithm {
        case .rsa1024, .rsa2048, .rsa4096: expected = "rsaEncryption"
        case .p256, .p384, .p521: expected = "ecPublicKey"
        case .ed25519: expected = "ED25519"
        }
        let files = try chain.export(to: scratch.url)
        let text = try await PeerProcess.runAsync("openssl", ["x509", "-in", files.leafPEM.path, "-noout", "-text"])
        #expect(text.exitCode == 0, "\(text.standardErrorText)")
        #expect(text.standardOutputText.localizedCaseInsensitiveContains(expected))
        if case .rsa1024 = scenario.leafKeyAlgorithm {
            #expect(text.standardOutputText.contains("(1024 bit)"))
        }
        if case .rsa4096 = scenario.leafKeyAlgorithm {
            #expect(text.standardOutputText.contains("(4096 bit)"))
        }
    }

    @Test("good leaves name localhost, 127.0.0.1 and ::1 and are issued by the intermediate")
    func goodLeafNames() throws {
        let pki = try LabPKI.shared()
        let leaf = try pki.chain(.good).leaf.certificate
        let names = try #require(try leaf.extensions.subjectAlternativeNames)
        #expect(names.contains(.dnsName("localhost")))
        #expect(names.contains(.ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))))
        #expect(
            names.contains(.ipAddress(ASN1OctetString(contentBytes: ArraySlice(Array(repeating: 0, count: 15) + [1])))))
        #expect(leaf.issuer == pki.intermediate.certificate.subject)
        #expect(pki.intermediate.certificate.issuer == pki.root.certificate.subject)
        #expect(try pki.root.certificate.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 1))
    }

    @Test(
        "openssl verify accepts the good chain and rejects the bad ones with the expected reason",
        arguments: LabScenario.allCases)
    func opensslVerify(scenario: LabScenario) async throws {
        let pki = try LabPKI.shared()
        let chain = try pki.chain(scenario)
        let folder = scratch.url
        let files = try chain.export(to: folder)
        let labRoot = folder.appendingPathComponent("lab-root.pem")
        try Data(try pki.root.certificatePEM.utf8).write(to: labRoot)
        let untrusted = folder.appendingPathComponent("untrusted.pem")
        try Data(try pki.intermediate.certificatePEM.utf8).write(to: untrusted)
        var arguments = ["verify", "-CAfile", labRoot.path, "-verify_hostname", "localhost"]
        if scenario != .missingIntermediate && scenario != .rogue { arguments += ["-untrusted", untrusted.path] }
        let result = try await PeerProcess.runAsync("openssl", arguments + [files.leafPEM.path])
        let output = result.standardOutputText + result.standardErrorText
        if let failure = scenario.expectedVerifyError {
            #expect(result.exitCode != 0, "openssl accepted \(scenario): \(output)")
            #expect(output.contains(failure), "\(scenario): \(output)")
        } else {
            #expect(result.exitCode == 0, "\(scenario): \(output)")
        }
    }

    @Test("the PKI exports files peers can read, with the key private to its owner")
    func exportedFiles() async throws {
        let files = try LabPKI.shared().chain(.good).export(to: scratch.url)
        let attributes = try FileManager.default.attributesOfItem(atPath: files.keyPEM.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let der = try await PeerProcess.runAsync(
            "openssl", ["x509", "-inform", "DER", "-in", files.leafDER.path, "-noout", "-subject"])
        #expect(der.exitCode == 0)
        #expect(der.standardOutputText.contains("Rampart Lab good leaf"))
        let matches = try await PeerProcess.runAsync(
            "openssl", ["x509", "-in", files.leafPEM.path, "-noout", "-pubkey"])
        let keyPublic = try await PeerProcess.runAsync("openssl", ["pkey", "-in", files.keyPEM.path, "-pubout"])
        #expect(matches.standardOutputText == keyPublic.standardOutputText)
        let chainCount =
            try String(contentsOf: files.chainPEM, encoding: .utf8).components(separatedBy: "BEGIN CERTIFICATE").count
            - 1
        #expect(chainCount == 2)
    }
}
