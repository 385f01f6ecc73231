#if AsyncHTTPClient  // Package.swift's AsyncHTTPClient trait: without it this module is empty and resolves nothing.
    import RampartTrust

    /// A connection refused because its leaf key matched none of a pinned domain's pins.
    ///
    /// ```swift
    /// do { _ = try await client.execute(request, timeout: .seconds(30)) }
    /// catch let error as LeafPinMismatchError { log("\(error.domain): \(error.decision.pinMismatch?.description ?? "")") }
    /// ```
    public struct LeafPinMismatchError: Error, Sendable, CustomStringConvertible {
        /// The pinned domain whose pins the leaf did not match.
        public let domain: String
        /// The decision, with the expected and served pins in `pinMismatch`.
        public let decision: TrustDecision

        public var description: String {
            let reasons = decision.failures.map(\.description).joined(separator: "; ")
            return "the server's certificate does not match the pins for \(domain): \(reasons)"
        }
    }
#endif  // AsyncHTTPClient
