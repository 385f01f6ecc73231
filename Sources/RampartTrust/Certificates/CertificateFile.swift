import Foundation
import SwiftASN1
import X509

/// Reads certificates from files as people have them: PEM with one or many `CERTIFICATE` blocks
/// (text around them is ignored, as `openssl` does), or a single DER certificate.
///
/// `read`/`parse` return swift-certificates' `Certificate`s, for trust decisions; they refuse a
/// certificate whose key that library does not decode. `readEncoded`/`parseEncoded` return every
/// certificate, whatever its key (``EncodedCertificate``), to show and pin it.
///
/// ```swift
/// let chain = try CertificateFile.read(URL(fileURLWithPath: "chain.pem"))
/// let any = try CertificateFile.readEncoded(URL(fileURLWithPath: "legacy-dsa.pem"))
/// ```
public enum CertificateFile {
    /// The largest file read: certificate files are a few KiB; this keeps `/dev/zero` and other
    /// endless inputs from filling memory.
    public static let maximumSize = 16 << 20

    public static func read(_ url: URL) throws -> [Certificate] {
        try decoded(readEncoded(url), source: url.path)
    }

    /// Parses PEM or DER bytes; `source` names them in errors.
    public static func parse(_ data: Data, source: String) throws -> [Certificate] {
        try decoded(parseEncoded(data, source: source), source: source)
    }

    /// Every certificate of a PEM or DER file, including those whose key swift-certificates does
    /// not decode.
    ///
    /// - Throws: ``TrustError/missingFile(path:)``, ``TrustError/notAFile(path:kind:)`` for a
    ///   directory, ``TrustError/unreadable(path:reason:)``, or
    ///   ``TrustError/malformedCertificate(source:reason:)`` for an empty or oversized file or
    ///   bytes that are not certificates.
    public static func readEncoded(_ url: URL) throws -> [EncodedCertificate] {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TrustError.missingFile(path: path)
        }
        if isDirectory.boolValue { throw TrustError.notAFile(path: path, kind: "a directory") }
        var data = Data()
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: 64 << 10), !chunk.isEmpty {
                data += chunk
                if data.count > maximumSize { break }
            }
        } catch {
            throw TrustError.unreadable(path: path, reason: error.localizedDescription)
        }
        guard data.count <= maximumSize else {
            throw TrustError.malformedCertificate(
                source: path, reason: "it is larger than \(maximumSize >> 20) MiB (certificate files are a few KiB)")
        }
        return try parseEncoded(data, source: path)
    }

    /// Every certificate of PEM or DER bytes, whatever its key; `source` names them in errors.
    public static func parseEncoded(_ data: Data, source: String) throws -> [EncodedCertificate] {
        if let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN") {
            return try parsePEM(text, source: source)
        }
        guard !data.isEmpty else { throw TrustError.malformedCertificate(source: source, reason: "the file is empty") }
        do {
            return [try EncodedCertificate(derEncoded: Array(data))]
        } catch {
            throw TrustError.malformedCertificate(
                source: source,
                reason: "DER does not decode (\(data.count) bytes; \(Self.problem(error)))")
        }
    }

    private static func parsePEM(_ text: String, source: String) throws -> [EncodedCertificate] {
        let begin = "-----BEGIN CERTIFICATE-----"
        let end = "-----END CERTIFICATE-----"
        var certificates: [EncodedCertificate] = []
        var rest = Substring(text)
        while let start = rest.range(of: begin) {
            let number = certificates.count + 1
            guard let stop = rest.range(of: end, range: start.upperBound..<rest.endIndex) else {
                throw TrustError.malformedCertificate(
                    source: source, reason: "certificate \(number) has no END CERTIFICATE line")
            }
            let block = String(rest[start.lowerBound..<stop.upperBound])
            let der: [UInt8]
            do {
                der = try PEMDocument(pemString: block).derBytes
            } catch {
                throw TrustError.malformedCertificate(
                    source: source, reason: "certificate \(number) is not valid base64 between its BEGIN and END lines")
            }
            do {
                certificates.append(try EncodedCertificate(derEncoded: der))
            } catch {
                throw TrustError.malformedCertificate(
                    source: source,
                    reason: "certificate \(number) does not decode (\(der.count) bytes of DER; \(Self.problem(error)))")
            }
            rest = rest[stop.upperBound...]
        }
        guard !certificates.isEmpty else {
            throw TrustError.malformedCertificate(source: source, reason: "PEM with no CERTIFICATE block")
        }
        return certificates
    }

    /// swift-certificates' readings, or an error naming the first certificate it refused and its key.
    private static func decoded(_ encoded: [EncodedCertificate], source: String) throws -> [Certificate] {
        try encoded.enumerated().map { index, certificate in
            if let decoded = certificate.certificate { return decoded }
            let key =
                certificate.walkedKey.map { $0.bits > 0 ? "\($0.type) \($0.bits)-bit key" : "\($0.type) key" } ?? "key"
            throw TrustError.malformedCertificate(
                source: source,
                reason: "certificate \(index + 1) has a \(key), which swift-certificates does not decode "
                    + "(it reads RSA of 2048 bits or more, P-256, P-384, P-521 and Ed25519), "
                    + "so it cannot take part in trust decisions; `rampart pin` still shows and pins it")
        }
    }

    /// What is wrong with bytes that are not a DER certificate, in words.
    private static func problem(_ error: any Error) -> String {
        guard let error = error as? ASN1Error else { return "truncated or not a certificate" }
        switch error.code {
        case .truncatedASN1Field: return "truncated"
        case .invalidASN1Object where "\(error)".contains("Trailing"): return "bytes after the certificate"
        default: return "truncated or not a certificate"
        }
    }
}
