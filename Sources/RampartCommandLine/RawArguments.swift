import Foundation

/// The command line as the kernel passed it: bytes, which need not be UTF-8.
///
/// ArgumentParser takes `String`s, and a lossy decoding would turn `a\xFF` and `a\xFE` into the
/// same `a\u{FFFD}`, so that a command would judge a different string than the user gave. So
/// `EntryPoint` parses ``forParsing()`` instead: every byte that is not part of valid UTF-8 is
/// written as one private-use character (U+10FE80…U+10FEFF stand for 0x80…0xFF), which keeps
/// the argument's bytes recoverable whatever ArgumentParser does with it (`--option=value` is
/// split, values are quoted in messages). Then:
///
/// - path arguments (files to read or write) declare `transform: PathArgument.path`, which opens
///   such a name by its bytes (``PathArgument``);
/// - any other argument still holding such a character is a value that is not UTF-8, and
///   ``refusal(in:)`` refuses it (exit 65) naming the argument, before the command runs;
/// - messages and reports show those bytes as `\xhh` (``ControlCharacterEscaping``).
///
/// An argument that is valid UTF-8 but holds one of the reserved characters itself is refused
/// too: it could not be told apart.
///
/// ```swift
/// var command = try Rampart.parseAsRoot(RawArguments.forParsing())
/// if let refusal = RawArguments.refusal(in: command) { throw refusal }
/// ```
package enum RawArguments {
    /// The first reserved character; byte `b` (0x80…0xFF) outside valid UTF-8 is `U+10FE00 + b`.
    private static let base: UInt32 = 0x10FE00

    /// Every argument's bytes, as given (`argv[0]` first).
    package static func all() -> [[UInt8]] {
        (0..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))) }
                .map { $0.map { UInt8(bitPattern: $0) } }
        }
    }

    /// The arguments after the command's name, for ArgumentParser: valid UTF-8 as it is, every other
    /// byte as its reserved character.
    package static func forParsing() -> [String] {
        all().dropFirst().map(encode)
    }

    /// `bytes` as text: valid UTF-8 as it is, each byte outside it as its reserved character.
    package static func encode(_ bytes: [UInt8]) -> String {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var text = String.UnicodeScalarView()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<(offset + length)] {
                    if let scalar = Unicode.Scalar(base + UInt32(byte)) { text.append(scalar) }
                }
                offset += length
            case .emptyInput:
                return String(text)
            }
        }
    }

    /// The bytes behind `text`, an argument (or part of one) ArgumentParser gave back.
    package static func decode(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let byte = reservedByte(scalar) {
                bytes.append(byte)
            } else {
                bytes += Array(String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Whether `text` stands for bytes that are not UTF-8.
    package static func holdsRawBytes(_ text: String) -> Bool {
        text.unicodeScalars.contains { reservedByte($0) != nil }
    }

    /// The bytes an argument decoded as `text` came from (the vault's names).
    package static func bytes(of text: String) -> Data {
        Data(decode(text))
    }

    /// Why the parsed `command` cannot run, or `nil`: a value argument that is not UTF-8 (exit 65,
    /// naming the argument, the first bad byte and its offset), or an argument holding one of the
    /// reserved characters as real text.
    package static func refusal(in command: Any) -> CommandFailure? {
        let arguments = all().dropFirst()
        for (index, argument) in arguments.enumerated() where String(validating: argument, as: UTF8.self) != nil {
            let text = String(decoding: argument, as: UTF8.self)
            if holdsRawBytes(text) {
                return CommandFailure(
                    "argument \(index + 1) holds a character from U+10FE80 to U+10FEFF, which rampart reserves for bytes "
                        + "that are not UTF-8; it cannot be told apart from such bytes, so it is refused",
                    status: .dataError)
            }
        }
        // Every argument UTF-8 and none holding a reserved character (checked above): no value can
        // hold one, so the walk below, whose reflection costs a runtime conformance scan of the
        // whole binary per property type (milliseconds at start-up), has nothing to find.
        guard arguments.contains(where: { String(validating: $0, as: UTF8.self) == nil }) else { return nil }
        var found: (label: String, text: String)?
        findRawValue(in: command, label: "argument", depth: 0, found: &found)
        if let found { return notUTF8(found.label, found.text) }
        // A value of a type the walk does not see into (a URL, a key) that was not opened as a path.
        for argument in arguments where String(validating: argument, as: UTF8.self) == nil {
            var value = encode(argument)
            if value.hasPrefix("-"), let equals = value.firstIndex(of: "=") {
                value = String(value[value.index(after: equals)...])
            }
            if holdsRawBytes(value) && !PathArgument.opened(value) { return notUTF8("an argument", value) }
        }
        return nil
    }

    private static func notUTF8(_ label: String, _ text: String) -> CommandFailure {
        var offset = 0
        var badByte: UInt8 = 0
        for scalar in text.unicodeScalars {
            if let byte = reservedByte(scalar) {
                badByte = byte
                break
            }
            offset += String(scalar).utf8.count
        }
        let hex = String(badByte, radix: 16, uppercase: true)
        // The value itself is not echoed: it may be a secret (a header, a token) given on the line.
        let position = forParsing().firstIndex { argument in
            argument == text || (argument.hasPrefix("-") && argument.hasSuffix("=" + text))
        }
        return CommandFailure(
            "\(label) is not valid UTF-8 (byte 0x\(hex) at offset \(offset))"
                + (position.map { ", argument \($0 + 1)" } ?? "")
                + ": rampart takes text exactly as given and does not guess what such bytes mean; "
                + "give it in UTF-8 (only file names may be any bytes)",
            status: .dataError)
    }

    /// The first `String` inside the parsed command that still holds a reserved character, with the
    /// name of the property it belongs to.
    private static func findRawValue(
        in value: Any, label: String, depth: Int, found: inout (label: String, text: String)?
    ) {
        guard found == nil, depth < 12 else { return }
        if let text = value as? String {
            if holdsRawBytes(text) { found = (label, text) }
            return
        }
        for child in Mirror(reflecting: value).children {
            var name = label
            if let childLabel = child.label, childLabel.hasPrefix("_"), childLabel.count > 1,
                childLabel != "_parsedValue"
            {
                name = String(childLabel.dropFirst())
            }
            findRawValue(in: child.value, label: name, depth: depth + 1, found: &found)
        }
    }

    /// The byte `scalar` stands for, when it is one of the reserved characters.
    package static func reservedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        guard value >= base + 0x80, value <= base + 0xFF else { return nil }
        return UInt8(value - base)
    }
}
