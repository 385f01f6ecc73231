import Foundation
import RampartTrust
import X509

/// The roots named by `--ca FILE` options (`ats diagnose`, `pin verify`, `fetch`), read with the
/// exit status each failure earns: 66 no such file, 65 not a certificate file.
enum ExtraRoots {
    static func read(_ paths: [String]) throws -> [Certificate] {
        var roots: [Certificate] = []
        for path in paths {
            guard FileManager.default.fileExists(atPath: path) else {
                throw CommandFailure("--ca \(path): no such file", status: .noInput)
            }
            do {
                roots += try CertificateFile.read(URL(fileURLWithPath: path))
            } catch {
                throw CommandFailure("--ca \(path): \(error)", status: .dataError)
            }
        }
        return roots
    }
}
