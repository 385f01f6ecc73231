import RampartPolicy
import RampartScan
import Testing

@Suite("Swift rules: cryptography and code (RS-CRYPTO, RS-CODE)", .timeLimit(.minutes(10)))
struct SwiftRulesCryptoTests {
    typealias H = SwiftRulesHarness

    @Test("RS-CRYPTO-001: kCCOptionECBMode and CryptoSwift's ECB(); CBC with PKCS7 is not ECB")
    func ecbMode() {
        let source = #"""
            let options = CCOptions(kCCOptionPKCS7Padding | kCCOptionECBMode)
            let aes = try AES(key: key, blockMode: ECB(), padding: .pkcs7)
            let cbc = CCOptions(kCCOptionPKCS7Padding)
            // kCCOptionECBMode must never be used.
            """#
        #expect(
            H.positions(.ecbMode, in: source) == [H.at("kCCOptionECBMode", in: source), H.at("ECB()", in: source)])
    }

    @Test(
        "RS-CRYPTO-002: zero, literal and nil IVs, through a local constant; an IV filled by SecRandomCopyBytes is fine"
    )
    func staticIV() {
        let source = #"""
            func encrypt(_ data: Data, key: [UInt8]) -> Data {
                let iv = [UInt8](repeating: 0, count: kCCBlockSizeAES128)
                var out = [UInt8](repeating: 0, count: data.count + kCCBlockSizeAES128)
                var moved = 0
                CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                        key, key.count, iv, Array(data), data.count, &out, out.count, &moved)
                CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                        key, key.count, nil, Array(data), data.count, &out, out.count, &moved)
                let nonce = try AES.GCM.Nonce(data: Data("123456789012".utf8))
                var random = [UInt8](repeating: 0, count: kCCBlockSizeAES128)
                _ = SecRandomCopyBytes(kSecRandomDefault, random.count, &random)
                CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                        key, key.count, random, Array(data), data.count, &out, out.count, &moved)
                let sealed = try AES.GCM.seal(data, using: SymmetricKey(size: .bits256))
                return Data(out)
            }
            """#
        let findings = H.findings(.staticIV, in: source)
        #expect(
            findings.map { H.Position(line: $0.line, column: $0.column) } == [
                H.at("iv, Array", in: source), H.at("nil, Array", in: source), H.at("Data(\"1234", in: source),
            ])
        #expect(findings.first?.message.contains("iv, all zeros") == true)
    }

    @Test(
        "RS-CRYPTO-003: keys and passwords in the code flowing into CryptoKit, CommonCrypto, RNCryptor, reported where written"
    )
    func hardCodedKey() {
        let source = #"""
            enum Secrets {
                static let aesKey = "0123456789abcdef0123456789abcdef"
            }
            func seal(_ data: Data, userPassword: String) throws -> Data {
                let key = SymmetricKey(data: Data(Secrets.aesKey.utf8))
                let keyBytes: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08]
                CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), 0, keyBytes, 8, nil, nil, 0, nil, 0, nil)
                let message = RNCryptor.encrypt(data: data, withPassword: "correct horse battery")
                let fresh = SymmetricKey(size: .bits256)
                let mine = RNCryptor.encrypt(data: data, withPassword: userPassword)
                return try AES.GCM.seal(data, using: key).combined!
            }
            """#
        let findings = H.findings(.hardCodedKey, in: source)
        #expect(
            findings.map { H.Position(line: $0.line, column: $0.column) } == [
                H.at("\"0123456789abcdef", in: source), H.at("[0x01", in: source),
                H.at("\"correct horse", in: source),
            ])
        #expect(!findings.contains { $0.message.contains("0123456789abcdef") || $0.message.contains("correct horse") })
    }

    @Test("RS-CRYPTO-004: MD5/SHA-1 over a password is high, elsewhere low; SHA256 is not reported")
    func weakPasswordHash() {
        let source = #"""
            func login(password: String) -> String {
                let digest = Insecure.MD5.hash(data: Data(password.utf8))
                return digest.map { String(format: "%02x", $0) }.joined()
            }
            func cacheKey(for url: URL) -> String {
                Insecure.SHA1.hash(data: Data(url.absoluteString.utf8)).description
            }
            func hashPassword(_ text: String) -> [UInt8] {
                var digest = [UInt8](repeating: 0, count: Int(CC_SHA1_DIGEST_LENGTH))
                let data = Data(text.utf8)
                data.withUnsafeBytes { _ = CC_SHA1($0.baseAddress, CC_LONG(data.count), &digest) }
                return digest
            }
            func fingerprint(_ password: String) -> SHA256.Digest { SHA256.hash(data: Data(password.utf8)) }
            """#
        let findings = H.findings(.weakPasswordHash, in: source)
        #expect(
            findings.map { H.Position(line: $0.line, column: $0.column) } == [
                H.at("Insecure.MD5", in: source), H.at("Insecure.SHA1", in: source), H.at("CC_SHA1(", in: source),
            ])
        #expect(findings.map(\.severity) == [.high, .low, .high])
    }

    @Test("RS-CRYPTO-005: PBKDF2 under 10,000 rounds is high, under 600,000 with HMAC-SHA256 info; 600,000 is fine")
    func weakPBKDF2Iterations() {
        let source = #"""
            let rounds: UInt32 = 1000
            CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.count, salt, salt.count,
                                 CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA1), rounds, &derived, derived.count)
            CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.count, salt, salt.count,
                                 CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), 100_000, &derived, derived.count)
            CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.count, salt, salt.count,
                                 CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), 600_000, &derived, derived.count)
            let key = try PKCS5.PBKDF2(password: pw, salt: salt, iterations: 4096, keyLength: 32, variant: .sha2(.sha256))
            """#
        let findings = H.findings(.weakPBKDF2Iterations, in: source)
        #expect(
            findings.map { H.Position(line: $0.line, column: $0.column) } == [
                H.at("rounds, &derived", in: source), H.at("100_000", in: source), H.at("4096", in: source),
            ])
        #expect(findings.map(\.severity) == [.high, .info, .high])
    }

    @Test(
        "RS-CRYPTO-006: rand/random/drand48 making a key, a salt or a token; arc4random_buf and .random(in:) are fine")
    func insecureRandom() {
        let source = #"""
            func makeSessionToken() -> String { String(rand()) }
            func makeKey() -> [UInt8] {
                var key = [UInt8](repeating: 0, count: 32)
                arc4random_buf(&key, key.count)
                return key
            }
            let salt = (0..<16).map { _ in UInt8(random() % 256) }
            let tint = Double(drand48())
            let dice = Int.random(in: 1...6)
            """#
        let findings = H.findings(.insecureRandom, in: source)
        #expect(
            findings.map { H.Position(line: $0.line, column: $0.column) } == [
                H.at("rand()", in: source), H.at("random()", in: source),
            ])
        #expect(findings.last?.message.contains("salt") == true)
    }

    @Test(
        "RS-CRYPTO-007: known prefixes and high-entropy values given to secret names; placeholders and key names are fine"
    )
    func hardCodedSecret() {
        let source = #"""
            enum Config {
                static let stripeKey = "sk_live_4eC39HqLyjWDarjtT1zdp7dc"
                static let apiKey = "9f8e7d6c5b4aQ1W2E3R4T5Y6U7I8O9P0"
                static let clientSecret = "YOUR_CLIENT_SECRET_HERE_1234567"
                static let tokenKey = "auth_token"
                static let token = ""
                static let accessTokenName = "X-Access-Token"
                static let greeting = "kq83NDu29dkqLQ0pZm1Xv7Yb"
            }
            let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
            """#
        let findings = H.findings(.hardCodedSecret, in: source)
        #expect(
            findings.map { H.Position(line: $0.line, column: $0.column) } == [
                H.at("\"sk_live", in: source), H.at("\"9f8e", in: source), H.at("\"eyJ", in: source),
            ])
        #expect(!findings.contains { $0.message.contains("4eC39HqLyjWDarjtT1zdp7dc") })
        #expect(findings.first?.message.contains("Stripe") == true)
    }

    @Test(
        "RS-CODE-001: SQL built by interpolation or + (for SQLite, FMDB, GRDB); bound parameters and constants are fine"
    )
    func sqlInjection() {
        let source = #"""
            func find(_ db: OpaquePointer, name: String, queue: DatabaseQueue, fmdb: FMDatabase) throws {
                let sql = "SELECT * FROM users WHERE name = '\(name)'"
                sqlite3_exec(db, sql, nil, nil, nil)
                let rows = try fmdb.executeQuery("SELECT * FROM notes WHERE owner = '" + name + "'", values: nil)
                try queue.write { db in try db.execute(sql: "DELETE FROM notes WHERE id = \(name)") }
                var statement: OpaquePointer?
                sqlite3_prepare_v2(db, "SELECT * FROM users WHERE name = ?", -1, &statement, nil)
                sqlite3_bind_text(statement, 1, name, -1, nil)
                try queue.write { db in try db.execute(sql: "DELETE FROM notes WHERE id = ?", arguments: [name]) }
                let table = "notes"
                try queue.write { db in try db.execute(sql: "DELETE FROM \(table)") }
                let message = "Hello \(name)"
                _ = (rows, message)
            }
            """#
        let findings = H.findings(.sqlInjection, in: source)
        #expect(
            findings.map { H.Position(line: $0.line, column: $0.column) } == [
                H.at("\"SELECT * FROM users WHERE name = '", in: source), H.at("\"SELECT * FROM notes", in: source),
                H.at("\"DELETE FROM notes WHERE id = \\(", in: source),
            ])
        #expect(findings.first?.message.contains("name") == true)
    }

    @Test("RS-CODE-001: table and column names, enum values, numbers and ? lists in SQL that binds its values")
    func sqlInjectionFixedPieces() {
        let source = #"""
            enum Kind: String { case audio, video }
            struct Schema { static let noteTable = "notes" }
            final class NoteStore {
                static let tableName = "notes"
                let columnNames = ["id", "title", "body"]
                func notes(ids: [Int64], limit: Int, offset: Int, ascending: Bool, kind: Kind, db: FMDatabase,
                           queue: DatabaseQueue, handle: OpaquePointer) throws {
                    let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
                    _ = try db.executeQuery("SELECT * FROM \(Self.tableName) WHERE id IN (\(marks)) LIMIT \(limit)", values: ids)
                    _ = try db.executeQuery(
                        "SELECT * FROM \(Schema.noteTable) WHERE kind = '\(kind.rawValue)' AND id IN (\(ids.map { _ in "?" }.joined(separator: ",")))",
                        values: ids)
                    let insert = "INSERT INTO \(Self.tableName) (\(columnNames.joined(separator: ","))) VALUES (\(columnNames.map { _ in "?" }.joined(separator: ", ")))"
                    try db.executeUpdate(insert, values: [])
                    try queue.write { db in
                        try db.execute(sql: "DELETE FROM \(Self.tableName) WHERE rowid > \(ids.count + offset) AND kind = '\(Kind.audio)'")
                    }
                    let order = ascending ? "ASC" : "DESC"
                    sqlite3_exec(handle, "SELECT * FROM \(Self.tableName) ORDER BY title \(order)", nil, nil, nil)
                    let page = String(format: "SELECT * FROM notes LIMIT %d OFFSET %ld", limit, offset)
                    sqlite3_exec(handle, page, nil, nil, nil)
                }
            }
            """#
        #expect(H.findings(.sqlInjection, in: source).isEmpty)
    }

    @Test("RS-CODE-001: log text that starts like SQL, and SQL text that no database runs, are not findings")
    func sqlInjectionNeedsASink() {
        let source = #"""
            func report(error: Error, user: String, logger: Logger, label: UILabel) {
                print("Delete account failed: \(error)")
                logger.info("Update profile set for \(user) where allowed")
                FileLog.shared.addMessage("Insert into queue failed \(error.localizedDescription)")
                let preview = "DELETE FROM notes WHERE owner = '\(user)'"
                label.text = preview
            }
            """#
        #expect(H.findings(.sqlInjection, in: source).isEmpty)
    }

    @Test(
        "RS-CODE-001: a typed value spliced into SQL that SQLite, FMDB or GRDB runs; the message names piece and sink")
    func sqlInjectionNamesPieceAndSink() {
        let source = #"""
            func search(term: String, db: FMDatabase, queue: DatabaseQueue, handle: OpaquePointer, field: UITextField) throws {
                let typed = field.text ?? ""
                let query = "SELECT * FROM notes WHERE title LIKE '%\(typed)%'"
                sqlite3_exec(handle, query, nil, nil, nil)
                _ = try db.executeQuery("SELECT * FROM notes WHERE owner = '\(term)' LIMIT \(10)", values: nil)
                let rows = try queue.read { db in try Row.fetchAll(db, sql: "SELECT * FROM notes WHERE tag = '" + term + "'") }
                try queue.write { db in try db.execute(sql: String(format: "DELETE FROM notes WHERE title = '%@'", term)) }
                _ = rows
            }
            """#
        let findings = H.findings(.sqlInjection, in: source)
        #expect(
            findings.map { H.Position(line: $0.line, column: $0.column) } == [
                H.at("\"SELECT * FROM notes WHERE title", in: source),
                H.at("\"SELECT * FROM notes WHERE owner", in: source),
                H.at("\"SELECT * FROM notes WHERE tag", in: source), H.at("String(format:", in: source),
            ])
        let messages = findings.map(\.message)
        #expect(messages.count == 4)
        for (message, (piece, sink)) in zip(
            messages, [("typed", "sqlite3_exec"), ("term", "executeQuery"), ("term", "fetchAll"), ("term", "execute")])
        {
            #expect(message.contains("`\(piece)`") && message.contains("reaches \(sink)"), "\(message)")
        }
    }
}
