import Foundation
import NIOConcurrencyHelpers
import NIOHTTP1
import RampartHTTP
import RampartPolicy
import RampartTestKit
import Testing

/// gzip and deflate bodies are decoded when the client asked for them, bounded by the body limit
/// and the expansion ratio; bodies made by Python's zlib at test time, served raw by a scripted peer.
@Suite("HTTP client: content decoding")
struct ContentDecodingTests {
    /// Cleartext to 127.0.0.1 is allowed under this policy, so the scripted peer can serve.
    static func client(configure: (inout HTTPClientConfiguration) -> Void = { _ in }) throws -> HTTPClient {
        var policy = ATSConfiguration()
        policy.allowsLocalNetworking = true
        return try LabHTTP.client(policy: policy, configure: configure)
    }

    /// The bytes a Python snippet writes to standard output (the encoded bodies are made by zlib,
    /// not by the code under test).
    static func python(_ script: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return Array(data)
    }

    /// `text` compressed by Python: `gzip` (gzip wrapper) or `deflate` (zlib wrapper, RFC 9110).
    static func encoded(_ text: String, _ coding: String) throws -> [UInt8] {
        let call = coding == "gzip" ? "gzip.compress(data)" : "zlib.compress(data)"
        return try python(
            "import gzip, sys, zlib; data = \(pythonLiteral(text)).encode(); sys.stdout.buffer.write(\(call))")
    }

    static func pythonLiteral(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// 1 GB of zeros, gzip-compressed a megabyte at a time (never held decoded).
    static let bomb: [UInt8] = {
        (try? python(
            "import sys, zlib\nc = zlib.compressobj(9, zlib.DEFLATED, 31)\nz = bytes(1 << 20)\nout = sys.stdout.buffer\n"
                + "for _ in range(1024): out.write(c.compress(z))\nout.write(c.flush())")) ?? []
    }()

    static func response(_ body: [UInt8], coding: String) -> [UInt8] {
        response(body, codings: [coding])
    }

    /// A response with one `Content-Encoding` field per entry of `codings`.
    static func response(_ body: [UInt8], codings: [String]) -> [UInt8] {
        let fields = codings.map { "Content-Encoding: \($0)\r\n" }.joined()
        return Array("HTTP/1.1 200 OK\r\n\(fields)Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// The body (or error) and the decoding events of one GET to a peer that sends `bytes`.
    static func fetch(
        _ bytes: [UInt8], request configureRequest: (inout HTTPRequest) -> Void = { _ in },
        configure: @escaping (inout HTTPClientConfiguration) -> Void = { $0.decompression = true }
    ) async throws -> (Result<[UInt8], HTTPClientError>, [String]) {
        let events = NIOLockedValueBox<[String]>([])
        let client = try client {
            configure(&$0)
            $0.onEvent = { event in
                if case .decoded = event { events.withLockedValue { $0.append(event.description) } }
            }
        }
        defer { client.shutdown() }
        let result = try await LabScriptedPeer.with(.send(bytes)) { port in
            var request = HTTPRequest(url: LabHTTP.url("http://127.0.0.1:\(port)/"))
            configureRequest(&request)
            do throws(HTTPClientError) {
                let response = try await client.execute(request)
                return Result<[UInt8], HTTPClientError>.success(try await response.body.collect())
            } catch {
                return .failure(error)
            }
        }
        return (result, events.withLockedValue { $0 })
    }

    static let text = String(repeating: "Rampart decodes what it asked for. ", count: 400)

    @Test("gzip and deflate bodies are decoded, and the decoding is reported", arguments: ["gzip", "deflate"])
    func decodes(coding: String) async throws {
        let body = try Self.encoded(Self.text, coding)
        let (result, events) = try await Self.fetch(Self.response(body, coding: coding))
        #expect(try result.get() == Array(Self.text.utf8))
        #expect(events == ["decoded \(coding): \(body.count) → \(Self.text.utf8.count) bytes"])
    }

    @Test("Without decompression, an encoded body nobody asked for is handed over as sent")
    func rawWhenNotAsked() async throws {
        let body = try Self.encoded(Self.text, "gzip")
        let (result, events) = try await Self.fetch(Self.response(body, coding: "gzip"), configure: { _ in })
        #expect(try result.get() == body)
        #expect(events.isEmpty)
    }

    @Test("A request's own Accept-Encoding gets its gzip response decoded")
    func ownAcceptEncoding() async throws {
        let body = try Self.encoded(Self.text, "gzip")
        let (result, _) = try await Self.fetch(
            Self.response(body, coding: "gzip"), request: { $0.headers.add(name: "Accept-Encoding", value: "gzip") },
            configure: { _ in })
        #expect(try result.get() == Array(Self.text.utf8))
    }

    @Test("decompression sends Accept-Encoding: gzip, deflate; a request's own value is kept")
    func advertises() async throws {
        let client = try LabHTTP.client { $0.decompression = true }
        defer { client.shutdown() }
        try await LabWebServer.withServer(LabWebServerConfiguration(chain: try LabHTTP.pki.chain(.good))) { server in
            let url = LabHTTP.url("https://localhost:\(server.port)/echo")
            _ = try await client.execute(HTTPRequest(url: url)).body.collect()
            #expect(
                server.requests.last?.headers.filter { $0.0.lowercased() == "accept-encoding" }.map(\.1) == [
                    "gzip, deflate"
                ])
            var own = HTTPRequest(url: url)
            own.headers.add(name: "Accept-Encoding", value: "gzip")
            _ = try await client.execute(own).body.collect()
            #expect(
                server.requests.last?.headers.filter { $0.0.lowercased() == "accept-encoding" }.map(\.1) == ["gzip"])
        }
    }

    @Test("A gzip bomb (1 GB of zeros) is refused at the body limit, naming the limit")
    func bombAtSizeLimit() async throws {
        try #require(!Self.bomb.isEmpty)
        let (result, _) = try await Self.fetch(
            Self.response(Self.bomb, coding: "gzip"),
            configure: {
                $0.decompression = true
                $0.limits.maxExpansionRatio = 1_000_000
                $0.limits.maxResponseBytes = 8 << 20
            })
        guard case .failure(.contentDecodingFailed(_, let detail)) = result else {
            Issue.record("expected a decoding failure, got \(result)")
            return
        }
        #expect(detail.contains("more than the 8388608-byte limit"))
        #expect(detail.contains("decompression bomb"))
    }

    @Test("A gzip bomb is refused at the default 100:1 expansion ratio")
    func bombAtRatio() async throws {
        try #require(!Self.bomb.isEmpty)
        let (result, _) = try await Self.fetch(Self.response(Self.bomb, coding: "gzip"))
        guard case .failure(let error) = result, case .contentDecodingFailed(_, let detail) = error else {
            Issue.record("expected a decoding failure, got \(result)")
            return
        }
        #expect(detail.contains("expands more than 100 times"))
        #expect(error.description.contains("reading the response body"))
    }

    @Test("Truncated and corrupt gzip bodies fail clearly")
    func truncatedAndCorrupt() async throws {
        let body = try Self.encoded(Self.text, "gzip")
        let (cut, _) = try await Self.fetch(Self.response(Array(body.prefix(body.count / 2)), coding: "gzip"))
        guard case .failure(.contentDecodingFailed(_, let detail)) = cut else {
            Issue.record("expected a decoding failure, got \(cut)")
            return
        }
        #expect(detail.contains("ends early"))
        let (corrupt, _) = try await Self.fetch(Self.response(Array("not gzip at all".utf8), coding: "gzip"))
        guard case .failure(.contentDecodingFailed(_, let corruptDetail)) = corrupt else {
            Issue.record("expected a decoding failure, got \(corrupt)")
            return
        }
        #expect(corruptDetail.contains("corrupt"))
    }

    @Test(
        "A coding the client does not decode (br, zstd) is an error when decoding was asked for",
        arguments: ["br", "zstd"])
    func unsupported(coding: String) async throws {
        let (result, _) = try await Self.fetch(Self.response(Array("whatever".utf8), coding: coding))
        guard case .failure(.contentDecodingFailed(_, let detail)) = result else {
            Issue.record("expected a decoding failure, got \(result)")
            return
        }
        #expect(detail.contains("Content-Encoding: \(coding)"))
    }

    @Test(
        "Two codings, in one Content-Encoding field or in two, are refused: the client decodes one layer",
        arguments: [["gzip, gzip"], ["gzip", "gzip"], ["gzip", "deflate"], ["identity, gzip", "x-gzip"]])
    func stackedCodings(fields: [String]) async throws {
        let body = try Self.encoded(Self.text, "gzip")
        let (result, _) = try await Self.fetch(Self.response(body, codings: fields))
        guard case .failure(.contentDecodingFailed(_, let detail)) = result else {
            Issue.record("expected a decoding failure, got \(result)")
            return
        }
        #expect(detail.contains("2 codings"), "\(detail)")
    }

    @Test(
        "identity entries of Content-Encoding are ignored, in any field and place",
        arguments: [["identity", "gzip"], ["gzip, identity"], ["Identity,gzip"], ["gzip", "identity"]])
    func identityIgnored(fields: [String]) async throws {
        let body = try Self.encoded(Self.text, "gzip")
        let (result, events) = try await Self.fetch(Self.response(body, codings: fields))
        #expect(try result.get() == Array(Self.text.utf8))
        #expect(events.count == 1)
    }
}
