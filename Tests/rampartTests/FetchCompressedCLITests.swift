import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

/// `rampart fetch --compressed`, `-I` and `-L`, as curl users type them, against loopback peers
/// allowed in cleartext by a local-networking policy.
@Suite("rampart fetch --compressed, -I, -L")
struct FetchCompressedCLITests {
    let scratch: ScratchFolder
    let policy: String

    init() throws {
        scratch = try ScratchFolder("rampart-fetch-compressed")
        let file = scratch.url.appendingPathComponent("local.json")
        try Data(#"{"NSAppTransportSecurity":{"NSAllowsLocalNetworking":true}}"#.utf8).write(to: file)
        policy = file.path
    }

    static let text = String(repeating: "curl habits, kept. ", count: 300)

    /// `text` gzip-compressed by Python's gzip module (not by the code under test).
    static func gzipped(_ text: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", "import gzip, sys; sys.stdout.buffer.write(gzip.compress(sys.stdin.buffer.read()))",
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return Array(data)
    }

    static func response(_ body: [UInt8], coding: String) -> [UInt8] {
        Array("HTTP/1.1 200 OK\r\nContent-Encoding: \(coding)\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    @Test("--compressed decodes a gzip body and -v says what was decoded; without it the bytes are written as sent")
    func compressed() async throws {
        let body = try Self.gzipped(Self.text)
        let decoded = try await LabScriptedPeer.with(.send(Self.response(body, coding: "gzip"))) { port in
            try await RampartBinary.run([
                "fetch", "http://127.0.0.1:\(port)/", "--policy", policy, "--compressed", "-v",
            ])
        }
        #expect(decoded.exitCode == 0, "\(decoded.standardErrorText)")
        #expect(decoded.standardOutputText == Self.text)
        #expect(decoded.standardErrorText.contains("* decoded gzip: \(body.count) → \(Self.text.utf8.count) bytes"))
        let raw = try await LabScriptedPeer.with(.send(Self.response(body, coding: "gzip"))) { port in
            try await RampartBinary.run(["fetch", "http://127.0.0.1:\(port)/", "--policy", policy])
        }
        #expect(raw.exitCode == 0, "\(raw.standardErrorText)")
        #expect(Array(raw.standardOutput) == body)
    }

    @Test("--compressed refuses a br body (exit 74) and a corrupt gzip body leaves no -o file")
    func refusals() async throws {
        let brotli = try await LabScriptedPeer.with(.send(Self.response(Array("xx".utf8), coding: "br"))) { port in
            try await RampartBinary.run(["fetch", "http://127.0.0.1:\(port)/", "--policy", policy, "--compressed"])
        }
        #expect(brotli.exitCode == 74)
        #expect(brotli.standardErrorText.contains("Content-Encoding: br"))
        let output = scratch.url.appendingPathComponent("body.out")
        let corrupt = try await LabScriptedPeer.with(.send(Self.response(Array("not gzip".utf8), coding: "gzip"))) {
            port in
            try await RampartBinary.run([
                "fetch", "http://127.0.0.1:\(port)/", "--policy", policy, "--compressed", "-o", output.path,
            ])
        }
        #expect(corrupt.exitCode == 74)
        #expect(corrupt.standardErrorText.contains("corrupt"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("-I sends HEAD and prints the status line and headers; -L is accepted and redirects are followed")
    func headAndLocation() async throws {
        try await LabWebServer.withServer(LabWebServerConfiguration(chain: nil)) { server in
            let head = try await RampartBinary.run(["fetch", server.baseURL + "/", "--policy", policy, "-I"])
            #expect(head.exitCode == 0, "\(head.standardErrorText)")
            #expect(head.standardOutputText.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(!head.standardOutputText.contains("hello from the Rampart lab"))
            #expect(server.requests.last?.method == "HEAD")
            let followed = try await RampartBinary.run([
                "fetch", server.baseURL + "/redirect-chain/2", "--policy", policy, "-L",
            ])
            #expect(followed.exitCode == 0, "\(followed.standardErrorText)")
            #expect(followed.standardOutputText == "end of chain\n")
            let usage = try await RampartBinary.run([
                "fetch", server.baseURL + "/", "--policy", policy, "-I", "-d", "x",
            ])
            #expect(usage.exitCode == 2)
        }
    }
}
