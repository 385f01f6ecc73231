// Server error codes mapped to messages written in advance: a user never sees a server's own text.

import Foundation

/// Maps error codes a server sends to predefined, localisable messages.
///
/// A server's message may hold stack traces, SQL, internal host names or an attacker's words; it is
/// for logs, not people. The catalog shows only messages the app wrote: a known code gets its own,
/// anything else the generic one. The server's text is never an input to what is shown.
///
/// ```swift
/// let catalog = UserMessageCatalog(
///     messages: ["card_declined": "Your card was declined.", "rate_limited": "Too many tries. Wait a minute."],
///     generic: "Something went wrong. Please try again.")
/// label.text = catalog.message(forCode: response.code)   // never response.message
/// ```
///
/// For localisation, build the catalog from your strings table
/// (`String(localized: "card_declined", table: "ServerErrors")`) or with ``localized(codes:table:bundle:generic:)``.
public struct UserMessageCatalog: Sendable, Hashable {
    /// Messages by server code.
    public let messages: [String: String]
    /// The message for any code not in `messages`.
    public let generic: String

    /// A catalog of the given messages.
    public init(messages: [String: String], generic: String) {
        self.messages = messages
        self.generic = generic
    }

    /// The predefined message for `code`, or the generic one (for nil, unknown, or empty codes).
    public func message(forCode code: String?) -> String {
        guard let code, let message = messages[code] else { return generic }
        return message
    }

    /// The predefined message for `code`; `serverText` is accepted only to make the point at the
    /// call site that it is ignored (log it, never show it).
    public func message(forCode code: String?, serverText: String?) -> String {
        message(forCode: code)
    }

    /// A catalog whose messages come from a strings table: each code is looked up as a key;
    /// a code with no entry in the table is left out (and so gets the generic message).
    public static func localized(codes: [String], table: String, bundle: Bundle = .main, generic: String)
        -> UserMessageCatalog
    {
        var messages: [String: String] = [:]
        for code in codes {
            let text = bundle.localizedString(forKey: code, value: "\u{0}", table: table)
            if text != "\u{0}" { messages[code] = text }
        }
        return UserMessageCatalog(messages: messages, generic: generic)
    }
}
