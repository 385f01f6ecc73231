import RampartDiagnostics
import RampartPolicy

/// An ATS dictionary in a JSON report, or `null`: RampartPolicy's ``PropertyListValue`` (which
/// writes the keys in order), and a null for what a report does not have.
struct ATSDictionaryJSON: Encodable {
    var value: PropertyListValue?

    static let null = ATSDictionaryJSON(value: nil)

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }

    /// The keys of one exception entry.
    init(_ keys: ATSExceptionKeys) { value = keys.propertyList }

    /// The dictionary a diagnostic configuration loads with.
    init(_ configuration: ATSDiagnosticConfiguration) { value = configuration.propertyList }

    /// A whole `NSAppTransportSecurity` dictionary.
    init(_ configuration: ATSConfiguration) { value = configuration.propertyList }

    private init(value: PropertyListValue?) { self.value = value }
}
