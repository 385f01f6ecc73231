// Fuzzes the Objective-C tokenizer (`ObjectiveCTokenizer.tokens`) and the analyzer over it: tokens cover the
// input in order without overlap (only blank bytes between them), each token's line and column are where its
// first byte is, its text is its bytes; dropping comments drops exactly the comment tokens; the analyzer never
// crashes and puts every finding on a line of the file.
import Foundation
import RampartScan

enum FuzzObjectiveCTokenizer {
    static let target = FuzzTarget(
        name: "objc-tokenizer", maxLength: 64 * 1024,
        summary: "ObjectiveCTokenizer.tokens and ObjectiveCAnalyzer: comments, literals, @\"…\", preprocessor lines",
        run: run)

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    static func run(_ data: Data) {
        let name = target.name
        let bytes = Array(data)
        let tokens = ObjectiveCTokenizer.tokens(in: bytes, keepComments: true)
        var end = 0
        var line = 1
        var column = 1
        var previous = (0, 0)
        for token in tokens {
            FuzzCheck.require(!token.range.isEmpty, name, "an empty token at \(token.range)")
            FuzzCheck.require(token.range.lowerBound >= end, name, "tokens overlap or go back at \(token.range)")
            FuzzCheck.require(token.range.upperBound <= bytes.count, name, "a token ends past the input")
            for byte in bytes[end..<token.range.lowerBound] {
                FuzzCheck.require(isBlank(byte), name, "byte \(byte) between tokens is in no token")
            }
            for byte in bytes[end..<token.range.lowerBound] {
                (line, column) = byte == 0x0A ? (line + 1, 1) : (line, column + 1)
            }
            FuzzCheck.require(
                token.line == line && token.column == column, name,
                "token at byte \(token.range.lowerBound) says \(token.line):\(token.column), is at \(line):\(column)")
            FuzzCheck.require((token.line, token.column) > previous, name, "positions do not increase")
            previous = (token.line, token.column)
            FuzzCheck.require(
                token.text == String(decoding: bytes[token.range], as: UTF8.self), name,
                "a token's text is not its bytes")
            for byte in bytes[token.range] { (line, column) = byte == 0x0A ? (line + 1, 1) : (line, column + 1) }
            end = token.range.upperBound
        }
        for byte in bytes[end...] {
            FuzzCheck.require(isBlank(byte), name, "trailing byte \(byte) is in no token")
        }
        let code = ObjectiveCTokenizer.tokens(in: bytes)
        FuzzCheck.require(
            code == tokens.filter { $0.kind != .comment }, name, "dropping comments changed other tokens")
        let result = ObjectiveCAnalyzer().analyze(ScanFile(path: "fuzz.m", contents: bytes))
        for finding in result.findings {
            FuzzCheck.require(finding.line >= 1 && finding.line <= line, name, "a finding on line \(finding.line)")
        }
    }
}
