/// What one SCT is worth to a CT policy.
public enum CTSCTStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// The signature verifies, with a log the policy counts.
    case valid
    /// The signature does not verify (altered, taken from another certificate, or the issuer
    /// needed to check an embedded SCT is missing), or its algorithms do not match the log's key.
    case invalid
    /// The log is not in the log list.
    case unknownLog
    /// The SCT is dated after the verification time.
    case future
    /// The log is pending or rejected, or was frozen (read-only) before the SCT was issued.
    case logNotApproved
    /// A temporal shard that does not accept this certificate's `notAfter`.
    case wrongShard
    /// The log retired before the SCT or the certificate was issued, or the SCT was not embedded.
    case retired
}
