import RampartPolicy
import RampartScan
import Testing

@Suite("Swift rules: network (RS-NET)", .timeLimit(.minutes(10)))
struct SwiftRulesNetworkTests {
    typealias P = SwiftRulesHarness.Position

    @Test("RS-NET-001: an http:// literal that reaches a request, directly or through a constant")
    func cleartextURL() {
        let source = """
            import Foundation

            final class FeedClient {
                static let baseURL = "http://api.example.com/v2"

                func load(id: String) {
                    let url = URL(string: "http://feeds.example.com/\\(id)")!
                    URLSession.shared.dataTask(with: url) { _, _, _ in }.resume()
                    var request = URLRequest(url: URL(string: Self.baseURL + "/items")!)
                    request.httpMethod = "GET"
                    AF.request("http://cdn.example.com/a.json").responseData { _ in }
                }
            }
            """
        let findings = SwiftRulesHarness.findings(.cleartextHTTPURL, in: source)
        #expect(
            findings.map { P(line: $0.line, column: $0.column) } == [
                P(line: 4, column: 26), P(line: 7, column: 31), P(line: 11, column: 20),
            ])
        #expect(findings.allSatisfy { $0.severity == .high })
        #expect(findings.first?.message.contains("http://api.example.com/v2") == true)
        #expect(findings.dropFirst().first?.message.contains("dataTask") == true)
    }

    @Test("RS-NET-001 look-alikes: comments, doc strings, XML namespaces, scheme checks, https, loopback is info")
    func cleartextLookAlikes() {
        let source = """
            import Foundation

            /// Fetches from http://api.example.com (legacy docs).
            struct Parser {
                // Old server: http://old.example.com/v1
                let xmlns = "http://www.w3.org/2000/svg"
                let plistDTD = "http://www.apple.com/DTDs/PropertyList-1.0.dtd"

                func upgrade(_ link: String) -> String {
                    if link.hasPrefix("http://") {
                        return link.replacingOccurrences(of: "http://", with: "https://")
                    }
                    return link
                }

                func fetch() {
                    let url = URL(string: "https://api.example.com/v2")!
                    URLSession.shared.dataTask(with: url).resume()
                    let debug = URLRequest(url: URL(string: "http://localhost:8080/health")!)
                    print("see http://example.com for details")
                    _ = debug
                }
            }
            """
        let findings = SwiftRulesHarness.findings(.cleartextHTTPURL, in: source)
        #expect(findings.map { P(line: $0.line, column: $0.column) } == [P(line: 19, column: 49)])
        #expect(findings.first?.severity == .info)
    }
}
