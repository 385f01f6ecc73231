import Foundation
import RampartPolicy
import Testing

/// Decisions and diagnostics never depend on a dictionary's hash order (issue 26): every
/// `Dictionary` instance has its own order, so each case is built many times and must agree.
@Suite("ATS: nothing decided in dictionary order")
struct ATSDictionaryOrderTests {
    @Test("two exception keys naming one network resolve the same way every time: the first key in order wins")
    func collidingNetworks() {
        var outcomes: Set<Bool> = []
        for _ in 0..<40 {
            var configuration = ATSConfiguration()
            configuration.exceptionDomains["203.0.113.0/24"] = ATSExceptionDomain(allowsInsecureHTTPLoads: true)
            configuration.exceptionDomains["203.0.113.9/24"] = ATSExceptionDomain(allowsInsecureHTTPLoads: false)
            for index in 0..<8 {
                configuration.exceptionDomains["host\(index).example.com"] = ATSExceptionDomain()
            }
            outcomes.insert(ATSPolicy(configuration).requirements(scheme: "http", host: "203.0.113.5").isAllowed)
        }
        #expect(outcomes == [true], "203.0.113.0/24 sorts first and must win every time")
    }

    @Test("the did-you-mean warning for a misspelt root key names the same key every time")
    func nearMissDiagnostic() throws {
        var named: Set<String> = []
        for _ in 0..<40 {
            let json = #"{"NSAppTransportSecuritz": {}, "NSAppTransportSecurit": {}, "CFBundleName": "x", "A": 1}"#
            let document = try ATSDocument.decode(Data(json.utf8), source: "Info.json")
            named.formUnion(document.diagnostics.map(\.keyPath))
        }
        #expect(named == ["NSAppTransportSecurit"], "\(named)")
    }
}
