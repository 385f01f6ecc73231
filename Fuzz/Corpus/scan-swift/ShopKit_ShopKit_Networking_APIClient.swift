//
//  APIClient.swift
//  ShopKit
//
//  Copyright (c) 2021 ShopKit contributors ( http://shopkit.example.org/ )
//  Licensed under the MIT License: http://opensource.org/licenses/MIT
//

import Foundation

/// The shop's REST client.
///
/// Requests go to the production API; see http://developer.shopkit.example.org/docs for the endpoints.
/// The legacy `http://` endpoints were retired in 2020.
final class APIClient: NSObject {
    static let shared = APIClient()

    enum Environment {
        case production
        case staging
        case local

        var baseURL: URL {
            switch self {
            case .production:
                return URL(string: "https://api.shopkit.example.com/v2")!
            case .staging:
                return URL(string: "http://staging.shopkit.example.com/v2")! // expect: RS-NET-001
            case .local:
                #if DEBUG
                return URL(string: "http://localhost:8080/v2")! // tolerate: RS-NET-001 info
                #else
                return URL(string: "https://api.shopkit.example.com/v2")!
                #endif
            }
        }
    }

    // The image CDN does not speak TLS yet (ticket SHOP-412); see http://cdn.shopkit.example.com/status
    private let imageHost = "http://images.shopkit.example.com" // expect: RS-NET-001

    private let soapEnvelopeNamespace = "http://schemas.xmlsoap.org/soap/envelope/"
    private let atomNamespace = "http://www.w3.org/2005/Atom"

    private(set) var authToken: String?
    private lazy var session: URLSession = {
        let configuration = URLSessionConfiguration.default
        configuration.requestCachePolicy = .returnCacheDataElseLoad // expect: RS-NET-008
        configuration.urlCache = URLCache(memoryCapacity: 20_000_000, diskCapacity: 100_000_000) // expect: RS-NET-008
        configuration.httpAdditionalHeaders = ["Accept": "application/json"]
        return URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }()

    private lazy var anonymousSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    var environment: Environment = .production

    func login(token: String) {
        authToken = token
    }

    func fetchProducts(completion: @escaping (Result<Data, Error>) -> Void) {
        var request = URLRequest(url: environment.baseURL.appendingPathComponent("products"))
        if let token = authToken {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        session.dataTask(with: request) { data, _, error in
            if let error = error {
                completion(.failure(error))
            } else {
                completion(.success(data ?? Data()))
            }
        }.resume()
    }

    func productImageURL(id: String) -> URL? {
        URL(string: "\(imageHost)/products/\(id).jpg")
    }

    func fetchLegacyFeed(completion: @escaping (Data?) -> Void) {
        let url = URL(string: "http://feeds.shopkit.example.com/deals.xml")! // expect: RS-NET-001
        anonymousSession.dataTask(with: url) { data, _, _ in completion(data) }.resume()
    }

    /// Builds the SOAP body; the namespace string is an identifier, not a request.
    func soapBody(for action: String) -> String {
        "<soap:Envelope xmlns:soap=\"\(soapEnvelopeNamespace)\"><soap:Body><\(action)/></soap:Body></soap:Envelope>"
    }
}

extension APIClient: URLSessionDelegate {
    // expect-begin: RS-NET-002
    func urlSession(
        _ session: URLSession,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
            let serverTrust = challenge.protectionSpace.serverTrust
        else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        // Staging uses a self-signed certificate.
        completionHandler(.useCredential, URLCredential(trust: serverTrust))
    }
    // expect-end: RS-NET-002
}
