//
//  PinningDelegate.swift
//  ShopKit
//

import CryptoKit
import Foundation
import Security

/// Pins the checkout host's public key.
final class PinningDelegate: NSObject, URLSessionDelegate {
    // expect-begin: RS-NET-007
    private let pinnedKeyHashes: Set<String> = [
        "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="
    ]
    // expect-end: RS-NET-007

    func urlSession(
        _ session: URLSession,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard let serverTrust = challenge.protectionSpace.serverTrust else {
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }
        var error: CFError?
        guard SecTrustEvaluateWithError(serverTrust, &error) else {
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }
        guard let chain = SecTrustCopyCertificateChain(serverTrust) as? [SecCertificate],
            let leaf = chain.first,
            let key = SecCertificateCopyKey(leaf),
            let keyData = SecKeyCopyExternalRepresentation(key, nil) as Data?
        else {
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }
        let hash = Data(SHA256.hash(data: keyData)).base64EncodedString()
        if pinnedKeyHashes.contains(hash) {
            completionHandler(.useCredential, URLCredential(trust: serverTrust))
        } else {
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }
}

/// The older delegate still used by the gift-card module.
final class LegacyTrustDelegate: NSObject, URLSessionTaskDelegate {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard let trust = challenge.protectionSpace.serverTrust else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        var result = SecTrustResultType.invalid
        SecTrustEvaluate(trust, &result) // expect: RS-NET-003
        completionHandler(.useCredential, URLCredential(trust: trust)) // tolerate: RS-NET-002 high
    }
}

/// Checks a trust the way the payments SDK wants: the result decides.
enum TrustCheck {
    static func isTrusted(_ trust: SecTrust) -> Bool {
        var error: CFError?
        let trusted = SecTrustEvaluateWithError(trust, &error)
        if !trusted {
            print("trust failed: \(String(describing: error))")
        }
        return trusted
    }

    static func evaluateIgnoringOutcome(_ trust: SecTrust) {
        _ = SecTrustEvaluateWithError(trust, nil) // expect: RS-NET-003
    }
}
