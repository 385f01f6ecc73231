#!/usr/bin/env python3
"""Rebuilds the binary fixtures of RampartScanTests (Mach-O, provisioning profile, .ipa).

Run from this folder: python3 make-fixtures.py
Needs the toolchain's clang (/opt/swift/usr/bin/clang), openssl, and pip (network: two macOS wheels
from PyPI). Every file it writes is listed in README.md with where it came from.
"""
import glob
import io
import os
import plistlib
import shutil
import struct
import subprocess
import tempfile
import zipfile

CLANG = "/opt/swift/usr/bin/clang"
HERE = os.path.dirname(os.path.abspath(__file__))


def run(*args, **kwargs):
    subprocess.run(args, check=True, **kwargs)


def objects():
    run(CLANG, "-target", "arm64-apple-ios15", "-O1", "-c", "insecure.c", "-o", "insecure-arm64.o")
    run(CLANG, "-target", "x86_64-apple-ios15-simulator", "-O1", "-c", "insecure.c", "-o", "insecure-x86_64-sim.o")
    run(CLANG, "-target", "armv7-apple-ios10", "-O1", "-c", "insecure.c", "-o", "insecure-armv7.o")
    run(CLANG, "-target", "arm64-apple-ios15", "-fobjc-arc", "-O1", "-c", "webview.m", "-o", "webview-arm64.o")
    # A universal (fat) object of the two insecure.o slices, as lipo would write it (alignment 2^12).
    fat(["insecure-arm64.o", "insecure-x86_64-sim.o"], "insecure-universal.o")
    chained_fixups("chained-fixups.so")
    chained_fixups("signed-entitlements.so", {"get-task-allow": True, "application-identifier": "ABCDE12345.org.rampart.demo"})


def fat(paths, output, wide=False):
    """Writes a universal binary of the given thin images (0xcafebabe, or 0xcafebabf when wide)."""
    images = [open(p, "rb").read() for p in paths]
    entry = 32 if wide else 20
    offset = 8 + entry * len(images)
    header = struct.pack(">II", 0xCAFEBABF if wide else 0xCAFEBABE, len(images))
    body = b""
    for image in images:
        cputype, subtype = struct.unpack("<II", image[4:12])
        start = (offset + len(body) + 4095) // 4096 * 4096
        body += b"\0" * (start - offset - len(body))
        if wide:
            header += struct.pack(">IIQQII", cputype, subtype, start, len(image), 12, 0)
        else:
            header += struct.pack(">IIIII", cputype, subtype, start, len(image), 12)
        body += image
    open(output, "wb").write(header + body)


def chained_fixups(output, entitlements=None):
    """A minimal arm64 bundle whose imports are only in LC_DYLD_CHAINED_FIXUPS (format 1, uncompressed
    names), as recent linkers write them, with an LC_SYMTAB that lists no symbol. Written field by field.
    With `entitlements`, an LC_CODE_SIGNATURE super blob (0xfade0cc0) holds them as codesign does (slot 5,
    blob 0xfade7171, XML plist)."""
    names = [b"_CC_MD5", b"_OBJC_CLASS_$_UIWebView", b"_kSecAttrAccessibleAlways"]
    symbols = b"\0"
    offsets = []
    for name in names:
        offsets.append(len(symbols))
        symbols += name + b"\0"
    header_size, commands = 32, 16 + 24 + (16 if entitlements else 0)
    data_offset = header_size + commands
    imports = b"".join(struct.pack("<I", 1 | (offset << 9)) for offset in offsets)  # lib ordinal 1
    starts = struct.pack("<I", 0)  # dyld_chained_starts_in_image: no segment has fixups to chain
    fixups = struct.pack("<IIIIIII", 0, 28, 32, 32 + len(imports), len(names), 1, 0) + starts + imports + symbols
    signature = b""
    if entitlements:
        xml = plistlib.dumps(entitlements)
        blob = struct.pack(">II", 0xFADE7171, 8 + len(xml)) + xml
        signature = struct.pack(">IIIII", 0xFADE0CC0, 20 + len(blob), 1, 5, 20) + blob
    count = 3 if entitlements else 2
    image = struct.pack("<IIIIIIII", 0xFEEDFACF, 0x0100000C, 0, 8, count, commands, 0, 0)
    image += struct.pack("<IIII", 0x80000034, 16, data_offset, len(fixups))
    image += struct.pack("<IIIIII", 0x2, 24, 0, 0, 0, 0)
    if entitlements:
        image += struct.pack("<IIII", 0x1D, 16, data_offset + len(fixups), len(signature))
    open(output, "wb").write(image + fixups + signature)


def wheels():
    with tempfile.TemporaryDirectory() as tmp:
        for platform, name in [("macosx_11_0_arm64", "markupsafe-arm64.so"),
                               ("macosx_10_9_universal2", "markupsafe-universal2.so")]:
            folder = os.path.join(tmp, platform)
            run("python3", "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--platform", platform,
                "--python-version", "3.12", "-d", folder, "markupsafe==3.0.4" if "arm64" in platform
                else "markupsafe==2.1.5")
            wheel = glob.glob(os.path.join(folder, "*.whl"))[0]
            with zipfile.ZipFile(wheel) as archive:
                member = next(n for n in archive.namelist() if n.endswith(".so"))
                open(name, "wb").write(archive.read(member))
    encrypted("markupsafe-arm64.so", "markupsafe-arm64-encrypted.so")
    fat(["markupsafe-arm64.so", "insecure-x86_64-sim.o"], "mixed-universal64.bin", wide=True)


def encrypted(source, output):
    """A FairPlay-like copy: its LC_UUID (24 bytes) rewritten as LC_ENCRYPTION_INFO_64 with cryptid 1."""
    data = bytearray(open(source, "rb").read())
    ncmds, = struct.unpack_from("<I", data, 16)
    offset = 32
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", data, offset)
        if cmd == 0x1B:
            struct.pack_into("<IIIIII", data, offset, 0x2C, 24, 0x4000, 0x4000, 1, 0)
            break
        offset += size
    else:
        raise SystemExit("no LC_UUID in " + source)
    open(output, "wb").write(bytes(data))


def profile_plist(devices, get_task_allow):
    import datetime
    plist = {
        "AppIDName": "Rampart Demo",
        "ApplicationIdentifierPrefix": ["ABCDE12345"],
        "CreationDate": datetime.datetime(2026, 1, 1, 12, 0, 0),
        "ExpirationDate": datetime.datetime(2027, 1, 1, 12, 0, 0),
        "Name": "Rampart Demo " + ("Development" if devices else "App Store"),
        "TeamIdentifier": ["ABCDE12345"],
        "TeamName": "Rampart Lab",
        "Entitlements": {
            "application-identifier": "ABCDE12345.org.rampart.demo",
            "com.apple.developer.team-identifier": "ABCDE12345",
            "get-task-allow": get_task_allow,
            "aps-environment": "development" if devices else "production",
            "keychain-access-groups": ["ABCDE12345.*"],
        },
        "UUID": "8A6A8F5E-3C1B-4B8E-9E52-7C1D2F3A4B5C",
        "Version": 1,
    }
    if devices:
        plist["ProvisionedDevices"] = ["00008030-001A2B3C4D5E6F70", "00008101-000A1B2C3D4E5F60"]
    return plist


def profile():
    """Provisioning profiles: each plist signed as CMS SignedData (DER, content attached) by a throwaway
    self-signed certificate (Apple's signature cannot be made here, and the reader does not check it).
    development.mobileprovision: devices and get-task-allow (a development build);
    appstore-debuggable.mobileprovision: no devices (App Store shape) yet get-task-allow true."""
    with tempfile.TemporaryDirectory() as tmp:
        key, cert = os.path.join(tmp, "key.pem"), os.path.join(tmp, "cert.pem")
        run("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days",
            "3650", "-subj", "/CN=Rampart Lab Profile Signer", "-keyout", key, "-out", cert,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for name, devices in [("development", True), ("appstore-debuggable", False)]:
            body = name + "-profile.plist"
            with open(body, "wb") as f:
                plistlib.dump(profile_plist(devices, True), f)
            run("openssl", "cms", "-sign", "-nodetach", "-outform", "DER", "-in", body, "-signer", cert, "-inkey",
                key, "-binary", "-out", name + ".mobileprovision")
        # BER with indefinite lengths and the content in chunks, as a streaming signer writes it.
        run("openssl", "cms", "-sign", "-nodetach", "-outform", "DER", "-stream", "-in", "development-profile.plist",
            "-signer", cert, "-inkey", key, "-binary", "-out", "development-ber.mobileprovision")
        # The server certificate an app bundles to pin (DER, as `.cer` files are).
        run("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days",
            "3650", "-subj", "/CN=api.example.com", "-keyout", key, "-outform", "DER", "-out", "server.cer",
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def ipas():
    info = {
        "CFBundleExecutable": "Demo",
        "CFBundleIdentifier": "org.rampart.demo",
        "CFBundleName": "Demo",
        "NSAppTransportSecurity": {"NSAllowsArbitraryLoads": True},
        "CFBundleURLTypes": [{"CFBundleURLSchemes": ["com.googleusercontent.apps.1234-abcd"]}],
    }
    framework_info = {"CFBundleExecutable": "Tools", "CFBundleIdentifier": "org.rampart.tools"}
    with zipfile.ZipFile("Demo.ipa", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("Payload/", b"")
        z.writestr("Payload/Demo.app/Info.plist", plistlib.dumps(info, fmt=plistlib.FMT_BINARY))
        z.write("insecure-universal.o", "Payload/Demo.app/Demo")
        z.write("appstore-debuggable.mobileprovision", "Payload/Demo.app/embedded.mobileprovision")
        z.write("server.cer", "Payload/Demo.app/server.cer")
        z.writestr("Payload/Demo.app/Frameworks/Tools.framework/Info.plist",
                   plistlib.dumps(framework_info, fmt=plistlib.FMT_BINARY))
        z.write("webview-arm64.o", "Payload/Demo.app/Frameworks/Tools.framework/Tools")
    # The App Store shape: the main binary FairPlay-encrypted.
    with zipfile.ZipFile("Encrypted.ipa", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("Payload/Store.app/Info.plist",
                   plistlib.dumps(dict(info, CFBundleExecutable="Store"), fmt=plistlib.FMT_BINARY))
        z.write("markupsafe-arm64-encrypted.so", "Payload/Store.app/Store")
    # Hostile archives: a zip bomb (64 MiB of zeros in 64 KiB), names that climb out or are absolute,
    # an archive inside the archive.
    with zipfile.ZipFile("bomb.ipa", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.writestr("Payload/Bomb.app/Info.plist", plistlib.dumps(dict(info, CFBundleExecutable="Bomb"), fmt=plistlib.FMT_BINARY))
        z.writestr("Payload/Bomb.app/Bomb", b"\0" * (64 << 20))
    with zipfile.ZipFile("traversal.ipa", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("Payload/Up.app/../../evil.plist", plistlib.dumps({"a": 1}))
        z.writestr("/etc/Info.plist", plistlib.dumps({"a": 1}))
        z.writestr("Payload/Up.app/Info.plist", plistlib.dumps(dict(info, CFBundleExecutable="Up")))
    # A member whose headers say 100 bytes but which inflates to 128 KiB (of hex digits, so the ratio
    # stays low): the reader must count what comes out, not trust the header.
    lying = io.BytesIO()
    with zipfile.ZipFile(lying, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("Payload/Lie.app/Info.plist", plistlib.dumps(dict(info, CFBundleExecutable="Lie"), fmt=plistlib.FMT_BINARY))
        z.writestr("Payload/Lie.app/Lie", os.urandom(64 << 10).hex().encode())
    data = bytearray(lying.getvalue())
    for signature, field in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        start = 0
        while (start := data.find(signature, start)) >= 0:
            name_length, = struct.unpack_from("<H", data, start + (26 if signature == b"PK\x03\x04" else 28))
            name = data[start + (30 if signature == b"PK\x03\x04" else 46):][:name_length]
            if name == b"Payload/Lie.app/Lie":
                struct.pack_into("<I", data, start + field, 100)
            start += 4
    open("lying.ipa", "wb").write(bytes(data))
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w") as z:
        z.writestr("Payload/Inner.app/Info.plist", plistlib.dumps(info))
    with zipfile.ZipFile("nested.ipa", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("Payload/Outer.app/Info.plist", plistlib.dumps(dict(info, CFBundleExecutable="Outer")))
        z.writestr("Payload/Outer.app/Resources/bundle.zip", inner.getvalue())


if __name__ == "__main__":
    os.chdir(HERE)
    objects()
    wheels()
    profile()
    ipas()
