// Fuzzes the one lax PEM reader (`PEMBlock.blocks`): reading is deterministic; every block read
// re-encodes (as strict 64-column PEM) to text that reads back as the same label and bytes; a
// certificate block's DER parses to a certificate that serializes back to DER that parses equal;
// `CertificateFile.parse` reads as many certificates as the reader found certificate blocks.
import Foundation
import RampartTrust
import SwiftASN1
import X509

enum FuzzPEM {
    static let target = FuzzTarget(
        name: "pem", maxLength: 16 * 1024,
        summary: "PEMBlock.blocks: lax RFC 7468 PEM (any wrapping, CRLF/CR, blanks, text around)", run: run)

    static func run(_ data: Data) {
        let name = target.name
        let bytes = Array(data)
        let first = Result { () throws(PEMBlock.Malformed) in try PEMBlock.blocks(in: bytes) }
        let second = Result { () throws(PEMBlock.Malformed) in try PEMBlock.blocks(in: bytes) }
        FuzzCheck.require(first == second, name, "reading the same bytes twice gives different results")
        guard case .success(let blocks) = first else { return }
        var line = 0
        for block in blocks {
            // Increasing: a block never begins on the line where the previous one ended (an END line
            // goes on after its dashes only as white space, as openssl requires; the lax reader once
            // took `…-----END CERTIFICATE----------BEGIN CERTIFICATE-----…`, found by fuzzing).
            FuzzCheck.require(block.line > line, name, "a block begins on or before the line of the previous one")
            line = block.line
            FuzzCheck.require(!block.derBytes.isEmpty && !block.label.isEmpty, name, "an empty block was read")
            let pem = PEMDocument(type: block.label, derBytes: block.derBytes).pemString
            let again = try? PEMBlock.blocks(in: Array(pem.utf8))
            FuzzCheck.require(
                again?.count == 1 && again?.first?.label == block.label && again?.first?.derBytes == block.derBytes,
                name, "a block written back as PEM does not read back the same")
            guard block.label == "CERTIFICATE", let certificate = try? Certificate(derEncoded: block.derBytes) else {
                continue
            }
            var serializer = DER.Serializer()
            guard (try? serializer.serialize(certificate)) != nil else {
                FuzzCheck.fail(name, "a certificate that was read does not serialize")
            }
            let reread = try? Certificate(derEncoded: serializer.serializedBytes)
            FuzzCheck.require(reread == certificate, name, "a certificate's DER does not read back the same")
        }
        let certificateBlocks = blocks.filter { $0.label == "CERTIFICATE" || $0.label == "X509 CERTIFICATE" }
        if let read = try? CertificateFile.parseEncoded(data, source: "fuzz"), !certificateBlocks.isEmpty {
            FuzzCheck.require(
                read.count == certificateBlocks.count, name,
                "CertificateFile read \(read.count) certificates from \(certificateBlocks.count) certificate blocks")
        }
    }
}
