import Foundation
import SampleCore

/// `swift run sample-app`: prints what ``SampleApp`` decides; exit 1 when a step fails.
@main
struct SampleAppMain {
    static func main() {
        do {
            let app = try SampleApp()
            for url in ["https://api.example.com/v1", "http://legacy.example.com/feed", "http://tracker.example.net"] {
                let decision = app.decide(url)
                print("\(url): \(decision.isAllowed ? "allowed" : "refused (\(decision.reason ?? "ATS"))")")
            }
            let client = try app.makeHardenedClient()
            client.shutdown()
            _ = try app.asyncHTTPClientConfiguration()
            let sealed = try app.seal(Data("a secret at rest".utf8))
            let opened = try app.open(sealed.file, with: sealed.identity)
            print("age: \(sealed.file.count) bytes sealed, opened: \(String(decoding: opened, as: UTF8.self))")
            let found = app.cleartextURLs(inSwift: #"let feed = URL(string: "http://tracker.example.net/x")"#)
            for (url, allowed) in found { print("source: \(url) \(allowed ? "allowed" : "refused by ATS")") }
        } catch {
            FileHandle.standardError.write(Data("sample-app: \(error)\n".utf8))
            exit(1)
        }
    }
}
