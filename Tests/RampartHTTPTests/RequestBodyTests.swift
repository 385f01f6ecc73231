import Foundation
import NIOCore
import NIOHTTP1
import RampartHTTP
import RampartPolicy
import RampartTestKit
import Testing

/// The client never puts more or fewer bytes on the wire than a request declares, and never
/// writes a method or header that would let one request smuggle another.
@Suite("HTTP client: request framing")
struct RequestBodyTests {
    /// Cleartext to 127.0.0.1 is allowed under this policy, so the lab's plain HTTP server can serve.
    static func client(configure: (inout HTTPClientConfiguration) -> Void = { _ in }) throws -> HTTPClient {
        var policy = ATSConfiguration()
        policy.allowsLocalNetworking = true
        return try LabHTTP.client(policy: policy, configure: configure)
    }

    static func send(_ client: HTTPClient, _ request: HTTPRequest) async -> Result<[UInt8], HTTPClientError> {
        do {
            let response = try await client.execute(request)
            return .success(try await response.body.collect())
        } catch {
            return .failure(error)
        }
    }

    @Test(
        "methods, header names and values that break HTTP/1.1 framing are refused before connecting",
        arguments: [
            (HTTPMethod.RAW(value: "GET / HTTP/1.1\r\nHost: evil\r\n\r\nGET"), "X-Fine", "1"),
            (HTTPMethod.RAW(value: ""), "X-Fine", "1"),
            (HTTPMethod.GET, "X Bad", "1"),
            (HTTPMethod.GET, "X-Bad", "1\r\nX-Smuggled: 1"),
            (HTTPMethod.GET, "X-Bad", "nul\u{0}"),
        ])
    func syntax(method: HTTPMethod, name: String, value: String) async throws {
        try await LabWebServer.withServer(LabWebServerConfiguration(chain: nil)) { server in
            let client = try Self.client()
            defer { client.shutdown() }
            var request = HTTPRequest(url: LabHTTP.url(server.baseURL + "/echo"), method: method)
            request.headers.add(name: name, value: value)
            guard case .failure(.invalidRequest(let detail)) = await Self.send(client, request) else {
                Issue.record("\(method) \(name): \(value.debugDescription) was not refused")
                return
            }
            #expect(!detail.isEmpty)
            #expect(server.connectionsAccepted == 0)
        }
    }

    @Test("a stream longer than its declared length fails without sending the excess; a shorter one fails too")
    func declaredLength() async throws {
        try await LabWebServer.withServer(LabWebServerConfiguration(chain: nil)) { server in
            let client = try Self.client()
            defer { client.shutdown() }
            for (declared, given) in [(5, "hello world"), (20, "short")] {
                var request = HTTPRequest(url: LabHTTP.url(server.baseURL + "/echo"), method: .POST)
                request.body = .stream(length: declared) {
                    AsyncThrowingStream { continuation in
                        continuation.yield(ByteBuffer(string: given))
                        continuation.finish()
                    }
                }
                guard case .failure(.requestBodyFailed) = await Self.send(client, request) else {
                    Issue.record("declared \(declared), gave \(given.count): not refused")
                    continue
                }
            }
            try await Task.sleep(for: .milliseconds(200))
            #expect(server.requestsServed == 0)
        }
    }

    @Test("a body of unknown length stops at maxStreamedRequestBytes")
    func streamedLimit() async throws {
        try await LabWebServer.withServer(LabWebServerConfiguration(chain: nil)) { server in
            let client = try Self.client { $0.limits.maxStreamedRequestBytes = 100_000 }
            defer { client.shutdown() }
            var request = HTTPRequest(url: LabHTTP.url(server.baseURL + "/echo"), method: .POST)
            request.body = .stream(length: nil) {
                AsyncThrowingStream { continuation in
                    for _ in 0..<100 { continuation.yield(ByteBuffer(repeating: 0x61, count: 10_000)) }
                    continuation.finish()
                }
            }
            guard case .failure(.requestBodyTooLarge(_, let limit)) = await Self.send(client, request) else {
                Issue.record("an endless stream was not stopped")
                return
            }
            #expect(limit == 100_000)
            #expect(server.requestsServed == 0)
        }
    }

    @Test("a pipe is sent chunked, and a 307 that would need it again fails instead of sending it empty")
    func singleUseBody() async throws {
        try await LabWebServer.withServer(LabWebServerConfiguration(chain: nil)) { server in
            let client = try Self.client()
            defer { client.shutdown() }
            let pipe = Pipe()
            try pipe.fileHandleForWriting.write(contentsOf: Data("from a pipe".utf8))
            try pipe.fileHandleForWriting.close()
            let path = "/proc/self/fd/\(pipe.fileHandleForReading.fileDescriptor)"
            let body = try HTTPRequestBody.file(URL(fileURLWithPath: path))
            #expect(body.length == nil)
            #expect(!body.isReplayable)
            let target = (server.baseURL + "/echo").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let request = HTTPRequest(
                url: LabHTTP.url(server.baseURL + "/redirect/307?to=\(target)"), method: .POST, body: body)
            guard case .failure(.requestBodyFailed(let detail)) = await Self.send(client, request) else {
                Issue.record("the 307 repeated a body read once")
                return
            }
            #expect(detail.contains("read once"))
            #expect(server.requests.first?.header("Transfer-Encoding")?.lowercased() == "chunked")
            #expect(String(decoding: server.requests.first?.body ?? [], as: UTF8.self) == "from a pipe")
            #expect(server.requestsServed == 1)
        }
    }

    @Test("a kept-alive connection closed unanswered is not tried again with the rest of a pipe")
    func staleConnectionKeepsPipeBody() async throws {
        try await LabScriptedPeer.with(.answersOnce) { port in
            let client = try Self.client { $0.timeouts = HTTPTimeouts(all: .seconds(10)) }
            defer { client.shutdown() }
            let url = LabHTTP.url("http://127.0.0.1:\(port)/")
            guard case .success = await Self.send(client, HTTPRequest(url: url)) else {
                Issue.record("the first request failed")
                return
            }
            let pipe = Pipe()
            try pipe.fileHandleForWriting.write(contentsOf: Data(repeating: 0x42, count: 20_000))
            try pipe.fileHandleForWriting.close()
            let body = try HTTPRequestBody.file(
                URL(fileURLWithPath: "/proc/self/fd/\(pipe.fileHandleForReading.fileDescriptor)"))
            let result = await Self.send(client, HTTPRequest(url: url, method: .PUT, body: body))
            guard case .failure(.connectionClosed(_, let detail)) = result else {
                Issue.record("expected the connection's close, got \(result)")
                return
            }
            #expect(detail.contains("was not sent again because its body"), "\(detail)")
            withExtendedLifetime(pipe) {}
        }
    }
}
