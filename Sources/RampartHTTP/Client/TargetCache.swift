import Foundation
import NIOConcurrencyHelpers

/// The ``Target``s of the URLs a client requested lately, so a URL asked for again is not parsed
/// again (`URLComponents` and ``Endpoint`` read it twice: the largest CPU cost of a request of the
/// client's own on a warm HTTP/2 connection).
///
/// Only what `Target` accepted is kept: a URL it refuses is parsed, and refused with the same
/// error, every time. A `URL` is the key as a whole (its text and its base URL), so two URLs share
/// an entry only when they are equal and would parse alike. Bounded in entries and in the length
/// of a URL it keeps, so it never holds more than a few hundred kilobytes; when full it starts
/// over.
final class TargetCache: Sendable {
    /// The most URLs kept at once.
    static let capacity = 64
    /// The longest URL text (in UTF-8 bytes, base URL included) kept; longer ones are parsed each time.
    static let maxURLBytes = 2048

    private let entries = NIOLockedValueBox<[URL: Target]>([:])

    init() {}

    /// `url`'s target, from the cache or parsed (and kept).
    ///
    /// - Throws: what ``Target/init(_:)`` throws for `url`.
    func target(_ url: URL) throws(HTTPClientError) -> Target {
        if let known = entries.withLockedValue({ $0[url] }) { return known }
        let target = try Target(url)
        let length = url.relativeString.utf8.count + (url.baseURL?.absoluteString.utf8.count ?? 0)
        if length <= Self.maxURLBytes {
            entries.withLockedValue { entries in
                if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
                entries[url] = target
            }
        }
        return target
    }
}
