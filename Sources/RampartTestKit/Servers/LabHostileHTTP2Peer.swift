import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// A hostile HTTP/2 server on loopback, over TLS with a lab chain: it selects `h2` by ALPN, reads
/// the client's preface and SETTINGS (and acknowledges them, so the client's settings, push off
/// included, are in force), then answers every request stream with the frames of its
/// ``LabHTTP2Attack``, written byte by byte (``LabHTTP2Frame``): what a well-behaved HTTP/2
/// library would refuse to send. Floods stop when the client closes the connection, or after
/// 100,000 frames.
///
/// Prefer ``withPeer(_:chain:host:_:)``, which stops the peer however the body ends:
///
/// ```swift
/// let chain = try LabPKI.shared().chain(.good)
/// try await LabHostileHTTP2Peer.withPeer(.settingsFlood, chain: chain) { peer in
///     let error = await failure(of: client.get(peer.baseURL + "/"))   // names maxControlFrames
///     print(peer.framesSent, peer.streamsOpened)
/// }
/// ```
public final class LabHostileHTTP2Peer: Sendable {
    /// The address the peer listens on.
    public let host: String
    /// The port the system assigned.
    public let port: Int
    /// What the peer does to each request.
    public let attack: LabHTTP2Attack

    private let channel: any Channel
    private let connections: LabChannelSet
    private let record: NIOLockedValueBox<Record>

    /// What the peer saw and sent, for assertions.
    struct Record {
        var connections = 0
        var streams = 0
        var requestBodyBytes = 0
        var framesSent = 0
        /// Streams reset with `REFUSED_STREAM` (``LabHTTP2Attack/refusesStreams(count:afterBodyBytes:)``).
        var refusals = 0
    }

    private init(
        channel: any Channel, host: String, attack: LabHTTP2Attack, connections: LabChannelSet,
        record: NIOLockedValueBox<Record>
    ) {
        self.channel = channel
        self.host = host
        self.attack = attack
        self.connections = connections
        self.record = record
        port = channel.localAddress?.port ?? 0
    }

    /// `https://127.0.0.1:PORT` (`[::1]` for IPv6), without a trailing slash.
    public var baseURL: String { "https://\(host.contains(":") ? "[\(host)]" : host):\(port)" }

    /// TCP connections accepted so far.
    public var connectionsAccepted: Int { record.withLockedValue { $0.connections } }
    /// Request streams the clients opened (`HEADERS` frames received) so far.
    public var streamsOpened: Int { record.withLockedValue { $0.streams } }
    /// Request body bytes received in `DATA` frames so far.
    public var requestBodyBytes: Int { record.withLockedValue { $0.requestBodyBytes } }
    /// Frames of the attack written so far (floods count every frame).
    public var framesSent: Int { record.withLockedValue { $0.framesSent } }
    /// Request streams reset with `REFUSED_STREAM` so far.
    public var streamsRefused: Int { record.withLockedValue { $0.refusals } }

    /// Starts a peer listening on `host` (`127.0.0.1` or `::1`) with `chain`'s certificates and key.
    public static func start(_ attack: LabHTTP2Attack, chain: LabChain, host: String = "127.0.0.1") async throws
        -> LabHostileHTTP2Peer
    {
        try LabLoopbackOnly.check(host, listener: "the hostile HTTP/2 peer")
        var tls = try LabServer.makeTLSConfiguration(LabServerConfiguration(chain: chain, host: host))
        tls.applicationProtocols = ["h2"]
        let context = try NIOSSLContext(configuration: tls)
        let connections = LabChannelSet()
        let record = NIOLockedValueBox(Record())
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                guard connections.register(child) else { return child.eventLoop.makeSucceededVoidFuture() }
                record.withLockedValue { $0.connections += 1 }
                return child.eventLoop.makeCompletedFuture {
                    let sync = child.pipeline.syncOperations
                    try sync.addHandler(NIOSSLServerHandler(context: context))
                    try sync.addHandler(HostileHTTP2Handler(attack: attack, record: record))
                }
            }
            .bind(host: host, port: 0)
            .get()
        return LabHostileHTTP2Peer(
            channel: channel, host: host, attack: attack, connections: connections, record: record)
    }

    /// Runs `body` with a started peer and stops the peer afterwards, also when `body` throws.
    public static func withPeer<Result: Sendable>(
        _ attack: LabHTTP2Attack, chain: LabChain, host: String = "127.0.0.1",
        _ body: (LabHostileHTTP2Peer) async throws -> Result
    ) async throws -> Result {
        let peer = try await start(attack, chain: chain, host: host)
        return try await LabLifecycle.using(peer, stop: { try await $0.stop() }, body)
    }

    /// Stops listening and closes every open connection (a flood in progress ends with it).
    public func stop() async throws {
        try? await channel.close()
        for connection in connections.stop() {
            try? await connection.close()
        }
    }
}

/// One connection of the hostile peer, after TLS: reads the client's frames and answers each
/// request stream with the attack. Confined to the channel's event loop.
final class HostileHTTP2Handler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let attack: LabHTTP2Attack
    private let record: NIOLockedValueBox<LabHostileHTTP2Peer.Record>
    private var received = ByteBuffer()
    private var prefaceSeen = false
    private var flooding = false
    /// Per request stream: body bytes received, and whether the stream is to be refused
    /// (``LabHTTP2Attack/refusesStreams(count:afterBodyBytes:)``); removed once answered.
    private var requests: [UInt32: (bodyBytes: Int, refuse: Bool)] = [:]
    private var answered: Set<UInt32> = []

    /// Frames written per flush while flooding, and the most a flood writes.
    private static let batchFrames = 250
    private static let maxFloodFrames = 100_000
    /// The largest frame payload the client accepts unless it says otherwise (RFC 9113 §4.2).
    private static let maxFrameSize = 16_384

    init(attack: LabHTTP2Attack, record: NIOLockedValueBox<LabHostileHTTP2Peer.Record>) {
        self.attack = attack
        self.record = record
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        received.writeBuffer(&bytes)
        if !prefaceSeen {
            let preface = LabHTTP2Frame.clientPreface
            guard received.readableBytes >= preface.count else { return }
            guard received.readBytes(length: preface.count) == preface else {
                context.close(promise: nil)
                return
            }
            prefaceSeen = true
            // The server's preface: its SETTINGS (all defaults).
            write(context, LabHTTP2Frame.bytes(.settings, stream: 0))
        }
        while let (kind, flags, stream, payload) = nextFrame() {
            handle(context: context, kind: kind, flags: flags, stream: stream, payload: payload)
        }
        received.discardReadBytes()
        context.flush()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    /// The next whole frame received: type, flags, stream and payload length.
    private func nextFrame() -> (UInt8, UInt8, UInt32, Int)? {
        guard let header = received.getBytes(at: received.readerIndex, length: LabHTTP2Frame.headerSize) else {
            return nil
        }
        let length = Int(header[0]) << 16 | Int(header[1]) << 8 | Int(header[2])
        guard received.readableBytes >= LabHTTP2Frame.headerSize + length else { return nil }
        received.moveReaderIndex(forwardBy: LabHTTP2Frame.headerSize + length)
        let stream = header[5..<9].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } & 0x7FFF_FFFF
        return (header[3], header[4], stream, length)
    }

    private func handle(context: ChannelHandlerContext, kind: UInt8, flags: UInt8, stream: UInt32, payload: Int) {
        switch LabHTTP2Frame.Kind(rawValue: kind) {
        case .settings where flags & LabHTTP2Frame.ack == 0:
            write(context, LabHTTP2Frame.bytes(.settings, flags: LabHTTP2Frame.ack, stream: 0))
        case .headers:
            record.withLockedValue { $0.streams += 1 }
            attack(context: context, stream: stream)
            progress(context: context, stream: stream, bodyBytes: 0, ended: flags & LabHTTP2Frame.endStream != 0)
        case .data:
            record.withLockedValue { $0.requestBodyBytes += payload }
            progress(context: context, stream: stream, bodyBytes: payload, ended: flags & LabHTTP2Frame.endStream != 0)
        default:
            break
        }
    }

    /// The attack's answer to a request on `stream`.
    private func attack(context: ChannelHandlerContext, stream: UInt32) {
        typealias Frame = LabHTTP2Frame
        let status = [Frame.status200]
        switch attack {
        case .settingsFlood:
            flood(context, Frame.bytes(.settings, stream: 0))
        case .pingFlood:
            flood(context, Frame.bytes(.ping, stream: 0, payload: Array("rampart!".utf8)))
        case .windowUpdateFlood:
            flood(context, Frame.bytes(.windowUpdate, stream: 0, payload: Frame.word(1)))
        case .resetStorm:
            sent(context, Frame.bytes(.rstStream, stream: stream, payload: Frame.word(0x2)))
        case .continuationFlood:
            sent(context, Frame.bytes(.headers, stream: stream, payload: status))
            flood(context, Frame.bytes(.continuation, stream: stream))
        case .oversizedHeaderList(let bytes):
            let block = status + Frame.hpackLiteral(name: "x-filler", value: Array(repeating: 0x61, count: bytes))
            sent(context, headerBlock(block, stream: stream, endStream: true))
        case .hpackTableGrowth(let size):
            let block =
                Frame.hpackTableSizeUpdate(size) + status
                + Frame.hpackIndexedLiteral(name: "x-grow", value: Array(repeating: 0x62, count: 1000))
            sent(
                context,
                Frame.bytes(.headers, flags: Frame.endHeaders | Frame.endStream, stream: stream, payload: block))
        case .neverOpensWindow:
            break
        case .oversizedDataFrame(let bytes):
            sent(context, Frame.bytes(.headers, flags: Frame.endHeaders, stream: stream, payload: status))
            sent(
                context,
                Frame.bytes(
                    .data, flags: Frame.endStream, stream: stream, payload: Array(repeating: 0x63, count: bytes)))
        case .body(let bytes):
            sent(context, Frame.bytes(.headers, flags: Frame.endHeaders, stream: stream, payload: status))
            var left = bytes
            repeat {
                let size = min(left, Self.maxFrameSize)
                left -= size
                let flags = left == 0 ? Frame.endStream : 0
                sent(
                    context,
                    Frame.bytes(.data, flags: flags, stream: stream, payload: Array(repeating: 0x64, count: size)))
            } while left > 0
        case .pushPromise:
            // Promised stream 2: :method GET, :path /, :scheme https (HPACK static 2, 4, 7).
            let promise = Frame.word(2) + [0x82, 0x84, 0x87]
            sent(context, Frame.bytes(.pushPromise, flags: Frame.endHeaders, stream: stream, payload: promise))
        case .invalidStatus(let text):
            let block = Frame.hpackLiteral(name: ":status", value: Array(text.utf8))
            sent(
                context,
                Frame.bytes(.headers, flags: Frame.endHeaders | Frame.endStream, stream: stream, payload: block))
        case .refusesStreams:
            break  // answered as the request arrives (`progress`)
        }
    }

    /// How far the request on `stream` has come, for the attacks that answer after reading
    /// (part of) the body: refuses it or answers it.
    private func progress(context: ChannelHandlerContext, stream: UInt32, bodyBytes: Int, ended: Bool) {
        guard case .refusesStreams(let count, let afterBodyBytes) = attack, !answered.contains(stream) else { return }
        var request: (bodyBytes: Int, refuse: Bool)
        if let known = requests[stream] {
            request = known
        } else {
            // A new stream: refused while the attack's count of refusals is not spent.
            let refuse = record.withLockedValue { record in
                guard record.refusals < count else { return false }
                record.refusals += 1
                return true
            }
            request = (0, refuse)
        }
        request.bodyBytes += bodyBytes
        requests[stream] = request
        typealias Frame = LabHTTP2Frame
        if request.refuse && (request.bodyBytes >= afterBodyBytes || ended) {
            // REFUSED_STREAM (0x7): the server did not process the request.
            sent(context, Frame.bytes(.rstStream, stream: stream, payload: Frame.word(0x7)))
        } else if !request.refuse && ended {
            sent(
                context,
                Frame.bytes(
                    .headers, flags: Frame.endHeaders | Frame.endStream, stream: stream, payload: [Frame.status200]))
        } else {
            return
        }
        requests[stream] = nil
        answered.insert(stream)
    }

    /// A header block as a `HEADERS` frame and as many `CONTINUATION` frames as it takes.
    private func headerBlock(_ block: [UInt8], stream: UInt32, endStream: Bool) -> [UInt8] {
        var frames: [UInt8] = []
        var offset = 0
        repeat {
            let end = min(block.count, offset + Self.maxFrameSize)
            let last = end == block.count
            let kind: LabHTTP2Frame.Kind = offset == 0 ? .headers : .continuation
            var flags = last ? LabHTTP2Frame.endHeaders : 0
            if offset == 0 && endStream { flags |= LabHTTP2Frame.endStream }
            frames += LabHTTP2Frame.bytes(kind, flags: flags, stream: stream, payload: Array(block[offset..<end]))
            offset = end
        } while offset < block.count
        return frames
    }

    private func write(_ context: ChannelHandlerContext, _ bytes: [UInt8]) {
        context.write(wrapOutboundOut(context.channel.allocator.buffer(bytes: bytes)), promise: nil)
    }

    /// Writes an attack frame (or frames) and counts it.
    private func sent(_ context: ChannelHandlerContext, _ bytes: [UInt8]) {
        record.withLockedValue { $0.framesSent += 1 }
        write(context, bytes)
    }

    /// Writes `frame` over and over, a batch per flush, each batch once the previous one is
    /// written, until the connection closes or the cap is reached.
    private func flood(_ context: ChannelHandlerContext, _ frame: [UInt8]) {
        guard !flooding else { return }
        flooding = true
        var batch = context.channel.allocator.buffer(capacity: frame.count * Self.batchFrames)
        for _ in 0..<Self.batchFrames { batch.writeBytes(frame) }
        sendBatch(context, batch, remaining: Self.maxFloodFrames / Self.batchFrames)
    }

    private func sendBatch(_ context: ChannelHandlerContext, _ batch: ByteBuffer, remaining: Int) {
        guard remaining > 0, context.channel.isActive else { return }
        record.withLockedValue { $0.framesSent += Self.batchFrames }
        let loop = context.eventLoop.assumeIsolated()
        context.writeAndFlush(wrapOutboundOut(batch)).assumeIsolated().whenSuccess {
            // A new turn of the loop, so a write that completes at once does not recurse.
            loop.execute { self.sendBatch(context, batch, remaining: remaining - 1) }
        }
    }
}
