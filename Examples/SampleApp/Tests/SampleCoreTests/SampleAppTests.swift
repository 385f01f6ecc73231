import Foundation
import SampleCore
import Testing

@Suite("Sample app: Rampart used as a dependency")
struct SampleAppTests {
    @Test("the policy allows its one cleartext exception and refuses other cleartext hosts")
    func atsDecisions() throws {
        let app = try SampleApp()
        #expect(app.decide("https://api.example.com/v1").isAllowed)
        #expect(app.decide("http://legacy.example.com/feed").isAllowed)
        #expect(!app.decide("http://tracker.example.net/").isAllowed)
    }

    @Test("a sealed secret opens with its identity and not with another")
    func sealAndOpen() throws {
        let app = try SampleApp()
        let secret = Data("a secret at rest".utf8)
        let sealed = try app.seal(secret)
        #expect(sealed.file != secret)
        #expect(try app.open(sealed.file, with: sealed.identity) == secret)
        let stranger = try app.seal(Data()).identity
        #expect(throws: (any Error).self) { try app.open(sealed.file, with: stranger) }
    }

    @Test("the hardened client and AsyncHTTPClient both accept the leaf pins")
    func clients() throws {
        let app = try SampleApp()
        try app.makeHardenedClient().shutdown()
        _ = try app.asyncHTTPClientConfiguration()
    }

    @Test("swift-syntax finds the cleartext URL in Swift source and ATS refuses it")
    func sourceScan() throws {
        let found = try SampleApp().cleartextURLs(inSwift: #"let u = URL(string: "http://tracker.example.net/x")"#)
        #expect(found.map(\.url) == ["http://tracker.example.net/x"])
        #expect(found.map(\.allowed) == [false])
    }

    @Test("RampartScan, built with this app's swift-syntax, flags a cleartext request")
    func scan() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sample-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Feed.swift")
        try Data(#"let feed = URLRequest(url: URL(string: "http://tracker.example.net/x")!)"#.utf8).write(to: file)
        #expect(try SampleApp().scanRuleIDs([folder.path]).contains("RS-NET-001"))
    }
}
