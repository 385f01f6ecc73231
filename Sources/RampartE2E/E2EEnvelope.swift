import Crypto
import Foundation
import RampartSeal

/// The header of a Rampart end-to-end envelope (version 1), as docs/E2E-ENVELOPE.md specifies it:
///
/// ```text
/// magic "RAMPE2E" (7) ‖ version 0x01 ‖ kem_id (2) ‖ kdf_id (2) ‖ aead_id (2) ‖ count (2)
/// ‖ count × (enc ‖ wrapped file key (48)) ‖ payload nonce (16)
/// ```
///
/// then the age STREAM body. Numbers are big-endian.
///
/// ```swift
/// var source = DataSource(sealed)
/// let header = try E2EEnvelope.parse(from: &source)
/// print(header.kind, header.entries.count)
/// ```
public struct E2EEnvelope: Sendable, Equatable {
    static let magic = Data("RAMPE2E".utf8)
    static let version: UInt8 = 1
    static let hpkeInfo = Data("rampart-e2e/v1 file key".utf8)
    static let payloadInfo = Data("rampart-e2e/v1 payload".utf8)
    static let signatureLabel = Data("rampart-e2e/v1 signature".utf8)
    static let signatureContext = Data("rampart-e2e/v1".utf8)
    /// Bytes of the random file key every recipient entry wraps.
    static let fileKeySize = 32
    /// Bytes of a wrapped file key: the key and a 16-byte AEAD tag.
    static let wrappedKeySize = 48
    /// The most recipients an envelope may name.
    public static let maximumRecipients = 1024

    /// One recipient entry: an HPKE encapsulation and the file key sealed under it.
    public struct Entry: Sendable, Equatable {
        /// The KEM encapsulation (`enc`).
        public var enc: Data
        /// The file key sealed with the HPKE context (48 bytes).
        public var wrappedKey: Data
    }

    /// The recipients' key kind (it fixes the KEM).
    public var kind: E2EKeyKind
    /// The HPKE AEAD that wraps the file key: `0x0003` ChaCha20-Poly1305 or `0x0002` AES-256-GCM.
    public var aeadID: UInt16
    /// One entry per recipient.
    public var entries: [Entry]
    /// The payload nonce (16 bytes).
    public var nonce: Data

    /// The HPKE suite.
    var suite: HPKE.Ciphersuite {
        HPKE.Ciphersuite(kem: kind.kem, kdf: .HKDF_SHA256, aead: aeadID == 0x0002 ? .AES_GCM_256 : .chaChaPoly)
    }

    /// The fixed part every entry's HPKE seal authenticates: magic, version, suite and count.
    var prefix: Data {
        var bytes = Self.magic
        bytes.append(Self.version)
        Self.append(kind.kemID, to: &bytes)
        Self.append(0x0001, to: &bytes)
        Self.append(aeadID, to: &bytes)
        Self.append(UInt16(entries.count), to: &bytes)
        return bytes
    }

    /// The whole header as written.
    public var encoded: Data {
        var bytes = prefix
        for entry in entries {
            bytes.append(entry.enc)
            bytes.append(entry.wrappedKey)
        }
        bytes.append(nonce)
        return bytes
    }

    /// The payload key: HKDF-SHA256 over the file key, salted with the nonce, bound to the whole header.
    func payloadKey(fileKey: Data) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: fileKey), salt: nonce,
            info: Self.payloadInfo + Data(SHA256.hash(data: encoded)), outputByteCount: 32)
    }

    private static func append(_ value: UInt16, to bytes: inout Data) {
        bytes.append(UInt8(value >> 8))
        bytes.append(UInt8(value & 0xff))
    }

    private static func number(_ bytes: Data, at offset: Int) -> UInt16 {
        UInt16(bytes[bytes.startIndex + offset]) << 8 | UInt16(bytes[bytes.startIndex + offset + 1])
    }

    /// Reads a header from `source`, leaving it at the first byte of the body.
    ///
    /// Throws ``E2EError/malformed(_:)`` for anything that breaks the layout; nothing in the header is
    /// trusted until the body authenticates under a key bound to all of it.
    public static func parse(from source: inout some ByteSource) throws(E2EError) -> E2EEnvelope {
        let fixed = try read(&source, 16, what: "the 16-byte fixed header")
        guard fixed.prefix(7) == magic else {
            throw .malformed("not a Rampart end-to-end message (it does not start with RAMPE2E)")
        }
        guard fixed[fixed.startIndex + 7] == version else {
            throw .malformed(
                "envelope version \(fixed[fixed.startIndex + 7]) is not supported (this Rampart reads version 1)")
        }
        guard let kind = E2EKeyKind(kemID: number(fixed, at: 8)) else {
            throw .malformed(String(format: "unknown KEM 0x%04x (known: 0x0020, 0x0010, 0x647a)", number(fixed, at: 8)))
        }
        guard number(fixed, at: 10) == 0x0001 else {
            throw .malformed(String(format: "unknown KDF 0x%04x (only HKDF-SHA256, 0x0001)", number(fixed, at: 10)))
        }
        let aead = number(fixed, at: 12)
        let allowed: Set<UInt16> = kind == .classic ? [0x0002, 0x0003] : kind == .nist ? [0x0002] : [0x0003]
        guard allowed.contains(aead) else {
            throw .malformed(String(format: "AEAD 0x%04x is not allowed with a \(kind) key", aead))
        }
        let count = Int(number(fixed, at: 14))
        guard (1...maximumRecipients).contains(count) else {
            throw .malformed("the envelope names \(count) recipients; 1 to \(maximumRecipients) are allowed")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            let enc = try read(&source, kind.encapsulationSize, what: "recipient entry \(index)'s encapsulated key")
            let wrapped = try read(&source, wrappedKeySize, what: "recipient entry \(index)'s wrapped key")
            entries.append(Entry(enc: enc, wrappedKey: wrapped))
        }
        let nonce = try read(&source, 16, what: "the 16-byte payload nonce")
        return E2EEnvelope(kind: kind, aeadID: aead, entries: entries, nonce: nonce)
    }

    private static func read(_ source: inout some ByteSource, _ count: Int, what: String) throws(E2EError) -> Data {
        let bytes: Data
        do {
            bytes = try source.readFully(count)
        } catch {
            throw .io(error)
        }
        guard bytes.count == count else {
            throw .malformed(
                "the message ends \(bytes.count) bytes into \(what); it was cut short or is not an envelope")
        }
        return Data(bytes)
    }
}
