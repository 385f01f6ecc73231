import Foundation
import RampartValidation
import Testing

/// The verdicts `rampart validate image|json` print come from the library, which says what they mean.
@Suite("Validation verdicts")
struct ValidationVerdictTests {
    @Test("a file over the byte cap is suspicious by its size alone, with the same words as one inspected in memory")
    func oversizeImage() {
        let inspector = ImageInspector(limits: ImageLimits(maxBytes: 10))
        #expect(inspector.oversizeReport(byteCount: 10) == nil)
        let unread = inspector.oversizeReport(byteCount: 11)
        #expect(unread?.verdict == .suspicious && unread?.isValid == false)
        #expect(unread?.problem == "11 bytes, over the cap of 10" && unread?.offset == 10)
        let read = inspector.inspect(Data(repeating: 0, count: 11))
        #expect(read.verdict == unread?.verdict && read.problem == unread?.problem && read.offset == unread?.offset)
        #expect(ImageInspector().oversizeReport(byteCount: Int.max) == nil, "no byte cap by default")
    }

    @Test(
        "JSON over the byte limit, in memory or cut off unread, is the same rule; only bytes that are not JSON are a data error"
    )
    func jsonVerdicts() {
        let decoder = ContractDecoder(limits: JSONLimits(maxBytes: 4, maxDepth: 8, maxStringBytes: 64, maxElements: 64))
        #expect(throws: ContractViolation.tooManyBytes(limit: 4, count: 7)) {
            try decoder.checkLimits(Data("[1,2,3]".utf8))
        }
        let cut = ContractViolation.tooManyBytes(limit: 4, source: "standard input")
        #expect(cut.rule == .tooManyBytes && cut.offset == 4 && cut.detail == "more than 4 bytes on standard input")
        #expect(!cut.isNotJSON)
        do {
            try ContractDecoder().checkLimits(Data("{\"a\":}".utf8))
            Issue.record("not JSON, yet accepted")
        } catch {
            #expect(error.isNotJSON)
        }
        do {
            try ContractDecoder(limits: JSONLimits(maxBytes: 64, maxDepth: 1, maxStringBytes: 64, maxElements: 64))
                .checkLimits(Data("[[1]]".utf8))
            Issue.record("too deep, yet accepted")
        } catch {
            #expect(error.rule == .tooDeep && !error.isNotJSON)
        }
    }
}
