//
//  ShopSession.swift
//  ShopKit
//
//  Alamofire session factory. Alamofire: Copyright (c) 2014-2020 Alamofire Software Foundation (http://alamofire.org/)
//

import Alamofire
import Foundation

enum ShopSession {
    /// Production: the default evaluation plus pinned keys with a backup.
    static let production: Session = {
        let evaluators: [String: ServerTrustEvaluating] = [
            "api.shopkit.example.com": PublicKeysTrustEvaluator(),
            "checkout.shopkit.example.com": DefaultTrustEvaluator(validateHost: true),
        ]
        return Session(serverTrustManager: ServerTrustManager(evaluators: evaluators))
    }()

    /// QA builds talk to the test rig, whose certificate is self-signed.
    static let qa: Session = {
        let evaluators: [String: ServerTrustEvaluating] = [
            "qa.shopkit.example.com": DisabledTrustEvaluator() // expect: RS-NET-006
        ]
        return Session(serverTrustManager: ServerTrustManager(evaluators: evaluators))
    }()

    /// Analytics endpoint: legacy configuration kept from Alamofire 4.
    static let analytics: Session = {
        let manager = ServerTrustManager(
            allHostsMustBeEvaluated: false,
            evaluators: ["metrics.shopkit.example.com": DisabledEvaluator()] // expect: RS-NET-006
        )
        return Session(serverTrustManager: manager)
    }()
}
