import RampartPolicy
import RampartScan
import Testing

private typealias H = SwiftRulesHarness

/// RS-CRYPTO-007 on short credentials, found by their use rather than their randomness (issue 41): a password
/// bound to a credential name, compared with input, passed as a password argument, stored under a credential
/// key, or shipped in a bundled plist; and the look-alikes production apps are full of (defaults keys, keychain
/// item names, localized strings, notification names, placeholders, publishable client keys), which stay quiet.
@Suite("Hard-coded credentials by use", .timeLimit(.minutes(10)))
struct HardCodedCredentialTests {
    static func objectiveCFindings(_ source: String) -> [ScanFinding] {
        ObjectiveCAnalyzer().analyze(ScanFile(path: "App/Login.m", contents: Array(source.utf8))).findings
            .filter { $0.ruleID == ScanRule.hardCodedSecret.id }
    }

    static func plist(_ text: String, path: String) -> [ScanFinding] {
        PropertyListAnalyzer().analyze(ScanFile(path: path, contents: Array(text.utf8))).findings
            .filter { $0.ruleID == ScanRule.hardCodedSecret.id }
    }

    @Test("Swift: a password bound, compared, passed or stored under PIN; keys and placeholders stay quiet")
    func swift() {
        let source = #"""
            fileprivate let CookiePassword = "dvpassword"
            final class LoginViewController: UIViewController {
                static let sessionTokenValue = "dfr3kjsdf5"
                var encryptionKey = "myencrytionkey"
                func login() {
                    let password = "ev8848@1953"
                    user.password = "coredbpassword"
                    if passwordTextField.text == "S@g@rm@7h@8848" { unlock() }
                    if enteredPassword != "This!sA5Ecret" { return }
                    let data = RNDecryptor.decryptData(blob, withPassword: "@daloq3as")
                    secureStore(userName: "iGoat", password: "taoGi")
                    UserDefaults.standard.set("53cr3tP", forKey: "PIN")
                }
            }
            enum Keys {
                static let password = "UserPassword"
                static let passwordKey = "kPasswordKey1"
                static let keychainPassword = "com.example.app.password"
                static let authToken = "auth_token"
                static let passwordDidChangeNotification = "PasswordDidChange42"
                static let passwordIdentifier = "passwordCell7"
                static let passwordTitle = "Pass word"
                static let passwordPlaceholder = "hunter22"
            }
            func fill() {
                let password = NSLocalizedString("Localizable", comment: "password field")
                let token = ""
                var secret = "********"
                let pwd = "<password>"
                let apiToken = "YOUR_API_KEY"
                let password2 = "password"
                let passwordHint = "At least 8 characters"
                let pin = "%@-%d"
                let analyticsApiKey = "UA-6310-1"
                Purchases.configure(withAPIKey: "appl_abc")
                if label.text == "Log in" { show() }
                if mode == "password" { show() }
                Parse.setApplicationId("app", clientKey: "parsekey1")
                UserDefaults.standard.set(true, forKey: "PINEnabled")
                UserDefaults.standard.set("dark", forKey: "theme")
            }
            """#
        let findings = H.findings(.hardCodedSecret, in: source)
        #expect(
            findings.map { H.Position(line: $0.line, column: $0.column) } == [
                H.at("\"dvpassword", in: source), H.at("\"dfr3", in: source), H.at("\"myencrytionkey", in: source),
                H.at("\"ev8848", in: source), H.at("\"coredbpassword", in: source), H.at("\"S@g@", in: source),
                H.at("\"This!", in: source), H.at("\"@daloq", in: source), H.at("\"taoGi", in: source),
                H.at("\"53cr3tP", in: source),
            ])
        #expect(
            findings.map(\.severity) == [
                .medium, .medium, .medium, .medium, .medium, .high, .high, .high, .high, .medium,
            ])
        for value in ["dvpassword", "ev8848", "S@g@rm", "taoGi", "53cr3tP"] {
            #expect(!findings.contains { $0.message.contains(value) })
        }
        #expect(findings[5].message.contains("passwordTextField"))
    }

    @Test("Objective-C: constants, assignments, isEqualToString:, PIN defaults; keys and placeholders stay quiet")
    func objectiveC() {
        let source = #"""
            static NSString *const CookiePassword = @"dvpassword";
            #define kAdminPassword @"P2ssw0rd"
            @implementation LoginViewController
            - (void)viewDidLoad {
                self.password = @"P2ssw0rd";
                NSString *passwd = @"MYw0r1d1821";
                if ([self.passwordTextField.text isEqualToString:@"This!sA5Ecret"]) { [self unlock]; }
                if (![self.theTextField.text isEqualToString:@"root"]) { return; }
                [[NSUserDefaults standardUserDefaults] setObject:@"53cr3tP" forKey:@"PIN"];
            }
            @end
            static NSString *const kPasswordKey = @"UserPassword";
            static NSString *const PasswordDidChangeNotification = @"PasswordDidChangeNotification";
            static NSString *const kKeychainPassword = @"com.example.app.password";
            static NSString *const GoogleAnalyticsApiKey = @"UA-63106875-1";
            #define kParseClientKey @"R8fRtBGNuD"
            #define kTokenKey @"TPE1"
            @implementation SettingsViewController
            - (void)viewDidLoad {
                self.passwordLabel.text = NSLocalizedString(@"Password", nil);
                self.password = @"";
                self.password = @"********";
                NSString *token = @"<token>";
                NSString *secret = @"YOUR_API_KEY";
                NSString *pwd = [NSString stringWithFormat:@"%@%d", name, 4];
                self.passwordHint = @"Choose a long one";
                if ([self.modeField.text isEqualToString:@""]) { return; }
                if ([mode isEqualToString:@"password"]) { return; }
                [[NSUserDefaults standardUserDefaults] setObject:@"dark" forKey:@"theme"];
                [[NSNotificationCenter defaultCenter] postNotificationName:@"PasswordChanged" object:nil];
            }
            @end
            """#
        let findings = Self.objectiveCFindings(source).sorted { $0.line < $1.line }
        #expect(findings.map(\.line) == [1, 2, 5, 6, 7, 8, 9])
        #expect(findings.map(\.severity) == [.medium, .medium, .medium, .medium, .high, .high, .medium])
        #expect(!findings.contains { $0.message.contains("P2ssw0rd") || $0.message.contains("This!sA5Ecret") })
    }

    @Test(
        "Property lists: a password in a bundled plist; placeholders and build settings are not, Info.plist keys are not read"
    )
    func propertyLists() {
        let credentials = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>User</key>
            \t<string>admin</string>
            \t<key>Password</key>
            \t<string>Secret@123</string>
            \t<key>Server</key>
            \t<dict>
            \t\t<key>AuthToken</key>
            \t\t<string>$(AUTH_TOKEN)</string>
            \t\t<key>PasswordKey</key>
            \t\t<string>dvpass123</string>
            \t</dict>
            </dict>
            </plist>
            """
        let findings = Self.plist(credentials, path: "App/Credentials.plist")
        #expect(findings.map(\.line) == [7])
        #expect(findings.first?.severity == .medium)
        #expect(findings.first?.message.contains("Secret@123") == false)
        let info = credentials.replacingOccurrences(
            of: "<dict>\n\t<key>User</key>",
            with: "<dict>\n\t<key>CFBundleIdentifier</key><string>a.b</string>\n\t<key>User</key>")
        #expect(Self.plist(info, path: "App/Info.plist").isEmpty)
    }
}
