// Fuzzes certificate file reading (`CertificateFile.parse`, PEM or DER): every certificate read
// serializes back to DER that reads as the same certificate, and its pin can be asked for.
import Foundation
import RampartTrust
import SwiftASN1
import X509

enum FuzzCertificateFile {
    static let target = FuzzTarget(
        name: "certificate-file", maxLength: 16 * 1024,
        summary: "CertificateFile.parse: PEM blocks or one DER certificate", run: run)

    static func run(_ data: Data) {
        guard let certificates = try? CertificateFile.parse(data, source: "fuzz") else { return }
        let name = target.name
        for certificate in certificates {
            var serializer = DER.Serializer()
            guard (try? serializer.serialize(certificate)) != nil else {
                FuzzCheck.fail(name, "a certificate that was read does not serialize")
            }
            let reread = try? Certificate(derEncoded: serializer.serializedBytes)
            FuzzCheck.require(reread == certificate, name, "a certificate's DER does not read back the same")
            _ = try? SPKIPin(certificate: certificate)
        }
    }
}
