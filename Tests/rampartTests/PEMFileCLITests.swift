import Foundation
import RampartTestKit
import RampartTestSupport
import Testing
import X509

/// Every command reads certificate PEM through the one lax reader: a 65-column file (as mitmproxy
/// writes its CA) or a CRLF one works wherever a certificate file is taken; a block with header
/// lines is bad data (65) naming the line.
@Suite("rampart: lax PEM in every command")
struct PEMFileCLITests {
    let pki: LabPKI
    let scratch: ScratchFolder

    init() throws {
        pki = try LabPKI.shared()
        scratch = try ScratchFolder("rampart-pem-cli")
    }

    /// `certificates` as PEM with base64 lines of `width` characters and `lineEnd` line ends.
    func pem(_ certificates: [Certificate], width: Int, lineEnd: String = "\n") throws -> Data {
        var text = ""
        for certificate in certificates {
            let body = Data(try certificate.derBytes).base64EncodedString()
            var lines = ["-----BEGIN CERTIFICATE-----"]
            var rest = Substring(body)
            while !rest.isEmpty {
                lines.append(String(rest.prefix(width)))
                rest = rest.dropFirst(width)
            }
            lines.append("-----END CERTIFICATE-----")
            text += lines.joined(separator: lineEnd) + lineEnd
        }
        return Data(text.utf8)
    }

    @Test("pin reads a 65-column chain file and a CRLF one on standard input")
    func pinShow() async throws {
        let chain = try pki.chain(.good).served
        let file = scratch.url.appendingPathComponent("chain-65.pem")
        try pem(chain, width: 65).write(to: file)
        let result = try await RampartBinary.run(["pin", file.path])
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        #expect(result.standardOutputText.contains("[1] CN=Rampart Lab Intermediate CA"))
        let stdin = try await RampartBinary.run(["pin", "-"], input: try pem(chain, width: 76, lineEnd: "\r\n"))
        #expect(stdin.exitCode == 0, "\(stdin.standardErrorText)")
        #expect(stdin.standardOutputText.contains("[1] CN=Rampart Lab Intermediate CA"))
    }

    @Test("fetch --ca takes a root written with 65-column lines")
    func fetchCA() async throws {
        let root = scratch.url.appendingPathComponent("root-65.pem")
        try pem([pki.root.certificate], width: 65).write(to: root)
        try await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(.good))) { server in
            let result = try await RampartBinary.run([
                "fetch", "https://localhost:\(server.port)/", "--ca", root.path, "--ca-only",
            ])
            #expect(result.exitCode == 0, "\(result.standardErrorText)")
            #expect(result.standardOutputText == "hello from the Rampart lab\n")
        }
    }

    @Test("a certificate block with header lines is bad data (65), naming the file and the line")
    func headerRefused() async throws {
        let file = scratch.url.appendingPathComponent("header.pem")
        var text = String(decoding: try pem([pki.root.certificate], width: 64), as: UTF8.self)
        text = text.replacingOccurrences(
            of: "-----BEGIN CERTIFICATE-----\n", with: "-----BEGIN CERTIFICATE-----\nProc-Type: 4,ENCRYPTED\n\n")
        try Data(text.utf8).write(to: file)
        let result = try await RampartBinary.run(["pin", file.path])
        #expect(result.exitCode == 65, "\(result.standardErrorText)")
        #expect(result.standardErrorText.contains("header.pem"))
        #expect(result.standardErrorText.contains("line 2") && result.standardErrorText.contains("encrypted"))
    }
}
