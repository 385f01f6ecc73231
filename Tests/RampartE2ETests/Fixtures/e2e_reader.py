"""An independent reader of Rampart end-to-end envelopes (version 2), written from
docs/E2E-ENVELOPE.md with pyhpke and cryptography only (no Rampart code).

Usage: e2e_reader.py e2e-vectors.json. For every classic (X25519) and nist (P-256) vector and each
of its recipients it parses the header, opens the recipient's entry with pyhpke (base mode),
checks the header MAC (key commitment), derives the payload key, decrypts age's STREAM, parses the
sender block and verifies the Ed25519 signature. It also recomputes the key IDs and safety numbers,
checks that each secret derives its public key, and checks that a tampered copy of a vector is
refused. pyhpke has no X-Wing, so post-quantum vectors are skipped. Prints one JSON object.
"""

import hashlib
import hmac
import json
import struct
import sys

from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from pyhpke import AEADId, CipherSuite, KDFId, KEMId

MAGIC = b"RAMPE2E"
VERSION = 2
ENC_SIZE = {0x0020: 32, 0x0010: 65}
KEM_PUBLIC_SIZE = {1: 32, 2: 65}
CHUNK = 64 * 1024


class Refused(Exception):
    pass


def hkdf(ikm, salt, info):
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=salt, info=info).derive(ikm)


def parse_header(data):
    if len(data) < 16 or data[:7] != MAGIC or data[7] != VERSION:
        raise Refused("not a version 2 envelope")
    kem, kdf, aead, count = struct.unpack(">HHHH", data[8:16])
    if kem not in ENC_SIZE or kdf != 1 or aead not in (2, 3) or not 1 <= count <= 1024:
        raise Refused("unsupported suite or count")
    offset, entries = 16, []
    for _ in range(count):
        enc = data[offset : offset + ENC_SIZE[kem]]
        offset += ENC_SIZE[kem]
        entries.append((enc, data[offset : offset + 48]))
        offset += 48
    nonce = data[offset : offset + 16]
    offset += 16
    mac = data[offset : offset + 32]
    offset += 32
    if len(data) < offset:
        raise Refused("the header ends early")
    return kem, aead, entries, nonce, data[: offset - 32], mac, data[:offset], data[offset:]


def stream_open(key, body):
    aead, out, counter = ChaCha20Poly1305(key), b"", 0
    while True:
        last = len(body) <= CHUNK + 16
        piece, body = body[: CHUNK + 16], body[CHUNK + 16 :]
        nonce = counter.to_bytes(11, "big") + (b"\x01" if last else b"\x00")
        try:
            out += aead.decrypt(nonce, piece, None)
        except InvalidTag:
            raise Refused(f"chunk {counter} does not authenticate")
        counter += 1
        if last:
            return out


def open_envelope(data, kem_secret):
    kem_id, aead_id, entries, nonce, mac_input, mac, header, body = parse_header(data)
    suite = CipherSuite.new(KEMId(kem_id), KDFId.HKDF_SHA256, AEADId(aead_id))
    private = suite.kem.deserialize_private_key(kem_secret)
    file_key = None
    for enc, wrapped in entries:
        try:
            context = suite.create_recipient_context(enc, private, info=b"rampart-e2e/v2 file key")
            file_key = context.open(wrapped, aad=data[:16])
            break
        except Exception:
            continue
    if file_key is None or len(file_key) != 32:
        raise Refused("not a recipient")
    mac_key = hkdf(file_key, b"", b"rampart-e2e/v2 header")
    if not hmac.compare_digest(hmac.new(mac_key, mac_input, hashlib.sha256).digest(), mac):
        raise Refused("the header MAC does not verify")
    header_hash = hashlib.sha256(header).digest()
    payload_key = hkdf(file_key, nonce, b"rampart-e2e/v2 payload" + header_hash)
    plaintext = stream_open(payload_key, body)
    if plaintext[:1] == b"\x00":
        return plaintext[1:], None, payload_key
    if plaintext[:1] != b"\x01" or len(plaintext) < 3:
        raise Refused("bad sender block")
    length = int.from_bytes(plaintext[1:3], "big")
    typed = plaintext[3 : 3 + length]
    if typed[:1] not in (b"\x01", b"\x02"):
        raise Refused("not a classic or nist sender")
    signing_key = typed[1 + KEM_PUBLIC_SIZE[typed[0]] :]
    message, signature = plaintext[3 + length : -64], plaintext[-64:]
    signed = b"rampart-e2e/v2 signature" + header_hash + hashlib.sha256(plaintext[:-64]).digest()
    try:
        Ed25519PublicKey.from_public_bytes(signing_key).verify(signature, signed)
    except InvalidSignature:
        raise Refused("the signature does not verify")
    return message, typed, payload_key


def key_id(typed):
    return hashlib.sha256(b"rampart-e2e/v1 key id" + typed).digest()[:8].hex()


def half(typed):
    data = b"rampart-e2e/v1 safety number" + typed
    digest = hashlib.sha512(data).digest()
    for _ in range(5199):
        digest = hashlib.sha512(digest + data).digest()
    return "".join("%05d" % (int.from_bytes(digest[i * 5 : i * 5 + 5], "big") % 100000) for i in range(6))


def safety_number(first, second):
    value = "".join(sorted([half(first), half(second)]))
    return " ".join(value[i : i + 5] for i in range(0, 60, 5))


def derived_public(kind, secret):
    if kind == "classic":
        kem = X25519PrivateKey.from_private_bytes(secret[:32]).public_key().public_bytes_raw()
    elif kind == "nist":
        point = ec.derive_private_key(int.from_bytes(secret[:32], "big"), ec.SECP256R1()).public_key()
        kem = point.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    else:
        return None
    signing = Ed25519PrivateKey.from_private_bytes(secret[32:64]).public_key().public_bytes_raw()
    return bytes([1 if kind == "classic" else 2]) + kem + signing


def bech32_payload(text):
    charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
    text = text.lower()
    values = [charset.index(c) for c in text[text.rindex("1") + 1 :]][:-6]
    accumulator, bits, out = 0, 0, bytearray()
    for value in values:
        accumulator = accumulator << 5 | value
        bits += 5
        if bits >= 8:
            bits -= 8
            out.append(accumulator >> bits & 0xFF)
    return bytes(out)


def main():
    vectors = json.load(open(sys.argv[1]))
    result, key_ids, tampered_refused = {}, {}, None
    for vector in vectors["vectors"]:
        keys = vector["recipients"] + ([vector["sender"]] if vector.get("sender") else [])
        for key in keys:
            typed = bytes.fromhex(key["typedKey"])
            key_ids[key["typedKey"]] = key_id(typed)
            derived = derived_public(vector["kind"], bytes.fromhex(key["secret"]))
            if derived is not None and derived != typed:
                key_ids[key["typedKey"]] = "the secret does not derive this public key"
        if vector["kind"] == "post-quantum":
            continue
        data = bytes.fromhex(vector["envelope"])
        opened = []
        for recipient in vector["recipients"]:
            secret = bytes.fromhex(recipient["secret"])
            try:
                message, sender, payload_key = open_envelope(data, secret[:32])
                opened.append(
                    {"message": message.hex(), "sender": sender.hex() if sender else None, "payloadKey": payload_key.hex()}
                )
            except Exception as error:
                opened.append({"error": f"{type(error).__name__}: {error}"})
            if tampered_refused is None and vector.get("sender"):
                damaged = bytearray(data)
                damaged[-1] ^= 1
                try:
                    open_envelope(bytes(damaged), secret[:32])
                    tampered_refused = False
                except Refused:
                    tampered_refused = True
        result[vector["name"]] = opened
    numbers = []
    for pair in vectors["safetyNumbers"]:
        first, second = (bytes([kind_byte(pair[name])]) + bech32_payload(pair[name]) for name in ("first", "second"))
        numbers.append(safety_number(first, second))
    print(json.dumps({"vectors": result, "keyIDs": key_ids, "safetyNumbers": numbers, "tamperedRefused": tampered_refused}))


def kind_byte(text):
    prefix = text[: text.rindex("1")]
    return {"rampart": 1, "rampartnist": 2, "rampartpq": 3}[prefix]


main()
