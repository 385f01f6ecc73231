import Crypto
import Foundation
import RampartTestKit
import RampartTestSupport
import RampartTrust
import Testing
import X509

/// PEM as people have it (RFC 7468's lax reading): any line length, CRLF, blanks at line ends,
/// text around the blocks; checked against the real `openssl x509`, which reads the same files.
@Suite("Lax PEM reading")
struct PEMBlockTests {
    let scratch: ScratchFolder
    let chain: [Certificate]

    init() throws {
        scratch = try ScratchFolder("rampart-pem")
        chain = try LabPKI.shared().chain(.good).served
    }

    /// The base64 of `certificate`'s DER.
    func base64(_ certificate: Certificate) throws -> String { Data(try certificate.derBytes).base64EncodedString() }

    /// `text` cut into lines of `width` characters (one line for `nil`).
    static func wrap(_ text: String, _ width: Int?) -> [String] {
        guard let width else { return [text] }
        var lines: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            lines.append(String(rest.prefix(width)))
            rest = rest.dropFirst(width)
        }
        return lines
    }

    /// The chain as PEM in one of the shapes files come in.
    func pem(_ shape: String) throws -> String {
        let bodies = try chain.map { try base64($0) }
        func blocks(width: Int?, lineEnd: String = "\n", linePrefix: String = "", lineSuffix: String = "") -> String {
            bodies.map { body in
                (["-----BEGIN CERTIFICATE-----"]
                    + Self.wrap(body, width).map { linePrefix + $0 + lineSuffix }
                    + ["-----END CERTIFICATE-----"]).joined(separator: lineEnd) + lineEnd
            }.joined()
        }
        switch shape {
        case "64": return blocks(width: 64)
        case "65 (mitmproxy)": return blocks(width: 65)
        case "76 (MIME)": return blocks(width: 76)
        case "one long line": return blocks(width: nil)
        case "CRLF": return blocks(width: 64, lineEnd: "\r\n")
        case "CR": return blocks(width: 64, lineEnd: "\r")
        case "trailing spaces and tabs": return blocks(width: 64, lineSuffix: " \t ")
        case "indented": return blocks(width: 64, linePrefix: "    ")
        case "blank lines": return blocks(width: 64, lineEnd: "\n\n")
        case "byte-order mark": return "\u{FEFF}" + blocks(width: 64)
        case "text around":
            let parts = blocks(width: 64).components(separatedBy: "-----END CERTIFICATE-----\n")
            return "subject=CN = leaf\nissuer=CN = intermediate\n" + parts[0] + "-----END CERTIFICATE-----\n"
                + "between: Certificate:\n    Data: ...\n" + parts[1] + "-----END CERTIFICATE-----\ntrailing text\n"
        case "block on one line":
            return bodies.map { "-----BEGIN CERTIFICATE----- \($0) -----END CERTIFICATE-----\n" }.joined()
        case "legacy X509 label":
            return blocks(width: 64).replacingOccurrences(of: "CERTIFICATE-----", with: "X509 CERTIFICATE-----")
        default: throw PEMShapeUnknown(shape: shape)
        }
    }

    struct PEMShapeUnknown: Error { let shape: String }

    static let allShapes = [
        "64", "65 (mitmproxy)", "76 (MIME)", "one long line", "CRLF", "CR", "trailing spaces and tabs", "indented",
        "blank lines", "byte-order mark", "text around", "block on one line", "legacy X509 label",
    ]
    /// The shapes `openssl x509` (3.x) reads too; the others are RFC 7468's lax reading beyond it.
    static let opensslShapes = [
        "64", "65 (mitmproxy)", "76 (MIME)", "one long line", "CRLF", "trailing spaces and tabs", "indented",
        "byte-order mark", "text around", "legacy X509 label",
    ]

    @Test("every wrapping, line end and surrounding text reads the same chain", arguments: allShapes)
    func readsEveryShape(shape: String) throws {
        let read = try CertificateFile.parse(Data(try pem(shape).utf8), source: shape)
        #expect(read == chain, "\(shape)")
    }

    @Test("openssl x509 reads the same certificate from the same file", arguments: opensslShapes)
    func sameAsOpenSSL(shape: String) async throws {
        let file = scratch.url.appendingPathComponent("chain-\(shape.filter(\.isLetter)).pem")
        try Data(try pem(shape).utf8).write(to: file)
        let result = try await PeerProcess.runAsync("openssl", ["x509", "-in", file.path, "-outform", "DER"])
        try #require(result.exitCode == 0, "openssl refused \(shape): \(result.standardErrorText)")
        let ours = try CertificateFile.read(file)
        #expect(try ours.first?.derBytes == Array(result.standardOutput), "\(shape)")
    }

    @Test("openssl x509 -text output, with its text before each block, reads as the chain")
    func opensslTextOutput() async throws {
        let files = try LabPKI.shared().chain(.good).export(to: scratch.url)
        var text = ""
        for (index, certificate) in chain.enumerated() {
            let single = scratch.url.appendingPathComponent("single-\(index).pem")
            try Data(try certificate.serializeAsPEM().pemString.utf8).write(to: single)
            let result = try await PeerProcess.runAsync("openssl", ["x509", "-in", single.path, "-text"])
            try #require(result.exitCode == 0, "\(result.standardErrorText)")
            text += result.standardOutputText
        }
        #expect(text.contains("Certificate:") && text.contains("Signature Algorithm"))
        try Data(text.utf8).write(to: files.chainPEM)
        #expect(try CertificateFile.read(files.chainPEM) == chain)
    }

    @Test(
        "a certificate after other blocks (a key file with the CA, as mitmproxy-ca.pem) is read; the others are not looked into"
    )
    func otherBlocksSkipped() throws {
        let encryptedKey = """
            -----BEGIN EC PRIVATE KEY-----
            Proc-Type: 4,ENCRYPTED
            DEK-Info: AES-128-CBC,00112233445566778899AABBCCDDEEFF

            not base64 at all *
            -----END EC PRIVATE KEY-----

            """
        let read = try CertificateFile.parse(Data((encryptedKey + (try pem("65 (mitmproxy)"))).utf8), source: "ca.pem")
        #expect(read == chain)
        let all = try PEMBlock.blocks(in: Array(try pem("64").utf8))
        #expect(all.map(\.label) == ["CERTIFICATE", "CERTIFICATE"])
        #expect(all.map(\.line) == [1, 1 + 2 + Self.wrap(try base64(chain[0]), 64).count])
        #expect(try all.map(\.derBytes) == chain.map { try $0.derBytes })
    }

    @Test(
        "broken blocks are refused, naming the block, the line and what is wrong",
        arguments: [
            ("-----BEGIN CERTIFICATE-----\nMIIB\n", "line 1", "no END CERTIFICATE line"),
            (
                "x\n-----BEGIN CERTIFICATE-----\nMIIB\n-----END PRIVATE KEY-----\n", "line 4",
                "not -----END CERTIFICATE-----"
            ),
            ("-----BEGIN CERTIFICATE-----\nMIIB\nMI*B\n-----END CERTIFICATE-----\n", "line 3", "'*' is not base64"),
            ("-----BEGIN CERTIFICATE-----\nMIIBx\n-----END CERTIFICATE-----\n", "line 1", "does not decode"),
            ("-----BEGIN CERTIFICATE-----\n \n-----END CERTIFICATE-----\n", "line 1", "no base64"),
            (
                "-----BEGIN CERTIFICATE-----\nMIIB\n-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
                "line 3", "another BEGIN"
            ),
            (
                "-----BEGIN CERTIFICATE-----\r\nComment: hello\r\n\r\nMIIB\r\n-----END CERTIFICATE-----\r\n", "line 2",
                "header"
            ),
            (
                "-----BEGIN CERTIFICATE-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: DES-EDE3-CBC,0011\n\nMIIB\n-----END CERTIFICATE-----\n",
                "line 2", "encrypted"
            ),
        ])
    func refusals(text: String, line: String, reason: String) {
        #expect {
            try CertificateFile.parse(Data(text.utf8), source: "bad.pem")
        } throws: { error in
            let message = "\(error)"
            return message.contains("bad.pem") && message.contains(line) && message.contains(reason)
        }
    }

    @Test(
        "a private key wrapped at 65 columns with CRLF reads as the key openssl pkey reads from the same file (same public key)"
    )
    func privateKey() async throws {
        let key = P256.Signing.PrivateKey()
        let body = key.derRepresentation.base64EncodedString()
        let text =
            (["-----BEGIN PRIVATE KEY-----"] + Self.wrap(body, 65) + ["-----END PRIVATE KEY-----"])
            .joined(separator: "\r\n") + "\r\n"
        let blocks = try PEMBlock.blocks(in: Array(text.utf8), labels: ["PRIVATE KEY"])
        #expect(blocks.map(\.label) == ["PRIVATE KEY"])
        let read = try P256.Signing.PrivateKey(derRepresentation: try #require(blocks.first).derBytes)
        #expect(read.rawRepresentation == key.rawRepresentation)
        let file = scratch.url.appendingPathComponent("key-65.pem")
        try Data(text.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let result = try await PeerProcess.runAsync(
            "openssl", ["pkey", "-in", file.path, "-pubout", "-outform", "DER"])
        try #require(result.exitCode == 0, "\(result.standardErrorText)")
        #expect(result.standardOutput == read.publicKey.derRepresentation)
    }

    @Test("two blocks on one line are refused at the END line that goes on, as openssl x509 and crl2pkcs7 refuse them")
    func twoBlocksOnOneLine() async throws {
        let bodies = try chain.map { try base64($0) }
        let variants = [
            // One block's END and the next BEGIN run together, as a file concatenated without line ends.
            "-----BEGIN CERTIFICATE-----\n\(bodies[0])\n-----END CERTIFICATE----------BEGIN CERTIFICATE-----\n"
                + "\(bodies[1])\n-----END CERTIFICATE-----\n",
            // Two one-line blocks on one line.
            "-----BEGIN CERTIFICATE----- \(bodies[0]) -----END CERTIFICATE----- -----BEGIN CERTIFICATE----- "
                + "\(bodies[1]) -----END CERTIFICATE-----\n",
        ]
        for (index, text) in variants.enumerated() {
            let expectedLine = index == 0 ? "line 3" : "line 1"
            #expect {
                try CertificateFile.parse(Data(text.utf8), source: "joined.pem")
            } throws: { error in
                let message = "\(error)"
                return message.contains("joined.pem") && message.contains(expectedLine)
                    && message.contains("END line goes on after -----END CERTIFICATE----- ('-----BEGIN CERTIFICATE")
            }
            let file = scratch.url.appendingPathComponent("joined-\(index).pem")
            try Data(text.utf8).write(to: file)
            let x509 = try await PeerProcess.runAsync("openssl", ["x509", "-in", file.path, "-noout"])
            #expect(x509.exitCode != 0, "openssl x509 read \(index)")
            // crl2pkcs7 fails on the first (a "bad end line"), and reads no certificate from the second.
            let p7 = scratch.url.appendingPathComponent("joined-\(index).p7").path
            let bundle = try await PeerProcess.runAsync(
                "openssl", ["crl2pkcs7", "-nocrl", "-certfile", file.path, "-out", p7])
            if bundle.exitCode == 0 {
                let listed = try await PeerProcess.runAsync("openssl", ["pkcs7", "-in", p7, "-print_certs", "-noout"])
                #expect(listed.exitCode == 0 && !listed.standardOutputText.contains("subject"), "\(index)")
            }
        }
        // White space after the END line's dashes is fine, for openssl too.
        let spaced = try pem("64").replacingOccurrences(
            of: "-----END CERTIFICATE-----\n", with: "-----END CERTIFICATE-----  \t\n")
        #expect(try CertificateFile.parse(Data(spaced.utf8), source: "spaced.pem") == chain)
        let file = scratch.url.appendingPathComponent("spaced.pem")
        try Data(spaced.utf8).write(to: file)
        #expect(try await PeerProcess.runAsync("openssl", ["x509", "-in", file.path, "-noout"]).exitCode == 0)
    }

    @Test("text quoted from the file in a message has no control characters")
    func quotedTextIsPrintable() {
        let text = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END \u{1B}[31mKEY-----\n"
        #expect {
            try PEMBlock.blocks(in: Array(text.utf8))
        } throws: { error in
            "\(error)".contains("?[31mKEY") && !"\(error)".contains("\u{1B}")
        }
        let header = "-----BEGIN CERTIFICATE-----\n\u{1B}]0;title\u{7}: x\nMIIB\n-----END CERTIFICATE-----\n"
        #expect {
            try PEMBlock.blocks(in: Array(header.utf8))
        } throws: { error in
            "\(error)".contains("header line") && !"\(error)".contains("\u{1B}") && !"\(error)".contains("\u{7}")
        }
    }

    @Test("a block whose bytes are not a certificate is named by number and line")
    func notACertificate() throws {
        let text = try pem("64") + "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"
        #expect {
            try CertificateFile.parse(Data(text.utf8), source: "chain.pem")
        } throws: { error in
            "\(error)".contains("certificate 3 (line ") && "\(error)".contains("does not decode")
        }
    }
}
