import Foundation
import RampartTestSupport
import Testing

@Suite("fetch --proxy-credentials-file")
struct FetchProxyCredentialsCLITests {
    let scratch: ScratchFolder

    init() throws { scratch = try ScratchFolder("rampart-fetch-proxy-credentials") }

    @Test("a first line that is not user:password is bad input (65), named, and the line is never echoed")
    func malformedLine() async throws {
        let file = scratch.url.appendingPathComponent("credentials")
        try Data("no-colon-s3cret\n".utf8).write(to: file)
        let result = try await RampartBinary.run([
            "fetch", "https://localhost/", "--proxy", "http://127.0.0.1:9", "--proxy-credentials-file", file.path,
        ])
        #expect(result.exitCode == 65)
        #expect(result.standardErrorText.contains("user:password"), "\(result.standardErrorText)")
        #expect(!result.standardErrorText.contains("s3cret"))
    }

    @Test("credentials without any proxy are a usage error (2); a missing file is 66")
    func noProxyOrNoFile() async throws {
        let file = scratch.url.appendingPathComponent("credentials")
        try Data("alice:s3cret\n".utf8).write(to: file)
        let noProxy = try await RampartBinary.run(
            ["fetch", "https://localhost/", "--proxy-credentials-file", file.path],
            environment: ["https_proxy": "", "HTTPS_PROXY": "", "http_proxy": ""])
        #expect(noProxy.exitCode == 2, "\(noProxy.standardErrorText)")
        let missing = try await RampartBinary.run([
            "fetch", "https://localhost/", "--proxy", "http://127.0.0.1:9", "--proxy-credentials-file",
            scratch.url.appendingPathComponent("absent").path,
        ])
        #expect(missing.exitCode == 66)
    }
}
