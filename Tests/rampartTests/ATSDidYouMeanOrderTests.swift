import Foundation
import RampartTestSupport
import Testing

/// A warning's "did you mean" never follows a dictionary's hash order (issue 26): each process has
/// its own order, so the same file is checked by several processes, which must all say the same.
@Suite("rampart ats audit: the same suggestion every run")
struct ATSDidYouMeanOrderTests {
    @Test("a key as near to two legacy keys always suggests the first of them in order")
    func tieBetweenLegacyKeys() async throws {
        let scratch = try ScratchFolder("rampart-ats-order")
        // Edit distance 5 to both NSTemporaryExceptionMinimumTLSVersion and
        // NSTemporaryThirdPartyExceptionMinimumTLSVersion.
        try scratch.write(
            "Info.json",
            #"{"NSAppTransportSecurity": {"NSExceptionDomains": {"example.com": {"NSTemporaryThirdExceptionMinimumTLSVersion": "TLSv1.2"}}}}"#
        )
        var suggestions: Set<String> = []
        for _ in 0..<8 {
            let result = try await RampartBinary.run(["ats", "audit", scratch.path("Info.json")])
            let output = result.standardOutputText + result.standardErrorText
            let lines = output.split(separator: "\n").filter { $0.contains("did you mean") }
            #expect(lines.count == 1, "\(output)")
            suggestions.formUnion(lines.map(String.init))
        }
        #expect(suggestions.count == 1, "\(suggestions)")
        #expect(suggestions.first?.contains("did you mean NSTemporaryExceptionMinimumTLSVersion?") == true)
    }
}
