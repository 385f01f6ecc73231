import RampartPolicy

/// One ATS configuration that diagnostics try against a URL, as `nscurl --ats-diagnostics` names
/// it: the default, arbitrary loads, or an exception entry for the URL's host — or the app's own
/// `Info.plist`.
///
/// ```swift
/// for configuration in ATSDiagnosticConfiguration.matrix(host: "legacy.example.com") {
///     print(configuration.section, configuration.name, configuration.dictionaryDescription)
/// }
/// ```
public struct ATSDiagnosticConfiguration: Sendable, Hashable {
    /// What the configuration is made of.
    public enum Kind: Sendable, Hashable {
        /// `{}`: ATS's defaults.
        case defaults
        /// `NSAllowsArbitraryLoads = true`.
        case arbitraryLoads
        /// An `NSExceptionDomains` entry for the host with these keys.
        case exception(ATSExceptionKeys)
        /// The app's own ATS dictionary (`--policy Info.plist`), pins included.
        case app(ATSConfiguration, source: String)
    }

    /// The nscurl section the configuration belongs to.
    public var section: String
    /// The nscurl test name.
    public var name: String
    public var kind: Kind
    /// The host the exception entry names.
    public var host: String

    public init(section: String, name: String, kind: Kind, host: String) {
        self.section = section
        self.name = name
        self.kind = kind
        self.host = host
    }

    /// The ATS dictionary this configuration loads with.
    public var configuration: ATSConfiguration {
        switch kind {
        case .defaults: return ATSConfiguration()
        case .arbitraryLoads: return ATSConfiguration(allowsArbitraryLoads: true)
        case .exception(let keys): return ATSConfiguration(exceptionDomains: [host: keys.exceptionDomain])
        case .app(let configuration, _): return configuration
        }
    }

    /// The exception keys, for an exception configuration.
    public var exceptionKeys: ATSExceptionKeys? {
        if case .exception(let keys) = kind { return keys }
        return nil
    }

    /// The ATS dictionary this configuration loads with, in `Info.plist` key names.
    public var propertyList: PropertyListValue {
        switch kind {
        case .defaults: return .dictionary([])
        case .arbitraryLoads: return .dictionary([PropertyListEntry(ATSKey.allowsArbitraryLoads, .bool(true))])
        case .exception(let keys): return keys.exceptionDomains(host: host)
        case .app(let configuration, _): return configuration.propertyList
        }
    }

    /// The dictionary in `NSDictionary` style, as nscurl's verbose output shows it.
    public var dictionaryDescription: String {
        if case .app(_, let source) = kind { return "(the NSAppTransportSecurity dictionary of \(source))" }
        return PropertyListWriter.openStepDescription(propertyList)
    }

    /// The sections and tests of `nscurl --ats-diagnostics`, in its order.
    public static func matrix(host: String) -> [ATSDiagnosticConfiguration] {
        let versions: [TLSProtocolVersion] = [.v1_3, .v1_2, .v1_1, .v1_0]
        func exception(_ section: String, _ name: String, _ keys: ATSExceptionKeys) -> ATSDiagnosticConfiguration {
            ATSDiagnosticConfiguration(section: section, name: name, kind: .exception(keys), host: host)
        }
        var matrix = [
            ATSDiagnosticConfiguration(
                section: "Default ATS Secure Connection", name: "ATS Default Connection", kind: .defaults, host: host),
            ATSDiagnosticConfiguration(
                section: "Allowing Arbitrary Loads", name: "Allow All Loads", kind: .arbitraryLoads, host: host),
        ]
        matrix += versions.map {
            exception("Configuring TLS exceptions for \(host)", $0.rawValue, ATSExceptionKeys(minimumTLSVersion: $0))
        }
        matrix.append(
            exception(
                "Configuring PFS exceptions for \(host)", "Disabling Perfect Forward Secrecy",
                ATSExceptionKeys(disablesForwardSecrecy: true)))
        matrix.append(
            exception(
                "Configuring PFS exceptions and allowing insecure HTTP for \(host)",
                "Disabling Perfect Forward Secrecy and Allowing Insecure HTTP",
                ATSExceptionKeys(disablesForwardSecrecy: true, allowsInsecureHTTPLoads: true)))
        matrix += versions.map {
            exception(
                "Configuring TLS exceptions with PFS disabled for \(host)", "\($0.rawValue) with PFS disabled",
                ATSExceptionKeys(minimumTLSVersion: $0, disablesForwardSecrecy: true))
        }
        matrix += versions.map {
            exception(
                "Configuring TLS exceptions with PFS disabled and insecure HTTP allowed for \(host)",
                "\($0.rawValue) with PFS disabled and insecure HTTP allowed",
                ATSExceptionKeys(minimumTLSVersion: $0, disablesForwardSecrecy: true, allowsInsecureHTTPLoads: true))
        }
        return matrix
    }
}
