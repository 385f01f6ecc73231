import RampartPolicy
import RampartScan
import Testing

@Suite("Swift rules: storage (RS-STORAGE)", .timeLimit(.minutes(10)))
struct SwiftRulesStorageTests {
    typealias H = SwiftRulesHarness

    @Test("RS-STORAGE-001: kSecAttrAccessibleAlways… and a wrapper's .always; WhenUnlocked… is fine")
    func weakKeychainAccessibility() {
        let source = #"""
            let query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrAccessible as String: kSecAttrAccessibleAlways,
            ]
            let strict: [String: Any] = [kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly]
            let keychain = Keychain(service: "com.example").accessibility(.alwaysThisDeviceOnly)
            KeychainWrapper.standard.set(token, forKey: "token", withAccessibility: .always)
            let after = Keychain(service: "com.example").accessibility(.afterFirstUnlock)
            // Never use kSecAttrAccessibleAlways.
            """#
        #expect(
            H.positions(.weakKeychainAccessibility, in: source) == [
                H.at("kSecAttrAccessibleAlways,", in: source), H.at(".alwaysThisDeviceOnly", in: source),
                H.at(".always)", in: source),
            ])
    }

    @Test("RS-STORAGE-002: a secret (by key or by value) in UserDefaults, and @AppStorage; settings are fine")
    func secretInUserDefaults() {
        let source = #"""
            struct Session {
                @AppStorage("authToken") var storedToken = ""
                @AppStorage("hasSeenOnboarding") var seen = false
                func save(_ response: LoginResponse) {
                    UserDefaults.standard.set(response.accessToken, forKey: "access")
                    let defaults = UserDefaults(suiteName: "group.example")
                    defaults?.set(userPassword, forKey: "pw")
                    UserDefaults.standard.setValue("x", forKey: "password")
                    UserDefaults.standard.set(true, forKey: "hasSeenOnboarding")
                    UserDefaults.standard.set(12, forKey: "passwordMinLength")
                    UserDefaults.standard.set(deviceToken, forKey: "deviceToken")
                }
            }
            """#
        #expect(
            H.positions(.secretInUserDefaults, in: source) == [
                H.at("@AppStorage(\"authToken", in: source), H.at("UserDefaults.standard.set(response", in: source),
                H.at("defaults?.set", in: source), H.at("UserDefaults.standard.setValue", in: source),
            ])
    }

    @Test("RS-STORAGE-003: a secret written to a file or archived; other data is fine")
    func secretInPlainFile() {
        let source = #"""
            func persist(token: String, image: Data, folder: URL) throws {
                let data = token.data(using: .utf8)!
                try data.write(to: folder.appendingPathComponent("token"))
                let archive = try NSKeyedArchiver.archivedData(withRootObject: ["password": secretValue], requiringSecureCoding: true)
                try image.write(to: folder.appendingPathComponent("avatar.png"), options: .atomic)
                FileManager.default.createFile(atPath: "/tmp/x", contents: image)
                _ = archive
            }
            """#
        #expect(
            H.positions(.secretInPlainFile, in: source) == [
                H.at("data.write", in: source), H.at("NSKeyedArchiver", in: source),
            ])
    }

    @Test("RS-STORAGE-004: secrets in Realm/Core Data models, SQLite binds; Realm without encryptionKey is low")
    func unencryptedDatabaseSecret() {
        let source = #"""
            final class Account: Object {
                @Persisted var email = ""
                @Persisted var password = ""
            }
            final class CDUser: NSManagedObject {
                @NSManaged var authToken: String?
                @NSManaged var name: String?
            }
            func store(_ db: OpaquePointer, _ statement: OpaquePointer, secret: String) {
                sqlite3_bind_text(statement, 1, secret, -1, nil)
                sqlite3_bind_text(statement, 2, displayName, -1, nil)
                let plain = Realm.Configuration(schemaVersion: 2)
                _ = plain
            }
            """#
        let findings = H.findings(.unencryptedDatabaseSecret, in: source)
        #expect(
            findings.map { H.Position(line: $0.line, column: $0.column) } == [
                H.at("password = \"\"", in: source), H.at("authToken", in: source),
                H.at("sqlite3_bind_text(statement, 1", in: source),
                H.at("Realm.Configuration(schemaVersion", in: source),
            ])
        #expect(findings.map(\.severity) == [.medium, .medium, .medium, .low])
    }

    @Test("RS-STORAGE-004 look-alikes: Realm opened with an encryptionKey, non-secret columns and binds")
    func encryptedDatabase() {
        let source = #"""
            final class Account: Object {
                @Persisted var email = ""
                @Persisted var password = ""
            }
            func open(_ statement: OpaquePointer) throws -> Realm {
                sqlite3_bind_text(statement, 1, displayName, -1, nil)
                return try Realm(configuration: Realm.Configuration(encryptionKey: keyFromKeychain(), schemaVersion: 2))
            }
            """#
        #expect(H.findings(.unencryptedDatabaseSecret, in: source).isEmpty)
    }

    @Test("RS-STORAGE-005: a session cookie without Secure, or persisted; a Secure session cookie is fine")
    func secretInCookie() {
        let source = #"""
            let loose = HTTPCookie(properties: [
                .name: "sessionid", .value: sessionID, .domain: "example.com", .path: "/",
            ])
            let kept = HTTPCookie(properties: [
                .name: "prefs", .value: authToken, .secure: "TRUE", .expires: Date.distantFuture,
            ])
            let good = HTTPCookie(properties: [
                .name: "sessionid", .value: sessionID, .domain: "example.com", .path: "/", .secure: "TRUE",
            ])
            let theme = HTTPCookie(properties: [.name: "theme", .value: "dark", .domain: "example.com", .path: "/"])
            """#
        let findings = H.findings(.secretInCookie, in: source)
        #expect(
            findings.map { H.Position(line: $0.line, column: $0.column) } == [
                H.at("HTTPCookie(", in: source), H.at("HTTPCookie(", in: source, occurrence: 2),
            ])
        #expect(findings.first?.message.contains("is not Secure") == true)
        #expect(findings.last?.message.contains(".expires") == true)
    }

    @Test("RS-STORAGE-006: secrets to print, NSLog, os_log and Logger; private, counts and plain text are fine")
    func secretLogged() {
        let source = #"""
            func signIn(password: String, token: String) {
                print("login with \(password)")
                NSLog("token=%@", token)
                logger.debug("session \(session.refreshToken)")
                os_log("Password: %@", log: .default, type: .debug, password)
                logger.info("token \(token, privacy: .private)")
                os_log("token %{private}@", token)
                print("password length \(password.count)")
                print("password reset e-mail sent")
                print(passwordField.isHidden)
            }
            """#
        #expect(
            H.positions(.secretLogged, in: source) == [
                H.at("print(\"login", in: source), H.at("NSLog", in: source), H.at("logger.debug", in: source),
                H.at("os_log(\"Password", in: source),
            ])
    }
}
