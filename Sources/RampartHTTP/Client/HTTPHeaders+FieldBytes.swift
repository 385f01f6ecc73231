import NIOHTTP1

extension HTTPHeaders {
    /// The bytes of every field name and value together: what ``HTTPLimits/maxHeaderBytes`` bounds.
    ///
    /// ```swift
    /// let tooBig = response.headers.fieldBytes > HTTPLimits().maxHeaderBytes
    /// ```
    package var fieldBytes: Int { reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count } }
}
