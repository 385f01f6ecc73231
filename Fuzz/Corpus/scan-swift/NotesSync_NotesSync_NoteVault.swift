//
//  NoteVault.swift
//  NotesSync
//
//  Locks private notes with a passcode.
//

import CommonCrypto
import CryptoKit
import CryptoSwift
import Foundation

struct NoteVault {
    private static let masterKey = SymmetricKey(data: Data("notes-sync-master-key-v1-2019!!".utf8)) // expect: RS-CRYPTO-003

    func seal(_ note: Data) throws -> Data {
        try ChaChaPoly.seal(note, using: Self.masterKey).combined
    }

    func sealForExport(_ note: Data, key: [UInt8]) throws -> [UInt8] {
        let aes = try AES(key: key, blockMode: ECB(), padding: .pkcs7) // expect: RS-CRYPTO-001
        return try aes.encrypt(Array(note))
    }

    func sealForExportSafely(_ note: Data, key: [UInt8]) throws -> [UInt8] {
        let iv = AES.randomIV(AES.blockSize)
        let aes = try AES(key: key, blockMode: CBC(iv: iv), padding: .pkcs7)
        return iv + (try aes.encrypt(Array(note)))
    }

    func deriveKey(passcode: String, salt: Data) -> Data {
        var key = Data(count: kCCKeySizeAES256)
        let keyCount = key.count
        // expect-begin: RS-CRYPTO-005
        _ = key.withUnsafeMutableBytes { out in
            salt.withUnsafeBytes { saltBytes in
                CCKeyDerivationPBKDF(
                    CCPBKDFAlgorithm(kCCPBKDF2), passcode, passcode.utf8.count,
                    saltBytes.bindMemory(to: UInt8.self).baseAddress, salt.count,
                    CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), 4096,
                    out.bindMemory(to: UInt8.self).baseAddress, keyCount)
            }
        }
        // expect-end: RS-CRYPTO-005
        return key
    }

    func deriveExportKey(passcode: String, salt: [UInt8]) throws -> [UInt8] {
        try PKCS5.PBKDF2(password: Array(passcode.utf8), salt: salt, iterations: 100_000, keyLength: 32, variant: .sha2(.sha256)).calculate() // expect: RS-CRYPTO-005
    }

    func deriveArchiveKey(passcode: String, salt: [UInt8]) throws -> [UInt8] {
        try PKCS5.PBKDF2(password: Array(passcode.utf8), salt: salt, iterations: 650_000, keyLength: 32, variant: .sha2(.sha256)).calculate()
    }

    /// Thumbnails are cached under the SHA-1 of their URL (not a secret; low at most).
    func thumbnailCacheName(for url: URL) -> String {
        Insecure.SHA1.hash(data: Data(url.absoluteString.utf8)).map { String(format: "%02x", $0) }.joined() // tolerate: RS-CRYPTO-004 low
    }
}
