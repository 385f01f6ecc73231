import Foundation
import RampartScan
import Testing

@Suite("MachOReader", .timeLimit(.minutes(10)))
struct MachOReaderTests {
    @Test("an arm64 object compiled by clang: imports and C strings")
    func armObject() throws {
        let slices = try MachOReader.read(try BinaryFixtures.bytes("insecure-arm64.o"))
        let slice = try #require(slices.first)
        #expect(slices.count == 1)
        #expect(slice.architecture == "arm64")
        #expect(slice.fileType == .object)
        for symbol in ["_kSecAttrAccessibleAlways", "_CC_MD5", "_CC_SHA1", "_rand", "_srand", "_SecTrustEvaluate"] {
            #expect(slice.importedSymbols.contains(symbol), "\(symbol)")
        }
        #expect(!slice.importedSymbols.contains("_insecure"), "a defined symbol is no import")
        let strings = slice.strings.filter { $0.section == "__TEXT,__cstring" }.map(\.value)
        #expect(strings.contains("http://api.example.com/v1/login"))
        #expect(strings.contains("https://api.example.com/v1/ok"))
        #expect(!slice.isEncrypted)
    }

    @Test("a 32-bit armv7 object: the same imports and strings")
    func armv7Object() throws {
        let slice = try #require(try MachOReader.read(try BinaryFixtures.bytes("insecure-armv7.o")).first)
        #expect(slice.architecture == "armv7")
        #expect(slice.importedSymbols.contains("_kSecAttrAccessibleAlways"))
        #expect(slice.strings.contains(.init(section: "__TEXT,__cstring", value: "http://api.example.com/v1/login")))
    }

    @Test("an Objective-C object: the class reference, selectors and the @\"\" literal's bytes")
    func objectiveCObject() throws {
        let slice = try #require(try MachOReader.read(try BinaryFixtures.bytes("webview-arm64.o")).first)
        #expect(slice.importedSymbols.contains("_OBJC_CLASS_$_UIWebView"))
        #expect(
            slice.strings.contains(
                .init(section: "__TEXT,__objc_methname", value: "setAllowsAnyHTTPSCertificate:forHost:")))
        #expect(slice.strings.contains(.init(section: "__TEXT,__cstring", value: "http://legacy.example.com/")))
    }

    @Test("a linked arm64 image from a macOS wheel (markupsafe 3.0.4)")
    func linkedImage() throws {
        let slice = try #require(try MachOReader.read(try BinaryFixtures.bytes("markupsafe-arm64.so")).first)
        #expect(slice.architecture == "arm64")
        #expect(slice.fileType == .bundle)
        #expect(slice.importedSymbols.contains("_PyUnicode_New"))
        #expect(slice.importedSymbols.contains("_memcpy"))
        #expect(slice.linkedLibraries.contains { $0.hasPrefix("/usr/lib/libSystem") })
        #expect(!slice.isEncrypted)
    }

    @Test("universal binaries: a wheel's x86_64 + arm64, a lipo-style object, a 64-bit fat header")
    func universal() throws {
        let wheel = try MachOReader.read(try BinaryFixtures.bytes("markupsafe-universal2.so"))
        #expect(wheel.map(\.architecture) == ["x86_64", "arm64"])
        #expect(wheel.allSatisfy { $0.importedSymbols.contains("_PyUnicode_New") })

        let object = try MachOReader.read(try BinaryFixtures.bytes("insecure-universal.o"))
        #expect(object.map(\.architecture) == ["arm64", "x86_64"])
        #expect(object.allSatisfy { $0.importedSymbols.contains("_CC_MD5") })

        let wide = try MachOReader.read(try BinaryFixtures.bytes("mixed-universal64.bin"))
        #expect(wide.map(\.architecture) == ["arm64", "x86_64"])
        #expect(wide[1].importedSymbols.contains("_kSecAttrAccessibleAlways"))
    }

    @Test("imports only in LC_DYLD_CHAINED_FIXUPS (the symbol table lists none) are read from the import table")
    func chainedFixups() throws {
        let slice = try #require(try MachOReader.read(try BinaryFixtures.bytes("chained-fixups.so")).first)
        #expect(slice.importedSymbols == ["_CC_MD5", "_OBJC_CLASS_$_UIWebView", "_kSecAttrAccessibleAlways"])
        // Cut inside the import table: an error, not a crash or a partial list.
        let bytes = try BinaryFixtures.bytes("chained-fixups.so")
        #expect(throws: MachOError.self) { try MachOReader.read(Array(bytes.prefix(100))) }
    }

    @Test("the entitlements of the code signature (LC_CODE_SIGNATURE, slot 5) as the XML plist codesign embeds")
    func codeSignatureEntitlements() throws {
        let slice = try #require(try MachOReader.read(try BinaryFixtures.bytes("signed-entitlements.so")).first)
        let xml = try #require(slice.entitlements)
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: Data(xml), format: nil) as? [String: Any])
        #expect(plist["get-task-allow"] as? Bool == true)
        #expect(try MachOReader.read(try BinaryFixtures.bytes("chained-fixups.so")).first?.entitlements == nil)
    }

    @Test("a FairPlay-encrypted image: imports read, strings not")
    func encrypted() throws {
        let plain = try #require(try MachOReader.read(try BinaryFixtures.bytes("markupsafe-arm64.so")).first)
        let slice = try #require(try MachOReader.read(try BinaryFixtures.bytes("markupsafe-arm64-encrypted.so")).first)
        #expect(slice.isEncrypted)
        #expect(slice.importedSymbols == plain.importedSymbols)
        #expect(!plain.strings.isEmpty)
        #expect(slice.strings.isEmpty)
    }

    @Test("every truncation of a real image is a MachOError or a smaller read, never a crash")
    func truncations() throws {
        let bytes = try BinaryFixtures.bytes("insecure-universal.o")
        var errors = 0
        for length in stride(from: 0, to: bytes.count, by: 7) {
            do {
                _ = try MachOReader.read(Array(bytes.prefix(length)))
            } catch {
                errors += 1
                #expect(!error.description.isEmpty)
            }
        }
        #expect(errors > 0)
    }

    @Test("a cut-short image names what was cut and where")
    func truncatedMessage() throws {
        let bytes = try BinaryFixtures.bytes("insecure-arm64.o")
        #expect(throws: MachOError.self) { try MachOReader.read(Array(bytes.prefix(40))) }
        do {
            _ = try MachOReader.read(Array(bytes.prefix(40)))
        } catch {
            #expect(error.description.contains("truncated"))
            #expect(error.description.contains("load commands"))
        }
    }

    @Test("not Mach-O: text, a Java class file (0xcafebabe, version 52), a universal header that lies")
    func notMachO() throws {
        #expect(throws: MachOError.notMachO) { try MachOReader.read(Array("hello, world".utf8)) }
        let javaClass: [UInt8] = [0xCA, 0xFE, 0xBA, 0xBE, 0x00, 0x00, 0x00, 0x34] + [UInt8](repeating: 0, count: 64)
        #expect(!MachOReader.looksLikeMachO(javaClass))
        #expect(throws: MachOError.self) { try MachOReader.read(javaClass) }
        // One architecture said to be 4 GiB long at byte 4096 of a 4 KiB file.
        var lying: [UInt8] = [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 1]
        lying += [0x01, 0, 0, 0x0C, 0, 0, 0, 0, 0, 0, 0x10, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 12]
        lying += [UInt8](repeating: 0, count: 4096)
        #expect(throws: MachOError.self) { try MachOReader.read(lying) }
        #expect(MachOReader.looksLikeMachO(lying))
    }
}
