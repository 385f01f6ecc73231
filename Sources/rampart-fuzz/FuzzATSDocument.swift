// Fuzzes the ATS decoder (`ATSDocument.decode`) over XML plists, binary plists and JSON, then
// resolves and audits what it decoded.
import Foundation
import RampartPolicy

enum FuzzATSDocument {
    static let target = FuzzTarget(
        name: "ats-document", maxLength: 16 * 1024,
        summary: "ATSDocument.decode: Info.plist / ATS dictionary as XML, binary plist or JSON", run: run)

    static func run(_ data: Data) {
        guard let document = try? ATSDocument.decode(data, source: "fuzz") else { return }
        let name = target.name
        // The same bytes decode the same way every time.
        let again = try? ATSDocument.decode(data, source: "fuzz")
        FuzzCheck.require(
            again?.configuration == document.configuration && again?.diagnostics == document.diagnostics, name,
            "decoding is not deterministic")
        // A property list decodes to the same settings and findings when re-serialized in the other
        // plist format (the decoder reads values, not their spelling).
        if document.format == .xmlPropertyList || document.format == .binaryPropertyList {
            var format = PropertyListSerialization.PropertyListFormat.xml
            if let object = try? PropertyListSerialization.propertyList(from: data, options: [], format: &format),
                let other = try? PropertyListSerialization.data(
                    fromPropertyList: object, format: document.format == .xmlPropertyList ? .binary : .xml,
                    options: 0)
            {
                guard let reread = try? ATSDocument.decode(other, source: "fuzz") else {
                    FuzzCheck.fail(name, "a plist re-serialized by Foundation no longer decodes")
                }
                // Messages may quote values as Foundation spells them (a binary plist's 32-bit
                // real reads back from XML as a 64-bit one), so findings compare by place and severity.
                FuzzCheck.require(
                    reread.configuration == document.configuration
                        && reread.diagnostics.map(\.keyPath) == document.diagnostics.map(\.keyPath)
                        && reread.diagnostics.map(\.severity) == document.diagnostics.map(\.severity),
                    name, "the XML and binary forms of one plist decode differently")
            }
        }
        // The configuration round-trips through its Codable form.
        if let encoded = try? JSONEncoder().encode(document.configuration) {
            let decoded = try? JSONDecoder().decode(ATSConfiguration.self, from: encoded)
            FuzzCheck.require(decoded == document.configuration, name, "ATSConfiguration does not round-trip")
        }
        // Resolving and auditing what was decoded never traps.
        let policy = ATSPolicy(document.configuration)
        let hosts =
            Array(document.configuration.exceptionDomains.keys.prefix(8))
            + Array(document.configuration.pinnedDomains.keys.prefix(8)) + ["example.com", "localhost", "10.0.0.1"]
        for host in hosts {
            for scheme in ["https", "http"] { _ = policy.requirements(scheme: scheme, host: host) }
            if let url = URL(string: "https://\(host)/") { _ = try? policy.explain(url) }
        }
        _ = ATSAuditor().audit(document)
    }
}
