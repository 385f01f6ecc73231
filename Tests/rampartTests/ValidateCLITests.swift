import Foundation
import RampartTestSupport
import Testing

/// `rampart validate email|image|json` as a user runs them: text and JSON, every exit code.
@Suite("rampart validate")
struct ValidateCLITests {
    let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder("rampart-validate-cli")
    }

    /// A real image from RampartValidation's fixtures (written by Pillow's encoders).
    func fixture(_ path: String) throws -> Data {
        try Data(
            contentsOf: PeerTools.packageRoot.appendingPathComponent("Tests/RampartValidationTests/Fixtures/\(path)"))
    }

    @Test("email: 0 when all are valid, 1 with the rule that failed; --rfc, --no-unicode, stdin, JSON")
    func email() async throws {
        let ok = try await RampartBinary.run(["validate", "email", "jane@example.com", "用户@例子.广告"])
        #expect(ok.exitCode == 0, "\(ok.standardErrorText)")
        #expect(ok.standardOutputText.contains("valid    jane@example.com"))
        let bad = try await RampartBinary.run(["validate", "email", "jane@example.com", "john..doe@example.com"])
        #expect(bad.exitCode == 1)
        #expect(
            bad.standardOutputText.contains(
                "invalid  john..doe@example.com: consecutiveDots (two dots in a row) at byte 5"))
        let literal = try await RampartBinary.run(["validate", "email", "--rfc", "jane@[192.0.2.1]"])
        #expect(literal.exitCode == 0)
        let ascii = try await RampartBinary.run(["validate", "email", "--no-unicode", "用户@example.com"])
        #expect(ascii.exitCode == 1 && ascii.standardOutputText.contains("internationalizedNotAllowed"))
        let json = try await RampartBinary.run(
            ["validate", "email", "--format", "json", "-"], input: Data("a@example.com\nuser@localhost\n".utf8))
        #expect(json.exitCode == 1)
        let results = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [[String: Any]])
        #expect(results.count == 2)
        #expect(results[0]["valid"] as? Bool == true)
        #expect(results[1]["rule"] as? String == "domainNeedsDot" && results[1]["offset"] as? Int == 5)
        let usage = try await RampartBinary.run(["validate", "email"])
        #expect(usage.exitCode == 2)
    }

    @Test("image: valid, polyglot, corrupt, suspicious; JSON per file; 66 for a missing file")
    func image() async throws {
        let jpeg = try fixture("pillow/baseline.jpg")
        let valid = try scratch.write("photo.jpg", jpeg)
        let ok = try await RampartBinary.run(["validate", "image", valid.path])
        #expect(ok.exitCode == 0, "\(ok.standardErrorText)")
        #expect(ok.standardOutputText.contains("valid       \(valid.path): jpeg 64×48"))
        let notes = try scratch.write("notes.txt", Data("plain text".utf8))
        let unsupported = try await RampartBinary.run(["validate", "image", notes.path])
        #expect(unsupported.standardOutputText.hasPrefix("unsupported \(notes.path): "))
        let polyglot = try scratch.write("polyglot.jpg", try fixture("polyglots/jpeg-zip.jpg"))
        let truncated = try scratch.write("truncated.png", try fixture("pillow/rgb.png").prefix(500))
        let json = try await RampartBinary.run([
            "validate", "image", "--format", "json", valid.path, polyglot.path, truncated.path,
        ])
        #expect(json.exitCode == 1)
        let results = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [[String: Any]])
        #expect(results.map { $0["verdict"] as? String } == ["valid", "polyglot", "corrupt"])
        #expect(results[1]["offset"] as? Int == jpeg.count)
        #expect(results[1]["width"] as? Int == 64 && results[1]["height"] as? Int == 48)
        #expect(results[2]["format"] as? String == "png" && results[2]["problem"] is String)
        let capped = try await RampartBinary.run(["validate", "image", "--max-pixels", "100", valid.path])
        #expect(capped.exitCode == 1 && capped.standardOutputText.hasPrefix("suspicious"))
        let missing = try await RampartBinary.run(["validate", "image", valid.path, scratch.path("nothing.png")])
        #expect(missing.exitCode == 66)
        #expect(missing.standardOutputText.contains("no such file"))
    }

    @Test("image: 100 megapixels by default, --max-pixels overrides it; WebP metadata chunks listed, not corrupt")
    func imageDefaultsAndWebPMetadata() async throws {
        // A well-formed 100000×100000 PNG header: IHDR, a tiny IDAT, IEND (CRC-32s from Python's zlib).
        let make = """
            import struct, sys, zlib
            def chunk(t, b): return struct.pack(">I", len(b)) + t + b + struct.pack(">I", zlib.crc32(t + b))
            sys.stdout.buffer.write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b""))
            """
        let png = try await PeerProcess.runAsync("/usr/bin/python3", ["-c", make])
        #expect(png.exitCode == 0)
        let bomb = try scratch.write("bomb.png", png.standardOutput)
        let capped = try await RampartBinary.run(["validate", "image", bomb.path])
        #expect(capped.exitCode == 1)
        #expect(
            capped.standardOutputText.contains(
                "suspicious  \(bomb.path): png 100000×100000, 100000×100000 pixels, over the cap of 100000000"),
            "\(capped.standardOutputText)")
        let lifted = try await RampartBinary.run(["validate", "image", "--max-pixels", "10000000000", bomb.path])
        #expect(lifted.exitCode == 0, "\(lifted.standardOutputText)")
        let help = try await RampartBinary.run(["validate", "image", "--help"])
        #expect(help.standardOutputText.contains("default 100000000"))

        let metadata = try scratch.write(
            "exif-xmp.webp", try fixture("webp-metadata/lossy-exif-xmp.webp"))
        let script = try scratch.write("script.webp", try fixture("webp-metadata/lossy-xmp-script.webp"))
        let text = try await RampartBinary.run(["validate", "image", metadata.path])
        #expect(text.exitCode == 0, "\(text.standardOutputText)")
        #expect(text.standardOutputText.contains("valid       \(metadata.path): webp 64×48 (chunks EXIF, XMP)"))
        let json = try await RampartBinary.run(["validate", "image", "--format", "json", metadata.path, script.path])
        #expect(json.exitCode == 1)
        let results = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [[String: Any]])
        #expect(results.map { $0["verdict"] as? String } == ["valid", "suspicious"])
        #expect(results[0]["extraChunks"] as? [String] == ["EXIF", "XMP "])
        #expect((results[1]["problem"] as? String)?.contains("in the XMP chunk") == true)
    }

    @Test("json: limits named with their key path; 65 for what is not JSON; stdin")
    func json() async throws {
        let document = try scratch.write("doc.json", #"{"items":[{"name":"a"},{"name":"b","tags":[[[[1]]]]}]}"#)
        let ok = try await RampartBinary.run(["validate", "json", document.path])
        #expect(ok.exitCode == 0, "\(ok.standardErrorText)")
        let deep = try await RampartBinary.run(["validate", "json", "--max-depth", "4", document.path])
        #expect(deep.exitCode == 1)
        #expect(deep.standardOutputText.contains("tooDeep at items[1].tags[0]"), "\(deep.standardOutputText)")
        let big = try await RampartBinary.run(
            ["validate", "json", "--max-bytes", "10", "--format", "json", "-"], input: Data(#"{"a":"0123456789"}"#.utf8)
        )
        #expect(big.exitCode == 1)
        let result = try #require(try JSONSerialization.jsonObject(with: big.standardOutput) as? [String: Any])
        #expect(result["rule"] as? String == "tooManyBytes")
        let broken = try await RampartBinary.run(["validate", "json", "-"], input: Data(#"{"a":}"#.utf8))
        #expect(broken.exitCode == 65)
        let missing = try await RampartBinary.run(["validate", "json", scratch.path("none.json")])
        #expect(missing.exitCode == 66)
    }

    @Test("json: depths the parser cannot read are usage errors; a deep valid document is tooDeep, not \"not JSON\"")
    func jsonDepthTheParserReads() async throws {
        let deep = Data((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8)
        let refused = try await RampartBinary.run(["validate", "json", "--max-depth", "1000", "-"], input: deep)
        #expect(refused.exitCode == 2, "\(refused.standardErrorText)")
        #expect(refused.standardErrorText.contains("512"), "\(refused.standardErrorText)")
        #expect(refused.standardOutput.isEmpty)
        let deepest = try await RampartBinary.run(["validate", "json", "--max-depth", "512", "-"], input: deep)
        #expect(deepest.exitCode == 1, "\(deepest.standardOutputText)")
        #expect(deepest.standardOutputText.contains("tooDeep"))
        let fits = Data((String(repeating: "[", count: 512) + String(repeating: "]", count: 512)).utf8)
        let ok = try await RampartBinary.run(["validate", "json", "--max-depth", "512", "-"], input: fits)
        #expect(ok.exitCode == 0, "\(ok.standardOutputText)")
    }

    @Test("json: a key given twice is a violation (exit 1, with its key path) unless --allow-duplicate-keys")
    func jsonDuplicateKeys() async throws {
        let copies = Data(("{\"a\":{" + Array(repeating: #""k":1"#, count: 100_000).joined(separator: ",") + "}}").utf8)
        let file = try scratch.write("dups.json", copies)
        let text = try await RampartBinary.run(["validate", "json", file.path])
        #expect(text.exitCode == 1)
        #expect(
            text.standardOutputText.contains("invalid  \(file.path): duplicateKey at a.k (byte 12): a key given twice"),
            "\(text.standardOutputText)")
        let json = try await RampartBinary.run(["validate", "json", "--format", "json", "-"], input: copies)
        #expect(json.exitCode == 1)
        let result = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        #expect(result["rule"] as? String == "duplicateKey" && result["keyPath"] as? String == "a.k")
        let allowed = try await RampartBinary.run(["validate", "json", "--allow-duplicate-keys", file.path])
        #expect(allowed.exitCode == 0, "\(allowed.standardOutputText)")
    }

    @Test(
        "output that cannot be written exits 74",
        .enabled(
            if: FileManager.default.isWritableFile(atPath: "/dev/full"),
            "needs a writable /dev/full; the run lists this test as skipped without one"))
    func fullDisk() async throws {
        let result = try await PeerProcess.runAsync(
            "/bin/sh", ["-c", "\"$0\" validate email jane@example.com > /dev/full", RampartBinary.url.path])
        #expect(result.exitCode == 74)
    }
}

@Suite("rampart-demo: input contracts")
struct InputContractsDemoTests {
    @Test("the chapter refuses with the key path and rule, finds the polyglot, and disagrees with the classic regex")
    func chapter() async throws {
        let result = try await DemoReport.run.value
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        let report = try JSONDecoder().decode(DemoReport.self, from: result.standardOutput)
        let chapter = try #require(
            report.chapter("Input contracts: API responses, uploaded images and e-mail addresses checked for real"))
        #expect(chapter.steps.count == 8)
        for step in chapter.steps { #expect(step.succeeded, "\(step.title): \(step.details)") }
        let details = chapter.steps.flatMap(\.details)
        #expect(details.contains("refused at items[2].name: lengthOutOfRange"))
        #expect(details.contains("refused at items[0].isAdmin: unknownKey"))
        #expect(details.contains("refused at items[0].priceCents: numberNotRepresentable"))
        #expect(details.contains { $0.contains("verdict polyglot") })
        #expect(
            details.contains { $0.hasSuffix("{2,4}: accepts") } && details.contains { $0.hasSuffix("{2,4}: refuses") })
    }
}
