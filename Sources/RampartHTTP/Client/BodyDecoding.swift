import NIOCore
import RampartPolicy

/// A response body's ``ContentDecoder`` with what the body stream needs around it: the origin for
/// errors, the event handler for `-v`'s "decoded gzip: 1234 → 56789 bytes" line, and the limits'
/// wording when a bomb is refused.
///
/// ```swift
/// let decoded = try decoding.decode(slice, abandoning: stream)   // inside BodyStream.next()
/// ```
struct BodyDecoding: Sendable {
    let decoder: ContentDecoder
    let endpoint: Endpoint
    let events: (@Sendable (HTTPClientEvent) -> Void)?

    func decode(_ slice: ByteBuffer, abandoning stream: BodyStream) throws(HTTPClientError) -> ByteBuffer {
        do {
            return try decoder.decode(slice)
        } catch {
            stream.abandon()
            throw translate(error)
        }
    }

    func finish(abandoning stream: BodyStream) throws(HTTPClientError) {
        do {
            try decoder.finish()
        } catch {
            stream.abandon()
            throw translate(error)
        }
        if decoder.encodedBytes > 0 {
            events?(
                .decoded(
                    coding: decoder.coding.rawValue, encoded: decoder.encodedBytes, decoded: decoder.decodedBytes))
        }
    }

    private func translate(_ failure: ContentDecoder.Failure) -> HTTPClientError {
        let coding = decoder.coding.rawValue
        let detail: String
        switch failure {
        case .tooLarge(let limit):
            detail =
                "the \(coding) body decodes to more than the \(limit)-byte limit (decompression bomb refused "
                + "after \(decoder.encodedBytes) encoded bytes); raise maxResponseBytes if that is expected"
        case .ratio(let limit, let encoded, let decoded):
            detail =
                "the \(coding) body expands more than \(limit) times (\(encoded) → \(decoded) bytes so far; "
                + "decompression bomb refused); raise maxExpansionRatio if that is expected"
        case .corrupt(let message):
            detail = "the \(coding) data is corrupt: \(message)"
        case .truncated:
            detail = "the \(coding) data ends early (after \(decoder.encodedBytes) bytes): the body was cut short"
        case .trailingData:
            detail = "bytes follow the end of the \(coding) data"
        }
        return .contentDecodingFailed(endpoint, detail: detail)
    }
}
