import RampartHTTP
import Testing

@Suite("Proxy credentials")
struct ProxyCredentialsTests {
    @Test("user:password splits at the first colon; the password may hold colons or be empty")
    func parses() throws {
        #expect(try ProxyCredentials(line: "alice:s3cret") == ProxyCredentials(username: "alice", password: "s3cret"))
        #expect(try ProxyCredentials(line: "alice:a:b:c").password == "a:b:c")
        #expect(try ProxyCredentials(line: "alice:").password == "")
    }

    @Test("a line without a colon or without a user is refused, and the error never quotes the line")
    func refuses() {
        for line in ["alice-s3cret", ":s3cret", ""] {
            #expect {
                try ProxyCredentials(line: line)
            } throws: { error in
                guard case .invalidProxyConfiguration(let detail) = error as? HTTPClientError else { return false }
                return detail.contains("user:password") && (line.isEmpty || !"\(error)".contains(line))
            }
        }
        #expect(ProxyCredentials(username: "alice", password: "s3cret").description == "alice:***")
    }

    @Test("credentials go on every proxy set, replacing those of the proxy URL, and on none when there is none")
    func applies() throws {
        let credentials = ProxyCredentials(username: "alice", password: "s3cret")
        let settings = ProxySettings(https: try HTTPProxy(url: "http://bob:old@proxy.corp:3128")).applying(credentials)
        #expect(settings.https?.username == "alice" && settings.https?.password == "s3cret")
        #expect(settings.http == nil && settings.hasProxy)
        #expect(!ProxySettings.direct.applying(credentials).hasProxy)
    }
}
