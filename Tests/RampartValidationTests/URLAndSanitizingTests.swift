// Percent-encoding by component, the URL builder, the last-line-of-defence escapers and the
// user-message catalog.

import Foundation
import RampartValidation
import Testing

@Suite("URLs, escaping and user messages")
struct URLAndSanitizingTests {
    @Test func componentsEncodeWhatWouldChangeStructure() {
        #expect(URLComponent.queryValue.encode("1+1=2 & more#x") == "1%2B1%3D2%20%26%20more%23x")
        #expect(URLComponent.queryName.encode("a=b&c") == "a%3Db%26c")
        #expect(URLComponent.pathSegment.encode("../a/b?c#d") == "..%2Fa%2Fb%3Fc%23d")
        #expect(URLComponent.fragment.encode("a/b?c#d") == "a/b?c%23d")
        #expect(URLComponent.queryValue.encode("100%") == "100%25")
        #expect(URLComponent.pathSegment.encode("café 😀") == "caf%C3%A9%20%F0%9F%98%80")
        // The classic advice's encoding (urlQueryAllowed) leaves & + = alone in a value.
        let classic = "a&admin=1+2".addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)
        #expect(classic == "a&admin=1+2")
    }

    @Test func valuesNeverChangeTheStructure() throws {
        var builder = try SafeURLBuilder(scheme: "HTTPS", host: "API.example.com", port: 8443)
        builder.appendPathSegment("users")
        builder.appendPathSegment("../admin")
        builder.appendQuery("q", "a&admin=1")
        builder.appendQuery("x+y", "#frag")
        builder.setFragment("top?x")
        #expect(builder.string == "https://api.example.com:8443/users/..%2Fadmin?q=a%26admin%3D1&x%2By=%23frag#top?x")
        let url = try #require(builder.url)
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        #expect(components.queryItems?.count == 2)
        #expect(components.queryItems?.first?.value == "a&admin=1")
        #expect(components.percentEncodedPath.split(separator: "/").count == 2)
        #expect(throws: SafeURLBuilder.Refusal.self) { try SafeURLBuilder(scheme: "javascript", host: "x") }
        #expect(throws: SafeURLBuilder.Refusal.self) { try SafeURLBuilder(scheme: "https", host: "evil.com/@good.com") }
        #expect(throws: SafeURLBuilder.Refusal.self) { try SafeURLBuilder(scheme: "https", host: "a.com", port: 0) }
        #expect(try SafeURLBuilder(scheme: "http", host: "[::1]").string == "http://[::1]/")
    }

    @Test func sqlLiteralsDoubleQuotes() throws {
        #expect(try SQLStringLiteral.quote("O'Brien") == "'O''Brien'")
        #expect(try SQLStringLiteral.quote("'; DROP TABLE users; --") == "'''; DROP TABLE users; --'")
        #expect(throws: SQLStringLiteral.Refusal.nulCharacter) { try SQLStringLiteral.quote("a\0b") }
    }

    @Test func shellArgumentsStayOneWord() throws {
        let hostile = "it's; rm -rf ~ $(id) `id` \"x\""
        let quoted = try ShellArgument.quote(hostile)
        #expect(quoted == #"'it'\''s; rm -rf ~ $(id) `id` "x"'"#)
        // The real shell reads it back as one argument, unexpanded.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "printf '%s' " + quoted]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = try pipe.fileHandleForReading.readToEnd() ?? Data()
        process.waitUntilExit()
        #expect(String(decoding: output, as: UTF8.self) == hostile)
        #expect(throws: ShellArgument.Refusal.nulCharacter) { try ShellArgument.quote("\0") }
    }

    @Test func htmlTextAndAttributes() {
        #expect(
            HTMLEscaping.text("<script>alert('x')</script> & co")
                == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co")
        #expect(HTMLEscaping.attribute("\" onmouseover=\"x\0") == "&quot; onmouseover=&quot;x")
    }

    @Test func serverTextIsNeverShown() {
        let catalog = UserMessageCatalog(
            messages: ["card_declined": "Your card was declined."], generic: "Something went wrong. Please try again.")
        let serverText = "ERROR 1064: syntax error near 'users' at db-internal-3.corp:5432 <script>x</script>"
        #expect(catalog.message(forCode: "card_declined", serverText: serverText) == "Your card was declined.")
        for code in [nil, "", "unknown", serverText] as [String?] {
            let shown = catalog.message(forCode: code, serverText: serverText)
            #expect(shown == "Something went wrong. Please try again.")
            #expect(!shown.contains("ERROR") && !shown.contains("db-internal"))
        }
        let localized = UserMessageCatalog.localized(codes: ["card_declined"], table: "Missing", generic: "Generic")
        #expect(localized.message(forCode: "card_declined") == "Generic")
    }
}
