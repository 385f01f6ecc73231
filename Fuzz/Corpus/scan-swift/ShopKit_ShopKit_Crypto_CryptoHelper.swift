//
//  CryptoHelper.swift
//  ShopKit
//
//  Encrypts the offline cart and derives keys from the user's PIN.
//

import CommonCrypto
import CryptoKit
import Foundation
import Security

enum CryptoHelper {
    private static let cartKey = "c4rtS3cr3tK3y!2021#ShopKit" // expect: RS-CRYPTO-003 tolerate: RS-CRYPTO-007 high
    private static let zeroIV = [UInt8](repeating: 0, count: kCCBlockSizeAES128) // tolerate: RS-CRYPTO-002 high

    /// AES-128 in ECB mode, as the v1 backend expects.
    static func encryptLegacy(_ plaintext: Data, key: Data) -> Data? {
        crypt(plaintext, key: key, iv: nil, options: CCOptions(kCCOptionPKCS7Padding | kCCOptionECBMode)) // expect: RS-CRYPTO-001
    }

    static func encryptCart(_ plaintext: Data) -> Data? {
        let key = Data(cartKey.utf8) // tolerate: RS-CRYPTO-003 high
        return crypt(plaintext, key: key, iv: zeroIV, options: CCOptions(kCCOptionPKCS7Padding)) // expect: RS-CRYPTO-002
    }

    static func encryptWithFixedNonce(_ plaintext: Data, key: SymmetricKey) throws -> Data {
        let nonce = try AES.GCM.Nonce(data: Data([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])) // expect: RS-CRYPTO-002
        return try AES.GCM.seal(plaintext, using: key, nonce: nonce).combined ?? Data()
    }

    /// AES-GCM with a fresh random nonce for every message (CryptoKit picks it).
    static func encrypt(_ plaintext: Data, key: SymmetricKey) throws -> Data {
        try AES.GCM.seal(plaintext, using: key).combined ?? Data()
    }

    static func randomIV() -> [UInt8] {
        var iv = [UInt8](repeating: 0, count: kCCBlockSizeAES128)
        let status = SecRandomCopyBytes(kSecRandomDefault, iv.count, &iv)
        precondition(status == errSecSuccess)
        return iv
    }

    static func randomSalt() -> [UInt8] {
        var salt = [UInt8](repeating: 0, count: 16)
        arc4random_buf(&salt, salt.count)
        return salt
    }

    static func weakIV() -> [UInt8] {
        (0..<kCCBlockSizeAES128).map { _ in UInt8(truncatingIfNeeded: rand()) } // expect: RS-CRYPTO-006
    }

    static func resetToken() -> String {
        // expect-begin: RS-CRYPTO-006
        srand48(Int(Date().timeIntervalSince1970))
        let token = Int(drand48() * 1_000_000_000)
        // expect-end: RS-CRYPTO-006
        return String(token)
    }

    /// Shuffles the onboarding tips; not security-relevant.
    static func shuffledTips(_ tips: [String]) -> [String] {
        tips.shuffled()
    }

    static func hashPassword(_ password: String) -> String {
        let digest = Insecure.MD5.hash(data: Data(password.utf8)) // expect: RS-CRYPTO-004
        return digest.map { String(format: "%02x", $0) }.joined()
    }

    static func legacyPasswordDigest(_ password: String) -> Data {
        var digest = [UInt8](repeating: 0, count: Int(CC_SHA1_DIGEST_LENGTH))
        let data = Data(password.utf8)
        data.withUnsafeBytes { _ = CC_SHA1($0.baseAddress, CC_LONG(data.count), &digest) } // expect: RS-CRYPTO-004
        return Data(digest)
    }

    /// Cache key for downloaded images: MD5 of the URL, not a secret.
    static func cacheKey(for url: URL) -> String {
        let digest = Insecure.MD5.hash(data: Data(url.absoluteString.utf8)) // tolerate: RS-CRYPTO-004 low
        return digest.map { String(format: "%02x", $0) }.joined()
    }

    static func deriveKey(pin: String, salt: [UInt8]) -> [UInt8] {
        var derived = [UInt8](repeating: 0, count: kCCKeySizeAES256)
        // expect-begin: RS-CRYPTO-005
        CCKeyDerivationPBKDF(
            CCPBKDFAlgorithm(kCCPBKDF2), pin, pin.utf8.count, salt, salt.count,
            CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA1), 1000, &derived, derived.count)
        // expect-end: RS-CRYPTO-005
        return derived
    }

    static func deriveBackupKey(passphrase: String, salt: [UInt8]) -> [UInt8] {
        var derived = [UInt8](repeating: 0, count: kCCKeySizeAES256)
        let rounds: UInt32 = 600_000
        CCKeyDerivationPBKDF(
            CCPBKDFAlgorithm(kCCPBKDF2), passphrase, passphrase.utf8.count, salt, salt.count,
            CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), rounds, &derived, derived.count)
        return derived
    }

    private static func crypt(_ input: Data, key: Data, iv: [UInt8]?, options: CCOptions) -> Data? {
        var output = Data(count: input.count + kCCBlockSizeAES128)
        var moved = 0
        let outputCount = output.count
        let status = output.withUnsafeMutableBytes { out in
            input.withUnsafeBytes { inp in
                key.withUnsafeBytes { k in
                    CCCrypt(
                        CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), options, k.baseAddress, key.count, iv,
                        inp.baseAddress, input.count, out.baseAddress, outputCount, &moved)
                }
            }
        }
        guard status == kCCSuccess else { return nil }
        return output.prefix(moved)
    }
}
