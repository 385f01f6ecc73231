#!/usr/bin/env python3
"""Rebuilds the seed corpora in Fuzz/Corpus/ from the test fixtures and small generated inputs.

Run from the package root: python3 Fuzz/make-seeds.py (needs python3-cryptography and openssl).
Seeds of streaming targets start with a control byte (see Sources/rampart-fuzz/FuzzSlices.swift):
0 feeds the rest in one piece, any other value in slices it chooses. The vault-backup seeds made
by the real API (`vault-*.json`) are not regenerated here; see Fuzz/README.md.
"""
import base64
import glob
import hashlib
import hmac
import os
import plistlib
import re
import shutil
import subprocess
import tempfile

from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Fuzz", "Corpus")
POLICY = os.path.join(ROOT, "Tests", "RampartPolicyTests", "Fixtures")
AGE = os.path.join(ROOT, "Tests", "RampartSealTests", "Fixtures", "age")
RNC = os.path.join(ROOT, "Tests", "RampartSealTests", "Fixtures", "rncryptor")
CONTROLS = [0, 1, 7, 200]  # one piece, 1–4 byte slices, 1–256, 1–64


def reset(target):
    folder = os.path.join(CORPUS, target)
    keep = {}
    if os.path.isdir(folder):
        for name in os.listdir(folder):  # seeds made by hand or by the real API survive
            if name.startswith("vault-") or name.startswith("manual-"):
                with open(os.path.join(folder, name), "rb") as handle:
                    keep[name] = handle.read()
        shutil.rmtree(folder)
    os.makedirs(folder)
    for name, data in keep.items():
        write(target, name, data)
    return folder


def write(target, name, data):
    with open(os.path.join(CORPUS, target, name), "wb") as handle:
        handle.write(data)


def age_vectors():
    """(name, headers, age file bytes) of every CCTV vector, zlib bodies inflated."""
    import zlib
    for path in sorted(glob.glob(os.path.join(AGE, "*"))):
        name = os.path.basename(path)
        if name.endswith(".md"):
            continue
        raw = open(path, "rb").read()
        head, _, body = raw.partition(b"\n\n")
        fields = dict(line.split(": ", 1) for line in head.decode().splitlines() if ": " in line)
        if fields.get("compressed") == "zlib":
            body = zlib.decompress(body)
        yield name, fields, body


def ats():
    reset("ats-document")
    for path in sorted(glob.glob(os.path.join(POLICY, "*"))):
        name = os.path.basename(path)
        if name == "README.md":
            continue
        data = open(path, "rb").read()
        write("ats-document", name, data)
        if name.endswith(".plist"):
            try:
                write("ats-document", name[:-6] + ".binary.plist", plistlib.dumps(plistlib.loads(data), fmt=plistlib.FMT_BINARY))
            except Exception:
                pass  # the deliberately broken fixtures have no binary form


def age():
    for target in ["age-header", "age-armor", "age-decrypt"]:
        reset(target)
    for index, (name, fields, body) in enumerate(age_vectors()):
        control = bytes([CONTROLS[index % len(CONTROLS)]])
        if len(body) < 32 * 1024:  # the targets' -max_len; the multi-chunk STREAM vectors are larger
            write("age-decrypt", name, control + body)
        if fields.get("armored") == "yes" and len(body) < 16 * 1024:
            write("age-armor", name, control + body)
        elif body.startswith(b"age-encryption.org/"):
            end = body.find(b"\n---")
            end = body.find(b"\n", end + 1) if end >= 0 else -1
            write("age-header", name, body[: end + 1] if end >= 0 else body[:8192])
    # Armor around a few binary vectors, with LF and CRLF line ends.
    for name in ["x25519", "scrypt", "x25519_grease"]:
        body = next(b for n, _, b in age_vectors() if n == name)
        text = base64.b64encode(body).decode()
        lines = [text[i : i + 64] for i in range(0, len(text), 64)]
        armored = "-----BEGIN AGE ENCRYPTED FILE-----\n" + "\n".join(lines) + "\n-----END AGE ENCRYPTED FILE-----\n"
        write("age-armor", "armored-" + name, b"\x00" + armored.encode())
        write("age-armor", "armored-crlf-" + name, b"\x03" + armored.replace("\n", "\r\n").encode())


def rncryptor_records(file):
    text = open(os.path.join(RNC, file)).read()
    for block in re.split(r"\n\s*\n", text):
        record = {}
        for line in block.splitlines():
            if line.startswith("#") or ":" not in line:
                continue
            key, value = line.split(":", 1)
            record[key.strip()] = value.strip()
        if "ciphertext_hex" in record:
            yield record


def hexbytes(text):
    return bytes.fromhex(text.replace(" ", ""))


ENC_KEY = bytes(range(32))
HMAC_KEY = bytes(range(32, 64))


def rncryptor_encrypt(plaintext, iv):
    padder = padding.PKCS7(128).padder()
    padded = padder.update(plaintext) + padder.finalize()
    encryptor = Cipher(algorithms.AES(ENC_KEY), modes.CBC(iv)).encryptor()
    message = b"\x03\x00" + iv + encryptor.update(padded) + encryptor.finalize()
    return message + hmac.new(HMAC_KEY, message, hashlib.sha256).digest()


def rncryptor():
    reset("rncryptor-header")
    reset("rncryptor-stream")
    count = 0
    for file in ["key", "password"]:
        for record in rncryptor_records(file):
            message = hexbytes(record["ciphertext_hex"])
            title = re.sub(r"[^a-z0-9]+", "-", record.get("title", "vector").lower()).strip("-")
            write("rncryptor-header", f"{file}-{title}", message[:64])
            write("rncryptor-stream", f"{file}-{title}", bytes([CONTROLS[count % 4]]) + message)
            count += 1
    for index, size in enumerate([0, 1, 15, 16, 17, 31, 32, 100, 1000, 4000]):
        iv = bytes((index * 16 + i) % 256 for i in range(16))
        plaintext = bytes((i * 7) % 256 for i in range(size))
        message = rncryptor_encrypt(plaintext, iv)
        write("rncryptor-stream", f"fixed-keys-{size}", bytes([CONTROLS[index % 4]]) + message)


def pins():
    reset("spki-pin")
    digest = base64.b64encode(hashlib.sha256(b"rampart").digest()).decode()
    for index, text in enumerate(
        [
            "sha256/" + digest,
            digest,
            "SHA256/" + digest,
            "  sha256/" + digest + "  ",
            "sha1/" + base64.b64encode(hashlib.sha1(b"x").digest()).decode(),
            "sha256/" + digest.rstrip("="),
            "sha256/" + base64.b64encode(b"short").decode(),
            "sha256/r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=",
        ]
    ):
        write("spki-pin", f"pin-{index}", text.encode())


def certificates():
    reset("certificate-file")
    with tempfile.TemporaryDirectory() as folder:
        def openssl(*args):
            subprocess.run(["openssl", *args], cwd=folder, check=True, capture_output=True)

        specs = {"p256": ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"], "ed25519": ["-newkey", "ed25519"],
                 "rsa2048": ["-newkey", "rsa:2048"]}
        for name, key in specs.items():
            openssl("req", "-x509", *key, "-nodes", "-keyout", f"{name}.key", "-out", f"{name}.pem", "-days", "30",
                    "-subj", f"/CN={name}.fuzz.example", "-addext", "subjectAltName=DNS:fuzz.example")
            openssl("x509", "-in", f"{name}.pem", "-outform", "DER", "-out", f"{name}.der")
            for ext in ["pem", "der"]:
                write("certificate-file", f"{name}.{ext}", open(os.path.join(folder, f"{name}.{ext}"), "rb").read())
        chain = b"subject and issuer text around the blocks is ignored\n"
        chain += open(os.path.join(folder, "p256.pem"), "rb").read() + open(os.path.join(folder, "ed25519.pem"), "rb").read()
        write("certificate-file", "chain.pem", chain)


def pem():
    """The lax PEM reader: one chain in the shapes files come in (wrapping, line ends, blanks, text
    around, openssl -text output), a CA file with its key before the certificate (mitmproxy-ca.pem),
    and blocks the reader refuses (header lines, encryption, a wrong END, no END)."""
    reset("pem")
    with tempfile.TemporaryDirectory() as folder:
        def openssl(*args):
            return subprocess.run(["openssl", *args], cwd=folder, check=True, capture_output=True).stdout

        openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "ca.key",
                "-out", "ca.pem", "-days", "30", "-subj", "/CN=pem.fuzz.example")
        der = openssl("x509", "-in", "ca.pem", "-outform", "DER")
        body = base64.b64encode(der).decode()
        key = open(os.path.join(folder, "ca.key"), "rb").read()

        def block(width, end="\n", prefix="", suffix="", label="CERTIFICATE"):
            lines = [body[i:i + width] for i in range(0, len(body), width)] if width else [body]
            text = [f"-----BEGIN {label}-----"] + [prefix + line + suffix for line in lines] + [f"-----END {label}-----"]
            return (end.join(text) + end).encode()

        write("pem", "wrap-64.pem", block(64))
        write("pem", "wrap-65.pem", block(65))
        write("pem", "wrap-76.pem", block(76))
        write("pem", "one-line.pem", block(None))
        write("pem", "crlf.pem", block(64, end="\r\n"))
        write("pem", "cr.pem", block(64, end="\r"))
        write("pem", "trailing-blanks.pem", block(64, suffix=" \t"))
        write("pem", "indented.pem", block(64, prefix="    "))
        write("pem", "blank-lines.pem", block(64, end="\n\n"))
        write("pem", "bom.pem", b"\xef\xbb\xbf" + block(64))
        write("pem", "x509-label.pem", block(64, label="X509 CERTIFICATE"))
        write("pem", "same-line.pem", f"-----BEGIN CERTIFICATE----- {body} -----END CERTIFICATE-----\n".encode())
        write("pem", "openssl-text.pem", openssl("x509", "-in", "ca.pem", "-text") * 2)
        write("pem", "mitmproxy-ca.pem", key + block(65))
        write("pem", "header.pem", block(64).replace(b"-----\n", b"-----\nComment: a header\n\n", 1))
        write("pem", "encrypted.pem", block(64).replace(
            b"-----\n", b"-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00112233445566778899AABBCCDDEEFF\n\n", 1))
        write("pem", "wrong-end.pem", block(64).replace(b"END CERTIFICATE", b"END PRIVATE KEY"))
        write("pem", "no-end.pem", block(64).split(b"-----END")[0])


def proxies():
    reset("proxy-settings")
    for index, lines in enumerate(
        [
            ["http://proxy.corp:3128", "http://proxy.corp:3128", "localhost,127.0.0.1,.internal", "api.example.com", "443"],
            ["http://user:s3cret@proxy.corp:8080", "", "*", "example.com", "80"],
            ["proxy.corp", "http://[::1]:3128", "10.0.0.0/8,::1/128,example.com:8443", "10.1.2.3", "443"],
            ["https://proxy.corp", "socks5://proxy:1080", ".example.com,[2001:db8::1]", "www.example.com.", "8443"],
            ["http://us%40er:p%3Ass@proxy:1", "http://proxy:99999", "192.168.0.0/33, , EXAMPLE.org", "[::1]", "0"],
        ]
    ):
        write("proxy-settings", f"proxy-{index}", "\n".join(lines).encode())


def http_responses():
    reset("http-response")
    crlf = lambda text: text.replace("\n", "\r\n").encode()
    responses = {
        "content-length": (0, crlf("HTTP/1.1 200 OK\nContent-Length: 5\nContent-Type: text/plain\n\nhello")),
        "chunked": (1 * 2, crlf("HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n5;ext=1\nhello\n0\nTrailer-Field: x\n\n")),
        "read-until-close": (4, crlf("HTTP/1.0 200 OK\nConnection: close\n\n") + b"body until the server closes"),
        "no-content": (0, crlf("HTTP/1.1 204 No Content\n\n")),
        "not-modified": (6, crlf("HTTP/1.1 304 Not Modified\nETag: \"x\"\n\n")),
        "continue-then-ok": (0, crlf("HTTP/1.1 100 Continue\n\nHTTP/1.1 200 OK\nContent-Length: 2\n\nok")),
        "head": (1, crlf("HTTP/1.1 200 OK\nContent-Length: 1000\n\n")),
        "redirect": (8, crlf("HTTP/1.1 302 Found\nLocation: https://example.com/next\nContent-Length: 0\n\n")),
        "extra-after-end": (0, crlf("HTTP/1.1 200 OK\nContent-Length: 2\n\nokHTTP/1.1 200 OK\nContent-Length: 0\n\n")),
        "folded-header": (0, crlf("HTTP/1.1 200 OK\nX-Folded: a\n b\nContent-Length: 0\n\n")),
        "many-headers": (0, crlf("HTTP/1.1 200 OK\n" + "".join(f"X-H{i}: {i}\n" for i in range(99)) + "Content-Length: 0\n\n")),
        "too-many-headers": (0, crlf("HTTP/1.1 200 OK\n" + "".join(f"X-H{i}: {i}\n" for i in range(101)) + "\n")),
        "header-near-limit": (0, crlf("HTTP/1.1 200 OK\nX-Big: " + "a" * (64 * 1024 - 100) + "\nContent-Length: 0\n\n")),
        "header-over-limit": (0, crlf("HTTP/1.1 200 OK\nX-Big: " + "a" * (64 * 1024 + 10) + "\nContent-Length: 0\n\n")),
        "conflicting-length": (0, crlf("HTTP/1.1 200 OK\nContent-Length: 2\nContent-Length: 3\n\nabc")),
        "chunked-and-length": (0, crlf("HTTP/1.1 200 OK\nContent-Length: 3\nTransfer-Encoding: chunked\n\n3\nabc\n0\n\n")),
    }
    for name, (control, data) in responses.items():
        write("http-response", name, bytes([control]) + data)


def scanner_binaries():
    """Mach-O images and provisioning profiles: copies of RampartScanTests' binary fixtures (made by
    their make-fixtures.py: clang objects, PyPI wheels' images, openssl cms profiles)."""
    fixtures = os.path.join(ROOT, "Tests", "RampartScanTests", "Fixtures", "binary")
    reset("macho")
    reset("provisioning-profile")
    for name in sorted(os.listdir(fixtures)):
        target = "provisioning-profile" if name.endswith(".mobileprovision") else "macho"
        if target == "macho" and not name.endswith((".o", ".so", ".bin")):
            continue
        with open(os.path.join(fixtures, name), "rb") as handle:
            write(target, name, handle.read())


def whole_scans():
    """The whole-scan targets: the labelled corpus's Swift sources and Info.plists (ScanCorpus/), the XML
    and binary plists of ats-document, RampartScanTests' .ipa fixtures, and small hostile Swift near the
    limits of SwiftLimits (a long member chain, nested brackets, a parser-stopping generic, interpolations)."""
    reset("scan-swift")
    reset("scan-plist")
    reset("scan-ipa")
    corpus = os.path.join(ROOT, "ScanCorpus")
    for path in sorted(glob.glob(os.path.join(corpus, "**", "*.swift"), recursive=True)):
        with open(path, "rb") as handle:
            write("scan-swift", os.path.relpath(path, corpus).replace(os.sep, "_"), handle.read())
    hostile = {
        "chain-990": b"let x = a" + b".b" * 990 + b"\nlet w = UIWebView()\n",
        "unwraps": b"let x = a" + b"!" * 500 + b"?.b" * 100 + b"\n",
        "brackets-120": b"let x = " + b"(" * 120 + b"1" + b")" * 120 + b"\n",
        "squares-12": b"let x = " + b"[" * 12 + b"1" + b"]" * 12 + b"\n",
        "generic-200": b"let g: " + b"A<" * 200 + b"Int" + b">" * 200 + b"\nlet w = UIWebView()\n",
        "interpolation": b'let s = "a \\(b("\\(c)")) #"raw \\(x)"# """\n\\(d)\n"""\n',
        "try-await": b"let x = " + b"try await " * 100 + b"f()\n",
    }
    for name, data in hostile.items():
        write("scan-swift", name + ".swift", data)
    for path in sorted(glob.glob(os.path.join(corpus, "**", "Info.plist"), recursive=True)):
        with open(path, "rb") as handle:
            write("scan-plist", os.path.relpath(path, corpus).replace(os.sep, "_"), handle.read())
    for name in sorted(os.listdir(os.path.join(CORPUS, "ats-document"))):
        if name.endswith(".plist"):
            with open(os.path.join(CORPUS, "ats-document", name), "rb") as handle:
                write("scan-plist", "ats-" + name, handle.read())
    fixtures = os.path.join(ROOT, "Tests", "RampartScanTests", "Fixtures", "binary")
    for name in sorted(os.listdir(fixtures)):
        if name.endswith(".ipa") and os.path.getsize(os.path.join(fixtures, name)) <= 256 * 1024:
            with open(os.path.join(fixtures, name), "rb") as handle:
                write("scan-ipa", name, handle.read())


def plain_arguments():
    """Command lines as fetch, encrypt and decrypt take them, arguments separated by NUL bytes."""
    reset("plain-arguments")
    lines = [
        ["https://example.com/", "-o", "page.html", "-v"],
        ["-H", "A: 1", "--header=B: 2", "https://example.com/", "--pin", "sha256/AAAA", "--force"],
        ["in.bin", "--output=out.age", "--max-time", "2.5"],
        ["a", "b", "-v", "--verbose"],
        ["-o", "-", "x"],
        ["--", "-v"],
        ["-vL", "--output="],
        ["caf\xe9", "-o", "\xff\xfe"],
    ]
    for index, line in enumerate(lines):
        write("plain-arguments", f"line-{index}", b"\0".join(part.encode("latin-1") for part in line))


def vault():
    folder = reset("vault-backup")
    if not any(name.startswith("vault-") for name in os.listdir(folder)):
        print("note: Fuzz/Corpus/vault-backup has no vault-*.json seeds made by the real API; see Fuzz/README.md")


if __name__ == "__main__":
    ats()
    age()
    rncryptor()
    pins()
    certificates()
    pem()
    proxies()
    http_responses()
    scanner_binaries()
    plain_arguments()
    whole_scans()
    vault()
    for target in sorted(os.listdir(CORPUS)):
        files = os.listdir(os.path.join(CORPUS, target))
        size = sum(os.path.getsize(os.path.join(CORPUS, target, f)) for f in files)
        print(f"{target}: {len(files)} seeds, {size} bytes")
