"""Crafts one ChaCha20-Poly1305 ciphertext that authenticates under two keys (an "invisible
salamander", Len-Grubbs-Ristenpart, "Partitioning Oracle Attacks", USENIX Security 2021).

ChaCha20-Poly1305 does not commit to its key: Poly1305 is linear in the ciphertext blocks, so with
two free blocks a sender can solve for a ciphertext whose tag is the same under both keys. Used by
E2EEnvelopeTests to prove that an envelope without key commitment opens for two recipients to two
different plaintexts, and that Rampart's header MAC stops it.

Request on standard input (JSON): key1, key2 (32 bytes hex), nonce (12 bytes hex). The plaintext
under each key is 48 bytes that start with 0x00 (an anonymous sender block); the caller chose keys
whose keystreams agree on their first byte. Answer on standard output: sealed (ciphertext || tag,
hex), plaintext1, plaintext2 (hex), each checked by decrypting with cryptography's ChaCha20Poly1305.
"""

import json
import os
import sys

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

P = (1 << 130) - 5
LENGTH = 48


def block(key, nonce, counter, size):
    stream = Cipher(algorithms.ChaCha20(key, counter.to_bytes(4, "little") + nonce), mode=None).encryptor()
    return stream.update(bytes(size))


def poly_key(key, nonce):
    otk = block(key, nonce, 0, 32)
    r = int.from_bytes(otk[:16], "little") & 0x0FFFFFFC0FFFFFFC0FFFFFFC0FFFFFFF
    return r, int.from_bytes(otk[16:], "little")


def main():
    request = json.load(sys.stdin)
    keys = [bytes.fromhex(request["key1"]), bytes.fromhex(request["key2"])]
    nonce = bytes.fromhex(request["nonce"])
    streams = [block(key, nonce, 1, LENGTH) for key in keys]
    if streams[0][0] != streams[1][0]:
        sys.exit("the keystreams differ in their first byte; choose other keys")
    (r1, s1), (r2, s2) = (poly_key(key, nonce) for key in keys)
    # Poly1305 over c0 | c1 | c2 | le64(0) | le64(48): each block gets 2^128 added, then
    # acc = c0' r^4 + c1' r^3 + c2' r^2 + L' r (mod p), tag = (acc + s) mod 2^128.
    c0 = bytes([streams[0][0]]) + os.urandom(15)
    c0p = int.from_bytes(c0, "little") + (1 << 128)
    lp = int.from_bytes((0).to_bytes(8, "little") + LENGTH.to_bytes(8, "little"), "little") + (1 << 128)
    det = (pow(r1, 3, P) * r2 * r2 - pow(r2, 3, P) * r1 * r1) % P
    inverse = pow(det, P - 2, P)
    for _ in range(10_000):
        tag = int.from_bytes(os.urandom(16), "little")
        b1 = ((tag - s1) % (1 << 128) - c0p * pow(r1, 4, P) - lp * r1) % P
        b2 = ((tag - s2) % (1 << 128) - c0p * pow(r2, 4, P) - lp * r2) % P
        x = (b1 * r2 * r2 - r1 * r1 * b2) * inverse % P
        y = (pow(r1, 3, P) * b2 - pow(r2, 3, P) * b1) * inverse % P
        if (1 << 128) <= x < (1 << 129) and (1 << 128) <= y < (1 << 129):
            break
    else:
        sys.exit("no solution found")
    sealed = c0 + (x - (1 << 128)).to_bytes(16, "little") + (y - (1 << 128)).to_bytes(16, "little")
    sealed += tag.to_bytes(16, "little")
    plaintexts = [ChaCha20Poly1305(key).decrypt(nonce, sealed, None) for key in keys]
    print(json.dumps({"sealed": sealed.hex(), "plaintext1": plaintexts[0].hex(), "plaintext2": plaintexts[1].hex()}))


main()
