import Testing

@testable import RampartScan

@Suite("Objective-C tokenizer", .timeLimit(.minutes(10)))
struct ObjectiveCTokenizerTests {
    static func kinds(_ text: String, keepComments: Bool = false) -> [(ObjectiveCToken.Kind, String)] {
        ObjectiveCTokenizer.tokens(in: Array(text.utf8), keepComments: keepComments).map { ($0.kind, $0.text) }
    }

    /// Every token lies inside the input, in order, without overlap; the bytes between tokens are blank.
    static func checkCoverage(_ bytes: [UInt8], keepComments: Bool = true) {
        let tokens = ObjectiveCTokenizer.tokens(in: bytes, keepComments: keepComments)
        var end = 0
        for token in tokens {
            #expect(token.range.lowerBound >= end)
            #expect(token.range.upperBound <= bytes.count)
            #expect(!token.range.isEmpty)
            #expect(bytes[end..<token.range.lowerBound].allSatisfy(ObjectiveCTokenizer.isBlank))
            end = token.range.upperBound
        }
        #expect(bytes[end...].allSatisfy(ObjectiveCTokenizer.isBlank))
    }

    @Test("a message send with an Objective-C string: identifiers, punctuation, @\"…\"")
    func messageSend() {
        let tokens = Self.kinds(#"[defaults setObject:password forKey:@"pass\"word"];"#)
        #expect(
            tokens.map(\.1) == [
                "[", "defaults", "setObject", ":", "password", "forKey", ":", #"@"pass\"word""#, "]", ";",
            ])
        #expect(tokens[7].0 == .objectiveCString)
    }

    @Test("a comment marker inside a string is text; a string inside a comment is comment")
    func commentsAndStrings() {
        let tokens = Self.kinds(
            """
            NSString *u = @"http://a.example/*not a comment*/"; // and "not a string" here
            /* "neither" kSecAttrAccessibleAlways */ x;
            """, keepComments: true)
        #expect(tokens.contains { $0.0 == .objectiveCString && $0.1 == #"@"http://a.example/*not a comment*/""# })
        #expect(tokens.contains { $0.0 == .comment && $0.1 == #"// and "not a string" here"# })
        #expect(tokens.contains { $0.0 == .comment && $0.1.contains("kSecAttrAccessibleAlways") })
        #expect(!tokens.contains { $0.0 == .identifier && $0.1 == "kSecAttrAccessibleAlways" })
        #expect(Self.kinds("/* a */ x; // b").map(\.1) == ["x", ";"])
    }

    @Test("unterminated comments and strings end at the end of the input or line, without hanging")
    func unterminated() {
        #expect(Self.kinds("x /* never closed\n y z", keepComments: true).map(\.0) == [.identifier, .comment])
        let string = Self.kinds("a = \"open\nb;")
        #expect(string.map(\.1) == ["a", "=", "\"open", "b", ";"])
        #expect(Self.kinds("@\"\\").map(\.0) == [.objectiveCString])
        #expect(Self.kinds("'").map(\.0) == [.character])
        Self.checkCoverage(Array("x /* never closed".utf8))
        Self.checkCoverage(Array("\"abc\\".utf8))
    }

    @Test("preprocessor lines are one token, continuations included; a # inside a line is punctuation")
    func preprocessor() {
        let tokens = Self.kinds("#import <Foundation/Foundation.h>\n#define KEY \\\n  @\"k\"\nint a = b # c;")
        #expect(tokens[0] == (.preprocessor, "#import <Foundation/Foundation.h>"))
        #expect(tokens[1] == (.preprocessor, "#define KEY \\\n  @\"k\""))
        #expect(tokens.contains { $0 == (.punctuation, "#") })
    }

    @Test("lines and columns count from 1 and follow line breaks inside comments and continuations")
    func positions() {
        let tokens = ObjectiveCTokenizer.tokens(in: Array("a\n  /* x\n y */ b \"s\\\nt\" c".utf8))
        #expect(tokens.map { [$0.line, $0.column] } == [[1, 1], [3, 7], [3, 9], [4, 4]])
    }

    @Test("numbers, keywords and character literals")
    func numbersKeywords() {
        let tokens = Self.kinds("static const int n = 0x1Fu + 1.5e-3 + 10'000; char c = '\\'';")
        #expect(tokens.filter { $0.0 == .number }.map(\.1) == ["0x1Fu", "1.5e-3", "10'000"])
        #expect(tokens.filter { $0.0 == .keyword }.map(\.1) == ["static", "const", "int", "char"])
        #expect(tokens.contains { $0 == (.character, "'\\''") })
    }

    @Test("bytes that are not UTF-8 are tokenized, never a crash, and cover the input")
    func notUTF8() {
        let bytes: [UInt8] =
            Array("NSLog(@\"".utf8) + [0xFF, 0xFE, 0xC3] + Array("\", x); ".utf8) + [0x80, 0x00, 0xFF]
        let tokens = ObjectiveCTokenizer.tokens(in: bytes)
        #expect(tokens.first?.text == "NSLog")
        #expect(tokens.contains { $0.kind == .objectiveCString })
        Self.checkCoverage(bytes)
    }

    @Test("a 10 MB line is read in one pass")
    func longLine() {
        var bytes = Array("x = @\"".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "a"), count: 10 << 20)
        bytes += Array("\"; /*".utf8) + [UInt8](repeating: UInt8(ascii: "b"), count: 1 << 20)
        let tokens = ObjectiveCTokenizer.tokens(in: bytes, keepComments: true)
        #expect(tokens.map(\.kind) == [.identifier, .punctuation, .objectiveCString, .punctuation, .comment])
        #expect(tokens[2].range.count == (10 << 20) + 3)
    }
}
