/// Something a reader of an ``ATSDiagnosis`` should know that decides nothing: a typed case with its
/// data, so a program can `switch` on it; ``description`` is the sentence for people.
///
/// ```swift
/// for note in diagnosis.notes {
///     if case .localHost = note { continue }   // expected in a lab
///     print("note:", note)
/// }
/// ```
public enum ATSDiagnosisNote: Sendable, Hashable, CustomStringConvertible {
    /// `host` is a local host, which iOS lets apps reach without ATS unless the app's dictionary
    /// says otherwise; it was diagnosed as a public host.
    case localHost(String)
    /// The served chain could not be read (`reason`, the probe's words); the certificate sections
    /// are empty.
    case servedChainUnreadable(reason: String)

    /// A stable name for the case, for JSON, logs and tests.
    public var code: String {
        switch self {
        case .localHost: "localHost"
        case .servedChainUnreadable: "servedChainUnreadable"
        }
    }

    public var description: String {
        switch self {
        case .localHost(let host):
            "\(host) is a local host: iOS lets apps reach local hosts without ATS unless the app's "
                + "dictionary says otherwise; diagnosed here as if it were a public host"
        case .servedChainUnreadable(let reason): "the served chain could not be read: \(reason)"
        }
    }
}
