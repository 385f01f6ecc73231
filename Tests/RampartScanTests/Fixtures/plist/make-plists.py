#!/usr/bin/env python3
"""Writes the binary property lists PropertyListAnalyzerTests reads (run from this folder; Python 3's plistlib).

- Info-binary.plist: an app's Info.plist as Xcode ships it inside an .ipa (binary): ATS arbitrary loads on,
  a Facebook login scheme, TrustKit with one pin for one domain and two for another.
- set-in-binary.plist: a binary plist whose top object is a set (plistlib cannot write sets, so the bytes are
  laid out by hand): Foundation on Linux crashes bridging it; the reader must refuse it.
"""
import plistlib
import struct

info = {
    "CFBundleIdentifier": "com.example.shop",
    "CFBundleURLTypes": [{"CFBundleURLSchemes": ["fb1234567890", "shop-share"]}],
    "NSAppTransportSecurity": {"NSAllowsArbitraryLoads": True},
    "TSKConfiguration": {
        "TSKPinnedDomains": {
            "one.example.com": {"TSKPublicKeyHashes": ["Vjs8r4z+80wjNcr1YKepWQboSIRi63WsWXhIMN+eWys="]},
            "two.example.com": {
                "TSKPublicKeyHashes": [
                    "Vjs8r4z+80wjNcr1YKepWQboSIRi63WsWXhIMN+eWys=",
                    "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=",
                ]
            },
        }
    },
}
with open("Info-binary.plist", "wb") as f:
    plistlib.dump(info, f, fmt=plistlib.FMT_BINARY, sort_keys=True)

# bplist00, object 0: a set (0xC1) of one reference (1), object 1: the ASCII string "a"; offset table; trailer.
objects = [bytes([0xC1, 0x01]), bytes([0x51, 0x61])]
data = bytearray(b"bplist00")
offsets = []
for obj in objects:
    offsets.append(len(data))
    data += obj
table = len(data)
data += bytes(offsets)
data += bytes([0, 0, 0, 0, 0, 0, 1, 1])
data += struct.pack(">QQQ", len(objects), 0, table)
with open("set-in-binary.plist", "wb") as f:
    f.write(data)
