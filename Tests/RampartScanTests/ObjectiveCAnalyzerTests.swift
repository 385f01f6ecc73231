import RampartPolicy
import Testing

@testable import RampartScan

/// Each Objective-C rule: code that breaks it (found, on the right line, naming the thing) and a look-alike that
/// must stay quiet (comments, safe variants, idioms from real apps).
@Suite("Objective-C analyzer", .timeLimit(.minutes(10)))
struct ObjectiveCAnalyzerTests {
    static func findings(_ source: String, path: String = "App/Source.m") -> [ScanFinding] {
        ObjectiveCAnalyzer().analyze(ScanFile(path: path, contents: Array(source.utf8))).findings
    }

    static func lines(_ rule: ScanRule, in source: String) -> [Int] {
        findings(source).filter { $0.ruleID == rule.id }.map(\.line)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var rule: ScanRule
        var positive: String
        /// The lines the positive's findings are on.
        var lines: [Int]
        /// Words the first finding's message names.
        var names: [String]
        var lookAlike: String
        var testDescription: String { rule.id }
    }

    static let cases: [Case] = [
        Case(
            rule: .cleartextHTTPURL,
            positive: """
                #define kBase @"http://api.example.com/v1"
                NSURL *u = [NSURL URLWithString:@"http://api.example.com/login"];
                NSURL *v = [NSURL URLWithString:kBase];
                """, lines: [1, 2], names: ["http://api.example.com"],
            lookAlike: """
                // NSURL *u = [NSURL URLWithString:@"http://api.example.com"];
                [parser setNamespace:@"http://www.w3.org/2000/svg"];
                NSString *xmlns = @"http://schemas.xmlsoap.org/soap/envelope/";
                NSURL *s = [NSURL URLWithString:@"https://api.example.com"];
                """),
        Case(
            rule: .trustAllDelegate,
            positive: """
                - (void)connection:(NSURLConnection *)c willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)ch {
                    [ch.sender useCredential:[NSURLCredential credentialForTrust:ch.protectionSpace.serverTrust] forAuthenticationChallenge:ch];
                }
                """, lines: [1], names: ["willSendRequestForAuthenticationChallenge"],
            lookAlike: """
                - (void)URLSession:(NSURLSession *)s didReceiveChallenge:(NSURLAuthenticationChallenge *)ch completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))done {
                    SecTrustRef trust = ch.protectionSpace.serverTrust;
                    CFErrorRef error = NULL;
                    if (SecTrustEvaluateWithError(trust, &error)) {
                        done(NSURLSessionAuthChallengeUseCredential, [NSURLCredential credentialForTrust:trust]);
                    } else {
                        done(NSURLSessionAuthChallengeCancelAuthenticationChallenge, nil);
                    }
                }
                """),
        Case(
            rule: .trustResultIgnored,
            positive: """
                - (BOOL)check:(SecTrustRef)trust {
                    SecTrustResultType result;
                    SecTrustEvaluate(trust, &result);
                    return YES;
                }
                - (void)other:(SecTrustRef)trust {
                    SecTrustEvaluateWithError(trust, NULL);
                }
                """, lines: [3, 7], names: ["result"],
            lookAlike: """
                - (BOOL)check:(SecTrustRef)trust {
                    SecTrustResultType result;
                    SecTrustEvaluate(trust, &result);
                    return result == kSecTrustResultUnspecified || result == kSecTrustResultProceed;
                }
                - (BOOL)other:(SecTrustRef)trust {
                    return SecTrustEvaluateWithError(trust, NULL);
                }
                """),
        Case(
            rule: .allowsAnyHTTPSCertificate,
            positive: """
                [NSURLRequest setAllowsAnyHTTPSCertificate:YES forHost:@"staging.example.com"];
                @implementation NSURLRequest (Insecure)
                + (BOOL)allowsAnyHTTPSCertificateForHost:(NSString *)host { return YES; }
                @end
                """, lines: [1, 3], names: ["staging.example.com"],
            lookAlike: """
                [NSURLRequest setAllowsAnyHTTPSCertificate:NO forHost:@"staging.example.com"];
                // + (BOOL)allowsAnyHTTPSCertificateForHost:(NSString *)host { return YES; }
                @implementation NSURLRequest (Strict)
                + (BOOL)allowsAnyHTTPSCertificateForHost:(NSString *)host { return NO; }
                @end
                """),
        Case(
            rule: .webViewIgnoresTLSErrors,
            positive: """
                - (void)webView:(WKWebView *)webView didReceiveAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
                    completionHandler(NSURLSessionAuthChallengeUseCredential, [NSURLCredential credentialForTrust:challenge.protectionSpace.serverTrust]);
                }
                """, lines: [1], names: ["webView"],
            lookAlike: """
                - (void)webView:(WKWebView *)webView didReceiveAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
                    completionHandler(NSURLSessionAuthChallengePerformDefaultHandling, nil);
                }
                """),
        Case(
            rule: .pinningWithoutBackup,
            positive: """
                NSDictionary *config = @{ kTSKPinnedDomains: @{ @"api.example.com": @{
                    kTSKPublicKeyHashes: @[ @"Vjs8r4z+80wjNcr1YKepWQboSIRi63WsWXhIMN+eWys=" ] } } };
                static NSArray *Pins(void) { return @[ @"r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=" ]; }
                """, lines: [2, 3], names: ["api.example.com"],
            lookAlike: """
                NSDictionary *config = @{ kTSKPinnedDomains: @{ @"api.example.com": @{
                    kTSKPublicKeyHashes: @[ @"Vjs8r4z+80wjNcr1YKepWQboSIRi63WsWXhIMN+eWys=",
                                            @"r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=" ] } } };
                NSArray *names = @[ @"one" ];
                """),
        Case(
            rule: .urlCacheForAuthenticated,
            positive: """
                [request setValue:token forHTTPHeaderField:@"Authorization"];
                request.cachePolicy = NSURLRequestReturnCacheDataElseLoad;
                """, lines: [2], names: ["NSURLRequestReturnCacheDataElseLoad"],
            lookAlike: """
                NSURLSessionConfiguration *c = [NSURLSessionConfiguration ephemeralSessionConfiguration];
                [request setValue:token forHTTPHeaderField:@"Authorization"];
                request.cachePolicy = NSURLRequestReloadIgnoringLocalCacheData;
                """),
        Case(
            rule: .uiWebView,
            positive: """
                UIWebView *web = [[UIWebView alloc] initWithFrame:self.view.bounds];
                """, lines: [1], names: ["UIWebView"],
            lookAlike: """
                // Migrated from UIWebView to WKWebView in 2019.
                WKWebView *web = [[WKWebView alloc] initWithFrame:self.view.bounds];
                NSString *note = @"UIWebView is gone";
                """),
        Case(
            rule: .webViewHTMLFromInput,
            positive: """
                - (void)show:(NSString *)name {
                    [self.webView loadHTMLString:[NSString stringWithFormat:@"<h1>Hello %@</h1>", name] baseURL:nil];
                }
                """, lines: [2], names: ["name"],
            lookAlike: """
                - (void)show {
                    [self.webView loadHTMLString:@"<h1>Hello</h1>" baseURL:nil];
                }
                """),
        Case(
            rule: .generalPasteboardSecret,
            positive: """
                [[UIPasteboard generalPasteboard] setString:self.passwordField.text];
                [UIPasteboard generalPasteboard].string = otp;
                """, lines: [1, 2], names: ["passwordField.text"],
            lookAlike: """
                [UIPasteboard generalPasteboard].string = self.accountNumberLabel.text;
                [[UIPasteboard pasteboardWithName:@"app" create:YES] setString:password];
                [UIPasteboard generalPasteboard].string = [NSString stringWithFormat:@"%lu", (unsigned long)password.length];
                """),
        Case(
            rule: .weakKeychainAccessibility,
            positive: """
                query[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleAlways;
                """, lines: [1], names: ["kSecAttrAccessibleAlways"],
            lookAlike: """
                query[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                // never kSecAttrAccessibleAlways
                """),
        Case(
            rule: .secretInUserDefaults,
            positive: """
                [[NSUserDefaults standardUserDefaults] setObject:password forKey:@"password"];
                NSUserDefaults *defaults = [NSUserDefaults standardUserDefaults];
                [defaults setObject:value forKey:@"authToken"];
                """, lines: [1, 3], names: ["password"],
            lookAlike: """
                [[NSUserDefaults standardUserDefaults] setObject:username forKey:@"lastUsername"];
                [[NSUserDefaults standardUserDefaults] setBool:YES forKey:@"hasSeenPasswordHint"];
                [keychain setObject:password forKey:@"password"];
                """),
        Case(
            rule: .secretInPlainFile,
            positive: """
                - (void)save:(NSString *)apiToken to:(NSString *)path {
                    [apiToken writeToFile:path atomically:YES encoding:NSUTF8StringEncoding error:NULL];
                }
                - (void)snapshot:(NSDictionary *)s password:(NSString *)password path:(NSString *)path {
                    NSMutableDictionary *contents = [s mutableCopy];
                    contents[@"password"] = password;
                    [contents writeToFile:path atomically:YES];
                }
                """, lines: [2, 7], names: ["apiToken"],
            lookAlike: """
                - (void)save:(NSDictionary *)settings to:(NSString *)path {
                    [settings writeToFile:path atomically:YES];
                }
                - (void)save:(NSData *)token at:(NSURL *)url {
                    [token writeToURL:url options:NSDataWritingFileProtectionComplete error:NULL];
                }
                """),
        Case(
            rule: .unencryptedDatabaseSecret,
            positive: """
                sqlite3_prepare_v2(db, "INSERT INTO users (name, password) VALUES (?, ?)", -1, &stmt, NULL);
                - (void)store:(NSString *)accessToken {
                    NSManagedObject *account = [NSEntityDescription insertNewObjectForEntityForName:@"Account" inManagedObjectContext:ctx];
                    [account setValue:accessToken forKey:@"accessToken"];
                }
                """, lines: [1, 4], names: ["password"],
            lookAlike: """
                sqlite3_key(db, key.bytes, (int)key.length);
                sqlite3_prepare_v2(db, "INSERT INTO users (name, password) VALUES (?, ?)", -1, &stmt, NULL);
                """),
        Case(
            rule: .secretInCookie,
            positive: """
                NSHTTPCookie *c = [NSHTTPCookie cookieWithProperties:@{
                    NSHTTPCookieName: @"session_token", NSHTTPCookieValue: token, NSHTTPCookieDomain: @"example.com" }];
                """, lines: [1], names: ["session_token"],
            lookAlike: """
                NSHTTPCookie *c = [NSHTTPCookie cookieWithProperties:@{
                    NSHTTPCookieName: @"session_token", NSHTTPCookieValue: token, NSHTTPCookieSecure: @"TRUE" }];
                NSHTTPCookie *d = [NSHTTPCookie cookieWithProperties:@{ NSHTTPCookieName: @"theme", NSHTTPCookieValue: @"dark" }];
                """),
        Case(
            rule: .secretLogged,
            positive: """
                NSLog(@"login %@ with %@", user, password);
                os_log_debug(log, "token %{public}@", self.authToken);
                """, lines: [1, 2], names: ["password"],
            lookAlike: """
                NSLog(@"password length %lu", (unsigned long)password.length);
                // NSLog(@"%@", password);
                os_log(log, "token %{private}@", token);
                NSLog(@"isPasswordValid %d", isPasswordValid);
                """),
        Case(
            rule: .ecbMode,
            positive: """
                CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding | kCCOptionECBMode, key, 32, NULL, in, n, out, m, &moved);
                """, lines: [1], names: ["kCCOptionECBMode"],
            lookAlike: """
                // kCCOptionECBMode is never used here
                CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, key, 32, iv, in, n, out, m, &moved);
                """),
        Case(
            rule: .staticIV,
            positive: """
                static const char kIV[16] = "0000000000000000";
                - (void)a { CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, key, 32, kIV, in, n, out, m, &moved); }
                - (void)b { CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, key, 32, NULL, in, n, out, m, &moved); }
                - (void)c {
                    uint8_t iv[16] = {0};
                    CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, key, 32, iv, in, n, out, m, &moved);
                }
                """, lines: [1, 3, 6], names: ["kIV"],
            lookAlike: """
                - (void)c {
                    uint8_t iv[16];
                    SecRandomCopyBytes(kSecRandomDefault, sizeof(iv), iv);
                    CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, key, 32, iv, in, n, out, m, &moved);
                }
                """),
        Case(
            rule: .hardCodedKey,
            positive: """
                static NSString *const kSecretKey = @"LegacyApp$ecretKey2016!";
                - (void)a {
                    NSData *key = [kSecretKey dataUsingEncoding:NSUTF8StringEncoding];
                    CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, key.bytes, 32, iv, in, n, out, m, &moved);
                    NSData *e = [RNEncryptor encryptData:data withSettings:kRNCryptorAES256Settings password:@"hunter2" error:&error];
                }
                """, lines: [1, 5], names: ["kSecretKey"],
            lookAlike: """
                - (void)a:(NSData *)key {
                    CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, key.bytes, 32, iv, in, n, out, m, &moved);
                    NSData *e = [RNEncryptor encryptData:data withSettings:kRNCryptorAES256Settings password:self.passwordField.text error:&error];
                }
                """),
        Case(
            rule: .weakPasswordHash,
            positive: """
                CC_SHA1(password.UTF8String, (CC_LONG)strlen(password.UTF8String), digest);
                """, lines: [1], names: ["password"],
            lookAlike: """
                CC_SHA256(password.UTF8String, (CC_LONG)strlen(password.UTF8String), digest);
                // CC_MD5(password.UTF8String, ...)
                """),
        Case(
            rule: .weakPBKDF2Iterations,
            positive: """
                #define kRounds 5000
                CCKeyDerivationPBKDF(kCCPBKDF2, pw, pwLen, salt, 16, kCCPRFHmacAlgSHA1, kRounds, out, 32);
                """, lines: [2], names: ["5000"],
            lookAlike: """
                CCKeyDerivationPBKDF(kCCPBKDF2, pw, pwLen, salt, 16, kCCPRFHmacAlgSHA256, 600000, out, 32);
                CCKeyDerivationPBKDF(kCCPBKDF2, pw, pwLen, salt, 16, kCCPRFHmacAlgSHA256, rounds, out, 32);
                """),
        Case(
            rule: .insecureRandom,
            positive: """
                for (int i = 0; i < 16; i++) { ivBytes[i] = rand() % 256; }
                - (NSString *)generateToken { srand((unsigned)time(NULL)); return [NSString stringWithFormat:@"%d", random()]; }
                """, lines: [1, 2, 2], names: ["rand"],
            lookAlike: """
                int dice = rand() % 6 + 1;
                arc4random_buf(keyBytes, sizeof(keyBytes));
                SecRandomCopyBytes(kSecRandomDefault, 16, ivBytes);
                """),
        Case(
            rule: .hardCodedSecret,
            positive: """
                static NSString *const kMapsKey = @"AIzaSyD3kF9xQ2mLp7VbR8tYw1Zc4Nh6Jg0EaUs";
                static NSString *const kClientSecret = @"9f8a7c6e5d4b3a2f1e0d9c8b7a6f5e4d";
                """, lines: [1, 2], names: ["Google API key"],
            lookAlike: """
                static NSString *const kCrashReporterKey = @"YOUR_CRASH_REPORTER_KEY";
                static NSString *const kPasswordKey = @"password";
                // AIzaSyD3kF9xQ2mLp7VbR8tYw1Zc4Nh6Jg0EaUs was revoked
                """),
        Case(
            rule: .sqlInjection,
            positive: """
                - (void)find:(NSString *)name {
                    NSString *sql = [NSString stringWithFormat:@"SELECT * FROM users WHERE name = '%@'", name];
                    sqlite3_exec(db, [sql UTF8String], NULL, NULL, NULL);
                }
                """, lines: [2], names: ["SELECT"],
            lookAlike: """
                - (void)recent:(NSInteger)limit {
                    NSString *sql = [NSString stringWithFormat:@"SELECT id FROM t ORDER BY rowid DESC LIMIT %ld", (long)limit];
                    sqlite3_prepare_v2(db, "SELECT * FROM users WHERE name = ?", -1, &stmt, NULL);
                }
                """),
        Case(
            rule: .sqlInjection,
            positive: """
                - (FMResultSet *)notesForOwner:(NSString *)owner {
                    NSString *sql = [NSString stringWithFormat:@"SELECT * FROM %@ WHERE owner = '%@'", kNotesTable, owner];
                    return [self.db executeQuery:sql];
                }
                - (void)purge:(NSString *)tag { [self.db executeUpdate:[NSString stringWithFormat:@"DELETE FROM notes WHERE tag = '%@'", tag]]; }
                """, lines: [2, 5], names: ["`owner`", "executeQuery"],
            lookAlike: """
                static NSString *const kNotesTable = @"notes";
                #define NOTES_COLUMNS @"id, title"
                - (FMResultSet *)recent:(NSInteger)limit since:(double)since {
                    NSString *sql = [NSString stringWithFormat:@"SELECT %@ FROM %@ WHERE modified > %f ORDER BY id LIMIT %ld", NOTES_COLUMNS, kNotesTable, since, (long)limit];
                    return [self.db executeQuery:sql];
                }
                - (void)dropIndex { [self.db executeUpdate:[NSString stringWithFormat:@"DROP INDEX IF EXISTS %@", [self indexName]]]; }
                - (void)logFailure:(NSError *)error { NSLog(@"%@", [NSString stringWithFormat:@"Delete from cache failed where %@", error]); }
                - (void)describe:(NSString *)name { self.label.text = [NSString stringWithFormat:@"SELECT * FROM notes WHERE name = '%@'", name]; }
                """),
    ]

    @Test("each rule finds the positive, on its lines, naming the thing", arguments: cases)
    func positive(_ testCase: Case) throws {
        let found = Self.findings(testCase.positive).filter { $0.ruleID == testCase.rule.id }
        #expect(found.map(\.line) == testCase.lines, "\(found)")
        let first = try #require(found.first)
        for name in testCase.names {
            #expect(first.message.contains(name), "\(first.message)")
        }
        #expect(first.path == "App/Source.m")
        #expect(first.column >= 1)
    }

    @Test("each rule stays quiet on its look-alike", arguments: cases)
    func lookAlike(_ testCase: Case) {
        let found = Self.findings(testCase.lookAlike).filter { $0.ruleID == testCase.rule.id }
        #expect(found.isEmpty, "\(found)")
    }

    @Test("http://localhost is info, not a finding of a request to the internet")
    func localhost() {
        let found = Self.findings(#"NSURL *u = [NSURL URLWithString:@"http://localhost:8080/debug"];"#)
        #expect(found.map(\.severity) == [.info])
    }

    @Test("MD5 of something that is no secret is low")
    func md5Checksum() {
        let found = Self.findings("CC_MD5(data.bytes, (CC_LONG)data.length, digest);")
        #expect(found.map(\.severity) == [.low])
        #expect(found.first?.ruleID == ScanRule.weakPasswordHash.id)
    }

    @Test("PBKDF2 with HMAC-SHA256 under 600,000 rounds is info")
    func pbkdf2Info() {
        let found = Self.findings(
            "CCKeyDerivationPBKDF(kCCPBKDF2, pw, n, salt, 16, kCCPRFHmacAlgSHA256, 210000, out, 32);")
        #expect(found.map(\.severity) == [.info])
    }

    @Test("the analyzer reads .m, .mm and .h files only")
    func accepts() {
        let analyzer = ObjectiveCAnalyzer()
        #expect(analyzer.accepts(path: "A/B.m", prefix: []))
        #expect(analyzer.accepts(path: "A/B.mm", prefix: []))
        #expect(analyzer.accepts(path: "A/B.h", prefix: []))
        #expect(!analyzer.accepts(path: "A/B.swift", prefix: []))
        #expect(!analyzer.accepts(path: "A/B.md", prefix: []))
    }

    @Test("bytes that are not UTF-8 and unterminated constructs are analyzed without a crash")
    func hostileInput() {
        // The cleartext URL before the hostile part must still be found: an analysis that gave up on the
        // file (no findings at all) would pass the other check.
        let bytes: [UInt8] =
            Array("NSURL *u = [NSURL URLWithString:@\"http://api.example.com/login\"];\n".utf8)
            + Array("NSLog(@\"%@\", password".utf8) + [0xFF, 0xC0] + Array(" /* kSecAttrAccessibleAlways".utf8)
        let result = ObjectiveCAnalyzer().analyze(ScanFile(path: "x.m", contents: bytes))
        #expect(result.findings.filter { $0.ruleID == ScanRule.cleartextHTTPURL.id }.map(\.line) == [1])
        #expect(!result.findings.contains { $0.ruleID == ScanRule.weakKeychainAccessibility.id })
    }

    @Test("a challenge answered after a security policy's evaluateServerTrust:forDomain: is no trust bypass")
    func securityPolicyEvaluation() {
        // AFNetworking's shape: the policy evaluates the trust and guards the credential. A property of the policy
        // read on the way (validatesDomainName) is no evaluation: without the call, the rule still fires.
        let guarded = """
            - (void)URLSession:(NSURLSession *)session didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
             completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
                NSURLSessionAuthChallengeDisposition disposition = NSURLSessionAuthChallengePerformDefaultHandling;
                NSURLCredential *credential = nil;
                if ([self.policy evaluateServerTrust:challenge.protectionSpace.serverTrust
                                           forDomain:challenge.protectionSpace.host]) {
                    credential = [NSURLCredential credentialForTrust:challenge.protectionSpace.serverTrust];
                    disposition = NSURLSessionAuthChallengeUseCredential;
                } else {
                    disposition = NSURLSessionAuthChallengeCancelAuthenticationChallenge;
                }
                completionHandler(disposition, credential);
            }
            """
        #expect(Self.lines(.trustAllDelegate, in: guarded).isEmpty)
        let unguarded = """
            - (void)URLSession:(NSURLSession *)session didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
             completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
                if (self.policy.validatesDomainName) { NSLog(@"checking %@", challenge.protectionSpace.host); }
                completionHandler(NSURLSessionAuthChallengeUseCredential,
                                  [NSURLCredential credentialForTrust:challenge.protectionSpace.serverTrust]);
            }
            """
        #expect(Self.lines(.trustAllDelegate, in: unguarded) == [1])
    }

    @Test("a subscript bracket matched across statements before a constant's = is analyzed without a crash")
    func bracketAcrossStatements() {
        // Found by the objc-tokenizer fuzz target: the name before `[` lay before the statement's start.
        // The analysis goes on past it: the cleartext URL on line 3 is found.
        let source = """
            static const char kIV[16; x] = "0000000000000000";
            static NSString *const kKey = @"k";
            NSURL *u = [NSURL URLWithString:@"http://api.example.com/login"];

            """
        let result = ObjectiveCAnalyzer().analyze(ScanFile(path: "x.m", contents: Array(source.utf8)))
        #expect(result.findings.allSatisfy { (1...3).contains($0.line) })
        #expect(result.findings.filter { $0.ruleID == ScanRule.cleartextHTTPURL.id }.map(\.line) == [3])
    }
}
