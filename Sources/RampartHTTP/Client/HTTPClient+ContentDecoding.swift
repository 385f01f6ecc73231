import NIOHTTP1
import RampartPolicy

extension HTTPClient {
    /// The decoder for a response's `Content-Encoding`, when the client asked for one
    /// (``HTTPClientConfiguration/decompression``, or the request's own `Accept-Encoding`): `nil`
    /// for an unencoded body or one nobody asked to decode (written as sent, as curl does). A
    /// coding the client cannot decode (`br`, `zstd`) is an error rather than bytes nobody can read.
    /// Every `Content-Encoding` field counts, as one comma-separated list (RFC 9110 §5.3, §8.4):
    /// `identity` entries are ignored, and more than one coding (`gzip, gzip`, or a `gzip` field and
    /// a `deflate` field) is an error, since the client decodes one layer only.
    func contentDecoder(for headers: HTTPHeaders, request: HTTPRequest, endpoint: Endpoint) throws(HTTPClientError)
        -> BodyDecoding?
    {
        guard configuration.decompression || request.headers.contains(name: "Accept-Encoding") else { return nil }
        let codings = headers[canonicalForm: "Content-Encoding"].filter { $0.lowercased() != "identity" }
        guard let value = codings.first else { return nil }
        guard codings.count == 1 else {
            throw .contentDecodingFailed(
                endpoint,
                detail:
                    "the server sent Content-Encoding: \(codings.joined(separator: ", ")), \(codings.count) codings "
                    + "applied one over the other; the client decodes one only")
        }
        let coding: ContentDecoder.Coding?
        do {
            coding = try ContentDecoder.Coding.from(contentEncoding: String(value))
        } catch {
            throw .contentDecodingFailed(
                endpoint,
                detail: "the server sent Content-Encoding: \(error.name), which the client does not decode "
                    + "(it asks for \(ContentDecoder.Coding.acceptEncoding) only)")
        }
        guard let coding else { return nil }
        let limits = configuration.limits
        do {
            let decoder = try ContentDecoder(
                coding: coding, maxDecodedBytes: limits.maxResponseBytes, maxRatio: limits.maxExpansionRatio)
            return BodyDecoding(decoder: decoder, endpoint: endpoint, events: configuration.onEvent)
        } catch {
            throw .contentDecodingFailed(endpoint, detail: "cannot start the \(coding.rawValue) decoder")
        }
    }
}
