import Foundation
import SwiftASN1
import X509

/// Reads certificates from files as people have them: PEM with one or many `CERTIFICATE` blocks,
/// read leniently by ``PEMBlock`` (any line length, CRLF, trailing white space, text around the
/// blocks, as `openssl` reads them), or a single DER certificate.
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
        try parseEncoded(contents(of: url), source: url.path)
    }

    /// The bytes of the certificate file at `url`, read up to ``maximumSize``: the one bounded
    /// reader of certificate files (a file given by a user and the system's CA bundle alike).
    ///
    /// - Throws: ``TrustError/missingFile(path:)``, ``TrustError/notAFile(path:kind:)``,
    ///   ``TrustError/unreadable(path:reason:)``, or ``TrustError/malformedCertificate(source:reason:)``
    ///   for a file over ``maximumSize``.
    static func contents(of url: URL) throws -> Data {
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
        return data
    }

    /// Every certificate of PEM or DER bytes, whatever its key; `source` names them in errors.
    public static func parseEncoded(_ data: Data, source: String) throws -> [EncodedCertificate] {
        let bytes = Array(data)
        if PEMBlock.containsBoundary(bytes) {
            return try parsePEM(bytes, source: source)
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

    /// The labels read as certificates: RFC 7468's, and the legacy one `openssl` still reads.
    static let certificateLabels: Set<String> = ["CERTIFICATE", "X509 CERTIFICATE"]

    private static func parsePEM(_ bytes: [UInt8], source: String) throws -> [EncodedCertificate] {
        let blocks: [PEMBlock]
        do {
            blocks = try PEMBlock.blocks(in: bytes, labels: certificateLabels)
        } catch {
            throw TrustError.malformedCertificate(source: source, reason: error.description)
        }
        let certificates = try blocks.enumerated().map { index, block in
            do {
                return try EncodedCertificate(derEncoded: block.derBytes)
            } catch {
                throw TrustError.malformedCertificate(
                    source: source,
                    reason: "certificate \(index + 1) (line \(block.line)) does not decode "
                        + "(\(block.derBytes.count) bytes of DER; \(Self.problem(error)))")
            }
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
