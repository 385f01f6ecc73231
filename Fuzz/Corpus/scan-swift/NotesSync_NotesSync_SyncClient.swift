//
//  SyncClient.swift
//  NotesSync
//
//  Syncs notes with the user's server (self-hosted servers are common, hence the options below).
//

import Foundation
import UIKit

actor SyncClient {
    private let server: URL
    private let session: URLSession
    private let delegate = SyncSessionDelegate()

    init(server: URL) {
        self.server = server
        let configuration = URLSessionConfiguration.default
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieAcceptPolicy = .never
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    func pull(since token: String?) async throws -> Data {
        var components = URLComponents(url: server.appendingPathComponent("sync"), resolvingAgainstBaseURL: false)
        components?.queryItems = token.map { [URLQueryItem(name: "since", value: $0)] }
        guard let url = components?.url else { throw URLError(.badURL) }
        let (data, _) = try await session.data(from: url)
        return data
    }

    func checkForUpdates() async throws -> Data {
        let (data, _) = try await session.data(from: URL(string: "http://updates.notessync.example.net/latest.json")!) // expect: RS-NET-001
        return data
    }

    /// Starts the OAuth flow in Safari; the provider redirects back to the app's scheme.
    @MainActor
    func startOAuth() {
        let authorize = "https://auth.notessync.example.net/authorize?client_id=notes-ios&redirect_uri=notessync://oauth-callback&response_type=code" // expect: RS-PLATFORM-003
        if let url = URL(string: authorize) {
            UIApplication.shared.open(url)
        }
    }

    /// Older servers (NotesSync Server < 2.0) need this private API to accept self-signed certificates.
    static func allowSelfSignedCertificates(for host: String) {
        // expect-begin: RS-NET-004
        let selector = NSSelectorFromString("setAllowsAnyHTTPSCertificate:forHost:")
        if NSURLRequest.responds(to: selector) {
            NSURLRequest.perform(selector, with: true, with: host)
        }
        // expect-end: RS-NET-004
    }
}

final class SyncSessionDelegate: NSObject, URLSessionDelegate {
    // expect-begin: RS-NET-002
    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge) async
        -> (URLSession.AuthChallengeDisposition, URLCredential?)
    {
        guard let trust = challenge.protectionSpace.serverTrust else {
            return (.performDefaultHandling, nil)
        }
        return (.useCredential, URLCredential(trust: trust))
    }
    // expect-end: RS-NET-002
}

/// Accepts a server's certificate only after the system evaluated it and the user's pinned key matched.
final class PinnedServerDelegate: NSObject, URLSessionDelegate {
    let expectedKeyHashes: Set<Data>

    init(expectedKeyHashes: Set<Data>) {
        self.expectedKeyHashes = expectedKeyHashes
    }

    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge) async
        -> (URLSession.AuthChallengeDisposition, URLCredential?)
    {
        guard let trust = challenge.protectionSpace.serverTrust, SecTrustEvaluateWithError(trust, nil) else {
            return (.cancelAuthenticationChallenge, nil)
        }
        return (.useCredential, URLCredential(trust: trust))
    }
}
