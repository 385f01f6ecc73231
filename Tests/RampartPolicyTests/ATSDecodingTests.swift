import Foundation
import RampartPolicy
import Testing

@Suite("ATS decoding")
struct ATSDecodingTests {
    @Test("reads an Info.plist, a bare dictionary and JSON, and names the format")
    func formats() async throws {
        #expect(try PolicyFixtures.document("arbitrary.plist").format == .xmlPropertyList)
        let binary = try await PolicyFixtures.binaryCopy("arbitrary.plist")
        #expect(try ATSDocument.load(contentsOf: binary).format == .binaryPropertyList)
        let json = try PolicyFixtures.document("ats.json")
        #expect(json.format == .json)
        #expect(json.configuration.allowsArbitraryLoads == true)
        #expect(json.configuration.allowsArbitraryLoadsForMedia == false)
        let bare = try PolicyFixtures.document("bare-ats.plist")
        #expect(bare.rootKeyPath == "")
        #expect(bare.configuration.exceptionDomains["bare.example.com"]?.allowsInsecureHTTPLoads == true)
        let none = try PolicyFixtures.document("defaults.plist")
        #expect(!none.hasATSDictionary)
        #expect(none.configuration == ATSConfiguration())
    }

    @Test("a UTF-8 byte order mark before JSON or an XML plist is skipped, as editors on Windows write one")
    func byteOrderMark() throws {
        let bom = Data([0xEF, 0xBB, 0xBF])
        let json = try ATSDocument.decode(
            bom + Data(#"{"NSAppTransportSecurity":{"NSAllowsArbitraryLoads":true}}"#.utf8))
        #expect(json.format == .json)
        #expect(json.configuration.allowsArbitraryLoads == true)
        let xml = try Data(contentsOf: PolicyFixtures.url("arbitrary.plist"))
        let withMark = try ATSDocument.decode(bom + xml)
        #expect(withMark.configuration == (try ATSDocument.decode(xml)).configuration)
    }

    @Test("every exception and pin key is decoded")
    func keys() throws {
        let configuration = try PolicyFixtures.document("exceptions.plist").configuration
        let api = try #require(configuration.exceptionDomains["api.example.com"])
        #expect(api.minimumTLSVersion == .v1_0)
        #expect(api.requiresForwardSecrecy == false)
        #expect(configuration.exceptionDomains["ct.example.net"]?.requiresCertificateTransparency == true)
        let legacy = try #require(configuration.exceptionDomains["old.example.net"])
        // Legacy keys are kept apart: only iOS 9 reads them (ATSOSGeneration.ios9).
        #expect(!legacy.allowsInsecureHTTPLoads)
        #expect(legacy.minimumTLSVersion == nil)
        #expect(
            legacy.legacyValues == ATSLegacyExceptionValues(allowsInsecureHTTPLoads: true, minimumTLSVersion: .v1_1))
        #expect(
            legacy.legacyKeys.sorted() == [
                "NSTemporaryExceptionAllowsInsecureHTTPLoads", "NSTemporaryExceptionMinimumTLSVersion",
            ])
        let pinned = try PolicyFixtures.document("pinned.plist").configuration.pinnedDomains
        #expect(pinned["shop.example.com"]?.includesSubdomains == true)
        #expect(pinned["shop.example.com"]?.caIdentities.count == 2)
        #expect(pinned["pinned.example.com"]?.leafIdentities.map(\.digest.count) == [32, 32])
    }

    @Test("wrong types, misspelt keys, bad versions and bad pins are diagnostics with key paths")
    func diagnostics() throws {
        let document = try PolicyFixtures.document("bad-types.plist")
        let text = document.diagnostics.map(\.description)
        let expected = [
            "error: NSAppTransportSecurity.NSAllowsArbitraryLoads: expected a Boolean, found the string 'YES' (a string is not a Boolean",
            "error: NSAppTransportSecurity.NSAllowsLocalNetworking: expected a Boolean, found the number 1",
            "warning: NSAppTransportSecurity.NSExceptionDomains.typo.example.com.NSIncludeSubdomains: unknown key — did you mean NSIncludesSubdomains?",
            "error: NSAppTransportSecurity.NSExceptionDomains.typo.example.com.NSExceptionMinimumTLSVersion: '1.2x' is not a TLS version",
            "warning: NSAppTransportSecurity.NSExceptionDomains.typo.example.com.NSExceptionAllowsInsecureHTTPSLoads: obsolete key",
            "error: NSAppTransportSecurity.NSPinnedDomains.short.example.com.NSPinnedLeafIdentities[0].SPKI-SHA256-BASE64: decodes to 20 bytes, not the 32",
            "error: NSAppTransportSecurity.NSPinnedDomains.short.example.com.NSPinnedLeafIdentities[1].SPKI-SHA256-BASE64: 'not base64!' is not valid base64",
        ]
        for prefix in expected {
            #expect(text.contains { $0.hasPrefix(prefix) }, "missing: \(prefix)\nhave: \(text.joined(separator: "\n"))")
        }
        #expect(document.hasErrors)
        #expect(document.configuration.allowsArbitraryLoads == nil, "a wrong-typed value must not be read as YES")
        #expect(document.configuration.pinnedDomains["short.example.com"]?.leafIdentities.isEmpty == true)
    }

    @Test("strict loading refuses values ATS would ignore and lists them; clean files load as before")
    func strictLoading() throws {
        #expect {
            try ATSDocument.loadStrictly(contentsOf: try PolicyFixtures.url("bad-types.plist"))
        } throws: { error in
            guard case PolicyError.ignoredValues(let source, let diagnostics) = error else { return false }
            return source.hasSuffix("bad-types.plist") && diagnostics.count == 5
                && diagnostics.allSatisfy { $0.severity == .error }
        }
        #expect(throws: PolicyError.self) { try ATSPolicy(contentsOf: try PolicyFixtures.url("bad-types.plist")) }
        let strict = try ATSDocument.loadStrictly(contentsOf: try PolicyFixtures.url("exceptions.plist"))
        let lenient = try ATSDocument.load(contentsOf: try PolicyFixtures.url("exceptions.plist"))
        #expect(strict.configuration == lenient.configuration)
        let policy = try ATSPolicy(contentsOf: try PolicyFixtures.url("exceptions.plist"))
        #expect(policy.configuration == lenient.configuration)
    }

    @Test("a JSON integer where a Boolean belongs is an error, a JSON Boolean is not")
    func jsonBooleans() throws {
        let document = try PolicyFixtures.document("ats.json")
        #expect(
            document.diagnostics.map(\.keyPath) == [
                "NSAppTransportSecurity.NSExceptionDomains.json.example.com.NSIncludesSubdomains"
            ])
    }

    @Test(
        "unreadable documents are refused with the right error",
        arguments: [
            ("not-a-plist.txt", "notAPropertyList"), ("truncated.plist", "notAPropertyList"),
            ("array.plist", "notADictionary"), ("no-such-file.plist", "missingFile"),
        ])
    func refused(name: String, expected: String) throws {
        let url =
            name == "no-such-file.plist"
            ? FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).plist")
            : try PolicyFixtures.url(name)
        do {
            _ = try ATSDocument.load(contentsOf: url)
            Issue.record("\(name) was accepted")
        } catch let error as PolicyError {
            let found: String
            switch error {
            case .missingFile: found = "missingFile"
            case .notAPropertyList: found = "notAPropertyList"
            case .notADictionary: found = "notADictionary"
            case .unreadable: found = "unreadable"
            case .unsupportedURL: found = "unsupportedURL"
            case .ignoredValues: found = "ignoredValues"
            }
            #expect(found == expected)
            #expect(error.description.contains(url.path))
        }
    }

    @Test("an Info.plist with a misspelt NSAppTransportSecurity gets a did-you-mean warning")
    func misspeltRoot() throws {
        let document = try ATSDocument.decode(
            object: ["NSAppTransportSecurty": ["NSAllowsArbitraryLoads": true]], source: "x")
        #expect(!document.hasATSDictionary)
        #expect(document.diagnostics.first?.message.contains("did you mean NSAppTransportSecurity") == true)
    }
}
