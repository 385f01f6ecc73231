import Foundation

/// A decoded ATS configuration together with everything the decoder noticed.
///
/// ```swift
/// let document = try ATSDocument.load(contentsOf: URL(fileURLWithPath: "Info.plist"))
/// if document.hasErrors { document.diagnostics.forEach { print($0) } }
/// let policy = ATSPolicy(document.configuration)
/// ```
public struct ATSDocument: Sendable {
    /// The serialization the bytes were in.
    public enum Format: String, Sendable, Codable {
        case xmlPropertyList = "xml"
        case binaryPropertyList = "binary"
        case json
        case code
    }

    /// Where it came from (a path, or a name given by the caller).
    public var source: String
    public var format: Format
    /// The settings.
    public var configuration: ATSConfiguration
    /// The decoder's findings, in document order.
    public var diagnostics: [ATSDiagnostic]
    /// The key path of the ATS dictionary: `NSAppTransportSecurity` in an `Info.plist`, empty for
    /// a bare dictionary.
    public var rootKeyPath: String
    /// Whether the document has an ATS dictionary at all (an `Info.plist` without one gets ATS defaults).
    public var hasATSDictionary: Bool

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The values ATS ignores (the error diagnostics: wrong types, unknown TLS versions, malformed
    /// pins, entries that are not dictionaries). The system logs each one and decides with the
    /// rest, and so does ``configuration``: it holds the defaults in their place.
    ///
    /// ```swift
    /// for value in document.ignoredValues {
    ///     print("\(value.keyPath): expected \(value.expected ?? "?"), found \(value.found ?? "?")")
    /// }
    /// ```
    public var ignoredValues: [ATSDiagnostic] { diagnostics.filter { $0.severity == .error } }

    /// Reads a file: an `Info.plist` or bare ATS dictionary (XML or binary plist), or JSON.
    public static func load(contentsOf url: URL) throws -> ATSDocument {
        guard FileManager.default.fileExists(atPath: url.path) else { throw PolicyError.missingFile(path: url.path) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PolicyError.unreadable(path: url.path, reason: "\(error.localizedDescription)")
        }
        return try decode(data, source: url.path)
    }

    /// Reads a file as ``load(contentsOf:)`` does and refuses it when any value would be ignored by
    /// ATS (``ignoredValues``): for code that must not run with a configuration its author did not
    /// mean, such as `rampart fetch --policy` and `rampart ats check` in strict mode. To decide as
    /// the system does (ignore such values and use the rest), use ``ATSLoadedPolicy``.
    ///
    /// ```swift
    /// let policy = ATSPolicy(try ATSDocument.loadStrictly(contentsOf: plistURL).configuration)
    /// ```
    ///
    /// - Throws: ``PolicyError/ignoredValues(source:diagnostics:)`` listing the error diagnostics,
    ///   or the errors of ``load(contentsOf:)``.
    public static func loadStrictly(contentsOf url: URL) throws -> ATSDocument {
        let document = try load(contentsOf: url)
        try document.refuseIgnoredValues()
        return document
    }

    /// Throws ``PolicyError/ignoredValues(source:diagnostics:)`` when any diagnostic is an error.
    public func refuseIgnoredValues() throws {
        guard hasErrors else { return }
        throw PolicyError.ignoredValues(source: source, diagnostics: ignoredValues)
    }

    /// Decodes bytes, detecting JSON (first non-blank byte `{`), binary plist (`bplist`) or XML plist,
    /// through ``PropertyListReader``. A UTF-8 byte order mark, as Windows editors write, is skipped.
    public static func decode(_ data: Data, source: String = "<data>") throws -> ATSDocument {
        let (object, format) = try PropertyListReader.object(from: data, source: source)
        return try decode(object: object, source: source, format: format)
    }

    /// Decodes an already-parsed dictionary (for example from `Bundle.main.infoDictionary`).
    public static func decode(object: Any, source: String, format: Format = .code) throws -> ATSDocument {
        guard let top = object as? [String: Any] else {
            throw PolicyError.notADictionary(source: source, found: ATSValueReader.describe(object))
        }
        if let nested = top[ATSKey.root] {
            var reader = ATSValueReader()
            let configuration = reader.configuration(from: nested, at: ATSKey.root)
            return ATSDocument(
                source: source, format: format, configuration: configuration, diagnostics: reader.diagnostics,
                rootKeyPath: ATSKey.root, hasATSDictionary: true)
        }
        let looksBare = top.keys.contains { ATSKey.globalKeys.contains($0) || $0.hasPrefix("NSAllows") }
        if looksBare {
            var reader = ATSValueReader()
            let configuration = reader.configuration(from: top, at: "")
            return ATSDocument(
                source: source, format: format, configuration: configuration, diagnostics: reader.diagnostics,
                rootKeyPath: "", hasATSDictionary: true)
        }
        var diagnostics: [ATSDiagnostic] = []
        if let near = top.keys.sorted().first(where: { ATSKey.nearest(to: $0, among: [ATSKey.root]) != nil }) {
            diagnostics.append(
                ATSDiagnostic(
                    severity: .warning, keyPath: near,
                    message: "unknown key — did you mean \(ATSKey.root)? ATS reads only the exact name"))
        }
        return ATSDocument(
            source: source, format: format, configuration: ATSConfiguration(), diagnostics: diagnostics,
            rootKeyPath: ATSKey.root, hasATSDictionary: false)
    }
}
