import Foundation
import RampartPolicy
import Testing

@Suite("Property list writer")
struct PropertyListWriterTests {
    static let hostileDomains = [
        "a<b>.example", "x&amp;y.example", "end]]>.example", "quote\"and'apostrophe.example", "cr\r\nlf.example",
        "  spaced  ",
    ]

    static let pin = "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="

    static func hostileConfiguration() throws -> ATSConfiguration {
        let pin = try #require(ATSPin(base64: Self.pin))
        var exceptions: [String: ATSExceptionDomain] = [:]
        var pinned: [String: ATSPinnedDomain] = [:]
        for (index, domain) in hostileDomains.enumerated() {
            exceptions[domain] = ATSExceptionDomain(
                includesSubdomains: index.isMultiple(of: 2), allowsInsecureHTTPLoads: index == 1,
                minimumTLSVersion: index == 2 ? .v1_0 : nil, requiresForwardSecrecy: index != 3,
                requiresCertificateTransparency: index == 4)
            pinned[domain] = ATSPinnedDomain(
                includesSubdomains: index == 0, caIdentities: index == 1 ? [] : [pin], leafIdentities: [pin, pin])
        }
        return ATSConfiguration(
            allowsArbitraryLoads: true, allowsArbitraryLoadsForMedia: false, allowsArbitraryLoadsInWebContent: true,
            allowsLocalNetworking: false, exceptionDomains: exceptions, pinnedDomains: pinned)
    }

    @Test("what the XML writer writes, ATSDocument reads back to the same configuration, hostile domain names too")
    func xmlRoundTrip() throws {
        let configuration = try Self.hostileConfiguration()
        let data = PropertyListWriter.xmlDocument(
            .dictionary([PropertyListEntry(ATSKey.root, configuration.propertyList)]))
        let document = try ATSDocument.decode(data, source: "written.plist")
        #expect(document.format == .xmlPropertyList)
        #expect(document.diagnostics.filter { $0.severity == .error }.isEmpty, "\(document.diagnostics)")
        #expect(document.configuration == configuration)
        #expect(Set(document.configuration.exceptionDomains.keys) == Set(Self.hostileDomains))
    }

    @Test("what the JSON writer writes, ATSDocument reads back to the same configuration, hostile domain names too")
    func jsonRoundTrip() throws {
        let configuration = try Self.hostileConfiguration()
        let data = try PropertyListWriter.json(configuration.propertyList)
        let document = try ATSDocument.decode(data, source: "written.json")
        #expect(document.format == .json)
        #expect(document.configuration == configuration)
    }

    @Test("an XML fragment pasted inside a <dict> reads back, and escapes what XML must")
    func fragmentRoundTrip() throws {
        let configuration = try Self.hostileConfiguration()
        let fragment = PropertyListWriter.xmlFragment(configuration.propertyList)
        #expect(!fragment.contains("]]>") && !fragment.contains("a<b>") && fragment.contains("a&lt;b&gt;.example"))
        #expect(fragment.contains("x&amp;amp;y.example") && fragment.contains("cr&#13;\nlf.example"))
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            <key>NSAppTransportSecurity</key>
            <dict>
            \(fragment)
            </dict>
            </dict>
            </plist>
            """
        #expect(try ATSDocument.decode(Data(plist.utf8)).configuration == configuration)
    }

    @Test("a whole document is written as PropertyListSerialization writes the same dictionary")
    func documentMatchesFoundation() throws {
        let value = PropertyListValue.dictionary([
            PropertyListEntry(
                "NSAppTransportSecurity",
                .dictionary([
                    PropertyListEntry("NSAllowsArbitraryLoads", .bool(false)),
                    PropertyListEntry(
                        "NSPinnedDomains",
                        .dictionary([
                            PropertyListEntry(
                                "a&b<c>.example",
                                .dictionary([
                                    PropertyListEntry("NSIncludesSubdomains", .bool(true)),
                                    PropertyListEntry(
                                        "NSPinnedLeafIdentities", ATSPin.propertyList(base64: [Self.pin])),
                                ]))
                        ])),
                ]))
        ])
        let foundation: [String: Any] = [
            "NSAppTransportSecurity": [
                "NSAllowsArbitraryLoads": false,
                "NSPinnedDomains": [
                    "a&b<c>.example": [
                        "NSIncludesSubdomains": true, "NSPinnedLeafIdentities": [["SPKI-SHA256-BASE64": Self.pin]],
                    ]
                ],
            ]
        ]
        let expected = try PropertyListSerialization.data(fromPropertyList: foundation, format: .xml, options: 0)
        let written = PropertyListWriter.xmlDocument(value)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test("JSON has its keys sorted; the NSDictionary description is nscurl's, in entry order")
    func jsonOrderAndDescription() throws {
        let value = PropertyListValue.dictionary([
            PropertyListEntry(
                ATSKey.exceptionDomains,
                .dictionary([
                    PropertyListEntry(
                        "legacy.example.com",
                        .dictionary([
                            PropertyListEntry(ATSKey.requiresForwardSecrecy, .bool(false)),
                            PropertyListEntry(ATSKey.minimumTLSVersion, .string("TLSv1.0")),
                        ]))
                ]))
        ])
        let json = String(decoding: try PropertyListWriter.json(value, prettyPrinted: false), as: UTF8.self)
        #expect(
            json
                == #"{"NSExceptionDomains":{"legacy.example.com":{"NSExceptionMinimumTLSVersion":"TLSv1.0","NSExceptionRequiresForwardSecrecy":false}}}"#
        )
        #expect(
            PropertyListWriter.openStepDescription(value) == """
                {
                    NSExceptionDomains = {
                        "legacy.example.com" = {
                            NSExceptionRequiresForwardSecrecy = false;
                            NSExceptionMinimumTLSVersion = "TLSv1.0";
                        };
                    };
                }
                """)
        #expect(PropertyListWriter.openStepDescription(.dictionary([])) == "{\n}")
    }
}
