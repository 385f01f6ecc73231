//
//  LoginViewController.swift
//  ShopKit
//

import OSLog
import UIKit

final class LoginViewController: UIViewController {
    @IBOutlet private weak var emailField: UITextField!
    @IBOutlet private weak var passwordField: UITextField!
    @IBOutlet private weak var rememberMeSwitch: UISwitch!

    private let logger = Logger(subsystem: "com.shopkit.app", category: "login")
    private let keychain = KeychainStore(service: "com.shopkit.app")
    private let defaults = UserDefaults.standard

    override func viewDidLoad() {
        super.viewDidLoad()
        emailField.text = defaults.string(forKey: "lastEmail")
        rememberMeSwitch.isOn = defaults.bool(forKey: "rememberMe")
    }

    @IBAction private func signInTapped(_ sender: UIButton) {
        let email = emailField.text ?? ""
        let password = passwordField.text ?? ""
        print("Signing in \(email) with password \(password)") // expect: RS-STORAGE-006
        logger.info("Sign-in attempt for \(email, privacy: .private)")
        defaults.set(email, forKey: "lastEmail")
        defaults.set(rememberMeSwitch.isOn, forKey: "rememberMe")
        if rememberMeSwitch.isOn {
            defaults.set(password, forKey: "savedPassword") // expect: RS-STORAGE-002
        }
        AuthService.shared.signIn(email: email, password: password) { [weak self] result in
            self?.handle(result)
        }
    }

    private func handle(_ result: Result<AuthSession, Error>) {
        switch result {
        case .success(let session):
            NSLog("Received access token %@", session.accessToken) // expect: RS-STORAGE-006
            logger.debug("Token expires at \(session.expiry)")
            logger.debug("Refresh token: \(session.refreshToken, privacy: .private)")
            UserDefaults.standard.set(session.accessToken, forKey: "accessToken") // expect: RS-STORAGE-002
            UserDefaults.standard.set(session.userID, forKey: "userID")
            UserDefaults.standard.set(true, forKey: "hasCompletedOnboarding")
            try? keychain.save(session.refreshToken, account: "refreshToken")
        case .failure(let error):
            logger.error("Sign-in failed: \(error.localizedDescription)")
            print("Sign-in failed: \(error)")
        }
    }

    @IBAction private func copyRecoveryCodeTapped(_ sender: UIButton) {
        guard let code = AuthService.shared.recoveryCode else { return }
        UIPasteboard.general.string = code // expect: RS-PLATFORM-004
    }

    @IBAction private func copyReferralLinkTapped(_ sender: UIButton) {
        UIPasteboard.general.string = "https://shopkit.example.com/r/\(AuthService.shared.referralSlug)"
    }

    @IBAction private func copyPasswordTapped(_ sender: UIButton) {
        let password = passwordField.text ?? ""
        UIPasteboard.general.setValue(password, forPasteboardType: "public.utf8-plain-text") // expect: RS-PLATFORM-004
    }

    @IBAction private func copyPasswordLocallyTapped(_ sender: UIButton) {
        let password = passwordField.text ?? ""
        UIPasteboard.general.setItems(
            [["public.utf8-plain-text": password]],
            options: [.localOnly: true, .expirationDate: Date().addingTimeInterval(60)])
    }
}

struct AuthSession {
    let accessToken: String
    let refreshToken: String
    let userID: String
    let expiry: Date
}
