import Foundation
import SwiftASN1
import X509

/// Reads certificates from files as people have them: PEM with one or many `CERTIFICATE` blocks
/// (text around them is ignored, as `openssl` does), or a single DER certificate.
///
/// ```swift
/// let chain = try CertificateFile.read(URL(fileURLWithPath: "chain.pem"))
/// ```
public enum CertificateFile {
    public static func read(_ url: URL) throws -> [Certificate] {
        guard FileManager.default.fileExists(atPath: url.path) else { throw TrustError.missingFile(path: url.path) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TrustError.unreadable(path: url.path, reason: error.localizedDescription)
        }
        return try parse(data, source: url.path)
    }

    /// Parses PEM or DER bytes; `source` names them in errors.
    public static func parse(_ data: Data, source: String) throws -> [Certificate] {
        if let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN") {
            return try parsePEM(text, source: source)
        }
        guard !data.isEmpty else { throw TrustError.malformedCertificate(source: source, reason: "the file is empty") }
        do {
            return [try Certificate(derEncoded: Array(data))]
        } catch {
            throw TrustError.malformedCertificate(
                source: source, reason: "DER does not decode (\(data.count) bytes; truncated or not a certificate)")
        }
    }

    private static func parsePEM(_ text: String, source: String) throws -> [Certificate] {
        let begin = "-----BEGIN CERTIFICATE-----"
        let end = "-----END CERTIFICATE-----"
        var certificates: [Certificate] = []
        var rest = Substring(text)
        while let start = rest.range(of: begin) {
            guard let stop = rest.range(of: end, range: start.upperBound..<rest.endIndex) else {
                throw TrustError.malformedCertificate(
                    source: source, reason: "certificate \(certificates.count + 1) has no END CERTIFICATE line")
            }
            let block = String(rest[start.lowerBound..<stop.upperBound])
            do {
                certificates.append(try Certificate(pemEncoded: block))
            } catch {
                throw TrustError.malformedCertificate(
                    source: source, reason: "certificate \(certificates.count + 1) does not decode (bad base64 or DER)")
            }
            rest = rest[stop.upperBound...]
        }
        guard !certificates.isEmpty else {
            throw TrustError.malformedCertificate(source: source, reason: "PEM with no CERTIFICATE block")
        }
        return certificates
    }
}
