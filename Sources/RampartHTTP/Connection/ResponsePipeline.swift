import NIOCore
import NIOHTTP1

/// The HTTP/1.1 handlers of every client connection, bounded by the client's limits: the request
/// encoder, the response decoder (header bytes and count capped, informational responses dropped)
/// and the ``ResponseReader`` that hands parts to the request's task. One place, so the fuzz
/// target reads responses exactly as connections do.
package enum ResponsePipeline {
    /// Adds the handlers to `pipeline` and returns the reader.
    package static func install(in pipeline: ChannelPipeline.SynchronousOperations, limits: HTTPLimits) throws
        -> ResponseReader
    {
        var decoderLimits = NIOHTTPDecoderLimitConfiguration()
        decoderLimits.maxHeaderListSize = limits.maxHeaderBytes
        decoderLimits.maxHeaderFieldSize = limits.maxHeaderBytes
        decoderLimits.maxHeaderFieldCount = limits.maxHeaderCount
        try pipeline.addHandler(HTTPRequestEncoder())
        try pipeline.addHandler(
            ByteToMessageHandler(
                HTTPResponseDecoder(
                    leftOverBytesStrategy: .dropBytes, informationalResponseStrategy: .drop,
                    limitConfiguration: decoderLimits)))
        let reader = ResponseReader()
        try pipeline.addHandler(reader)
        return reader
    }
}
