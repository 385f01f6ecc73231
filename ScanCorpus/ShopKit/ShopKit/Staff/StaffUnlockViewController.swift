import UIKit

/// The hidden staff screen of the shop: a store clerk unlocks price overrides with a shared code.
enum StaffStrings {
    static let passwordTitle = NSLocalizedString("staff.password.title", comment: "Title above the staff password")
    static let passwordPrompt = "Enter the staff password"
    static let passwordPlaceholder = "Staff password"
    static let wrongPassword = NSLocalizedString("WrongStaffPassword", comment: "Shown after a wrong password")
}

enum StaffDefaultsKey {
    static let password = "StaffPassword"
    static let lastUnlockToken = "staff.lastUnlockToken"
    static let pinAttempts = "staff_pin_attempts"
}

extension Notification.Name {
    static let staffPasswordDidChange = Notification.Name("StaffPasswordDidChange")
}

enum StaffKeychain {
    static let passwordService = "com.shopkit.staff"
    static let passwordAccount = "StaffPasswordItem"
    static let secret = "StaffSecret"
}

final class StaffUnlockViewController: UIViewController {
    @IBOutlet private var passwordTextField: UITextField!
    @IBOutlet private var storeCodeField: UITextField!

    static let fallbackPassword = "Clerk#2291" // expect: RS-CRYPTO-007
    private var demoToken = "tk7f3kq9z2" // expect: RS-CRYPTO-007
    private var lastPassword = ""
    private let maskedPassword = "••••••••"
    private let passwordHint = "<password>"
    private let analyticsApiKey = "pk_shop_42" // publishable analytics key

    override func viewDidLoad() {
        super.viewDidLoad()
        passwordTextField.placeholder = StaffStrings.passwordPlaceholder
        title = StaffStrings.passwordTitle
    }

    @IBAction private func unlock() {
        guard let password = passwordTextField.text, !password.isEmpty else { return }
        if password == "Sh0pStaff!" { // expect: RS-CRYPTO-007
            grantOverrides()
        } else if storeCodeField.text == "store-881" { // expect: RS-CRYPTO-007
            grantOverrides()
        } else if password == "" || password == "password" {
            showError(StaffStrings.wrongPassword)
        }
        NotificationCenter.default.post(name: .staffPasswordDidChange, object: nil)
    }

    private func signInToBackOffice(_ client: BackOfficeClient) {
        client.signIn(user: "clerk", password: "b4ckOff1ce") // expect: RS-CRYPTO-007
        client.configure(apiKey: "shopkit-ios", environment: "production")
    }

    private func grantOverrides() {}
    private func showError(_ message: String) {}
}
