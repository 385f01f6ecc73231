import Crypto
import Foundation
import RampartIO
import RampartSeal

/// The header of a Rampart end-to-end envelope (version 2), as docs/E2E-ENVELOPE.md specifies it:
///
/// ```text
/// magic "RAMPE2E" (7) ‖ version 0x02 ‖ kem_id (2) ‖ kdf_id (2) ‖ aead_id (2) ‖ count (2)
/// ‖ count × (enc ‖ wrapped file key (48)) ‖ payload nonce (16) ‖ header MAC (32)
/// ```
///
/// then the age STREAM body. Numbers are big-endian. The header MAC (HMAC-SHA256 under a key
/// derived from the file key, as age's) commits the envelope to one file key, so no two recipients
/// can open one envelope to different plaintexts. Version 1 had no MAC and is refused.
///
/// Package-internal: callers seal and open through ``E2E``; the fuzzer and the tests read headers.
///
/// ```swift
/// var source = DataSource(sealed)
/// let header = try E2EEnvelope.parse(from: &source)
/// print(header.kind, header.aead, header.entries.count)
/// ```
package struct E2EEnvelope: Sendable, Equatable {
    static let magic = Data("RAMPE2E".utf8)
    /// The envelope version this Rampart writes and reads.
    package static let version: UInt8 = 2
    static let hpkeInfo = Data("rampart-e2e/v2 file key".utf8)
    static let headerInfo = Data("rampart-e2e/v2 header".utf8)
    static let payloadInfo = Data("rampart-e2e/v2 payload".utf8)
    static let signatureLabel = Data("rampart-e2e/v2 signature".utf8)
    static let signatureContext = Data("rampart-e2e/v2".utf8)
    /// Bytes of the header MAC.
    static let macSize = 32
    /// Bytes of the random file key every recipient entry wraps.
    static let fileKeySize = 32
    /// Bytes of a wrapped file key: the key and a 16-byte AEAD tag.
    static let wrappedKeySize = 48
    /// The most recipients an envelope may name.
    package static let maximumRecipients = 1024

    /// One recipient entry: an HPKE encapsulation and the file key sealed under it.
    package struct Entry: Sendable, Equatable {
        /// The KEM encapsulation (`enc`).
        package var enc: Data
        /// The file key sealed with the HPKE context (48 bytes).
        package var wrappedKey: Data

        package init(enc: Data, wrappedKey: Data) {
            self.enc = enc
            self.wrappedKey = wrappedKey
        }
    }

    /// The recipients' key kind (it fixes the KEM).
    package var kind: E2EKeyKind
    /// The HPKE AEAD that wraps the file key (`aead_id` on the wire: ``E2EKeyWrapAEAD/hpkeID``).
    package var aead: E2EKeyWrapAEAD
    /// One entry per recipient.
    package var entries: [Entry]
    /// The payload nonce (16 bytes).
    package var nonce: Data
    /// The header MAC (32 bytes): HMAC-SHA256 of ``macInput`` under a key derived from the file key.
    package var mac: Data

    /// An envelope header; `mac` is filled in by ``sealMAC(fileKey:)`` when it is not known yet.
    package init(kind: E2EKeyKind, aead: E2EKeyWrapAEAD, entries: [Entry], nonce: Data, mac: Data = Data()) {
        self.kind = kind
        self.aead = aead
        self.entries = entries
        self.nonce = nonce
        self.mac = mac
    }

    /// The HPKE suite.
    var suite: HPKE.Ciphersuite {
        HPKE.Ciphersuite(kem: kind.kem, kdf: .HKDF_SHA256, aead: aead.hpke)
    }

    /// The fixed part every entry's HPKE seal authenticates: magic, version, suite and count.
    var prefix: Data {
        var bytes = Self.magic
        bytes.append(Self.version)
        Self.append(kind.kemID, to: &bytes)
        Self.append(0x0001, to: &bytes)
        Self.append(aead.hpkeID, to: &bytes)
        Self.append(UInt16(entries.count), to: &bytes)
        return bytes
    }

    /// The header up to the MAC: prefix, entries and nonce (what the MAC authenticates).
    package var macInput: Data {
        var bytes = prefix
        for entry in entries {
            bytes.append(entry.enc)
            bytes.append(entry.wrappedKey)
        }
        bytes.append(nonce)
        return bytes
    }

    /// The whole header as written: ``macInput`` then the MAC.
    package var encoded: Data { macInput + mac }

    /// The key of the header MAC: HKDF-SHA256 over the file key, no salt, info "rampart-e2e/v2 header".
    private static func macKey(fileKey: Data) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: fileKey), salt: Data(), info: headerInfo, outputByteCount: 32)
    }

    /// The header MAC for `fileKey`: HMAC-SHA256 of ``macInput``.
    package func computeMAC(fileKey: Data) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: macInput, using: Self.macKey(fileKey: fileKey)))
    }

    /// Sets ``mac`` for `fileKey` (the sender's last step before writing the header).
    package mutating func sealMAC(fileKey: Data) {
        mac = computeMAC(fileKey: fileKey)
    }

    /// Whether ``mac`` is the header MAC under `fileKey`, compared in constant time. This is the key
    /// commitment: a recipient whose entry holds another file key than the sender's MAC was made with
    /// refuses the envelope before reading the body.
    package func hasValidMAC(fileKey: Data) -> Bool {
        HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: macInput, using: Self.macKey(fileKey: fileKey))
    }

    /// The payload key: HKDF-SHA256 over the file key, salted with the nonce, bound to the whole
    /// header (MAC included).
    package func payloadKey(fileKey: Data) -> SymmetricKey {
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
    package static func parse(from source: inout some ByteSource<some SealErrorConvertible>) throws(E2EError)
        -> E2EEnvelope
    {
        let fixed = try read(&source, 16, what: "the 16-byte fixed header")
        guard fixed.prefix(7) == magic else {
            throw .malformed("not a Rampart end-to-end message (it does not start with RAMPE2E)")
        }
        let found = fixed[fixed.startIndex + 7]
        guard found != 1 else {
            throw .malformed(
                "envelope version 1 is no longer read: it commits to no file key, so its sender could show "
                    + "different recipients different messages; ask the sender to seal it again (this Rampart "
                    + "writes and reads version \(version))")
        }
        guard found == version else {
            throw .malformed("envelope version \(found) is not supported (this Rampart reads version \(version))")
        }
        guard let kind = E2EKeyKind(kemID: number(fixed, at: 8)) else {
            throw .malformed(String(format: "unknown KEM 0x%04x (known: 0x0020, 0x0010, 0x647a)", number(fixed, at: 8)))
        }
        guard number(fixed, at: 10) == 0x0001 else {
            throw .malformed(String(format: "unknown KDF 0x%04x (only HKDF-SHA256, 0x0001)", number(fixed, at: 10)))
        }
        let aeadID = number(fixed, at: 12)
        guard let aead = E2EKeyWrapAEAD(hpkeID: aeadID), kind.allows(aead) else {
            throw .malformed(String(format: "AEAD 0x%04x is not allowed with a \(kind) key", aeadID))
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
        let mac = try read(&source, macSize, what: "the 32-byte header MAC")
        return E2EEnvelope(kind: kind, aead: aead, entries: entries, nonce: nonce, mac: mac)
    }

    private static func read(_ source: inout some ByteSource<some SealErrorConvertible>, _ count: Int, what: String)
        throws(E2EError) -> Data
    {
        let bytes: Data
        do {
            bytes = try source.sealReadFully(count)
        } catch {
            throw E2EError(error)
        }
        guard bytes.count == count else {
            throw .malformed(
                "the message ends \(bytes.count) bytes into \(what); it was cut short or is not an envelope")
        }
        return Data(bytes)
    }
}
