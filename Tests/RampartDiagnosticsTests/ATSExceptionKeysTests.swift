import Foundation
import RampartDiagnostics
import RampartPolicy
import Testing

@Suite("ATS exception keys written by RampartPolicy")
struct ATSExceptionKeysTests {
    @Test("the paste-ready fragment for a hostile host name reads back as the same exception entry")
    func fragmentRoundTrip() throws {
        let keys = ATSExceptionKeys(
            minimumTLSVersion: .v1_0, disablesForwardSecrecy: true, allowsInsecureHTTPLoads: true)
        for host in ["legacy.example.com", "a<b>&c.example", "x]]>y.example", "q\"uo'te.example"] {
            let fragment = keys.propertyListFragment(host: host)
            let plist = "<plist><dict><key>\(ATSKey.root)</key><dict>\(fragment)</dict></dict></plist>"
            let document = try ATSDocument.decode(Data(plist.utf8))
            #expect(document.configuration.exceptionDomains == [host: keys.exceptionDomain], "\(host)")
            #expect(!document.hasErrors, "\(document.diagnostics)")
        }
    }

    @Test("the fragment keeps its layout: four spaces per level, the keys in their fixed order")
    func fragmentLayout() {
        let keys = ATSExceptionKeys(minimumTLSVersion: .v1_1, disablesForwardSecrecy: true)
        #expect(
            keys.propertyListFragment(host: "legacy.example.com") == """
                <key>NSExceptionDomains</key>
                <dict>
                    <key>legacy.example.com</key>
                    <dict>
                        <key>NSExceptionMinimumTLSVersion</key>
                        <string>TLSv1.1</string>
                        <key>NSExceptionRequiresForwardSecrecy</key>
                        <false/>
                    </dict>
                </dict>
                """)
    }

    @Test("a diagnostic configuration's dictionary is what it loads with, described as nscurl does")
    func diagnosticConfiguration() throws {
        let matrix = ATSDiagnosticConfiguration.matrix(host: "legacy.example.com")
        for configuration in matrix {
            let data = try PropertyListWriter.json(
                .dictionary([PropertyListEntry(ATSKey.root, configuration.propertyList)]))
            #expect(try ATSDocument.decode(data).configuration == configuration.configuration, "\(configuration.name)")
        }
        #expect(matrix[0].dictionaryDescription == "{\n}")
        #expect(matrix[1].dictionaryDescription == "{\n    NSAllowsArbitraryLoads = true;\n}")
        let tls10 = try #require(matrix.first { $0.name == "TLSv1.0" })
        #expect(
            tls10.dictionaryDescription == """
                {
                    NSExceptionDomains = {
                        "legacy.example.com" = {
                            NSExceptionMinimumTLSVersion = "TLSv1.0";
                        };
                    };
                }
                """)
    }
}
