// Lengths in named units, and edits judged on the text they would make.

import Foundation
import RampartValidation
import Testing

@Suite("Text: lengths and edits")
struct TextLimitTests {
    @Test func unitsCountDifferently() {
        let family = "👩‍👩‍👧"
        #expect(TextUnit.graphemeClusters.length(of: family) == 1)
        #expect(TextUnit.unicodeScalars.length(of: family) == 5)
        #expect(TextUnit.utf8Bytes.length(of: family) == 18)
        #expect(TextUnit.utf16CodeUnits.length(of: family) == 8)
        let decomposed = "e\u{301}"
        #expect(TextUnit.graphemeClusters.length(of: decomposed) == 1)
        #expect(TextUnit.unicodeScalars.length(of: decomposed) == 2)
        #expect(TextUnit.graphemeClusters.length(of: "🇫🇷🇩🇪") == 2)
    }

    @Test func editsAreJudgedOnTheResult() {
        let limit = TextLimit(maximum: 5, unit: .graphemeClusters)
        // A combining mark joins the last character: still 5.
        #expect(limit.allows("hello", replacing: NSRange(location: 5, length: 0), with: "\u{301}"))
        // A ZWJ and a woman join the family emoji: still one character.
        let text = "abcd👩‍👩"
        #expect(
            limit.allows(text, replacing: NSRange(location: (text as NSString).length, length: 0), with: "\u{200D}👧"))
        #expect(!limit.allows("hello", replacing: NSRange(location: 5, length: 0), with: "!"))
        // Replacing a selection: 5 - 2 + 2.
        #expect(limit.allows("hello", replacing: NSRange(location: 1, length: 2), with: "👍🏽👍🏽"))
        // A range outside the text, or splitting a surrogate pair, is refused.
        #expect(!limit.allows("hi", replacing: NSRange(location: 3, length: 0), with: "a"))
        #expect(!limit.allows("😀", replacing: NSRange(location: 1, length: 0), with: "a"))
        // Deleting from a text already over the limit is allowed.
        #expect(limit.allows("toolong", replacing: NSRange(location: 0, length: 1), with: ""))
        let bytes = TextLimit(maximum: 20, unit: .utf8Bytes)
        #expect(!bytes.allows("hello", replacing: NSRange(location: 5, length: 0), with: "👩‍👩‍👧"))
        #expect(bytes.allows("hello", replacing: "hello".endIndex..<"hello".endIndex, with: "é"))
    }
}
