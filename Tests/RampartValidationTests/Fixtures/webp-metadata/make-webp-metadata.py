# Builds the WebP files in this folder with libwebp 1.2.4's tools (Debian package `webp`) from
# ../pillow/rgb.png, and checks that libwebp's own decoder (dwebp) decodes every one of them:
#   lossy-exif-xmp.webp    cwebp -q 40 (simple format: RIFF, VP8 ) with an EXIF and an XMP chunk
#                          appended after VP8 (the XMP payload has an odd length, so it is padded)
#   lossy-iccp.webp        the same lossy image with an ICCP chunk after VP8
#   lossless-exif.webp     cwebp -lossless (simple format: RIFF, VP8L) with an EXIF chunk after VP8L
#   lossy-xmp-script.webp  the lossy image with an XMP chunk holding <script> after VP8
#   extended-exif.webp     webpmux -set exif on the lossy image (extended format: VP8X, VP8 , EXIF)
# libwebp's simple-format decoder reads the VP8/VP8L chunk and ignores what follows it inside
# the RIFF size, as its own test files rely on.
import os, struct, subprocess, tempfile, shutil
here = os.path.dirname(os.path.abspath(__file__))
png = os.path.join(here, "..", "pillow", "rgb.png")
tmp = tempfile.mkdtemp()

def chunk(fourcc, payload):
    return fourcc + struct.pack("<I", len(payload)) + payload + (b"\0" if len(payload) % 2 else b"")

def append(source, out, *chunks):
    data = open(source, "rb").read()
    body = data[12:] + b"".join(chunks)
    with open(os.path.join(here, out), "wb") as f:
        f.write(b"RIFF" + struct.pack("<I", 4 + len(body)) + b"WEBP" + body)

# A little-endian TIFF header with one IFD entry (Orientation = 1), as cameras write EXIF.
exif = b"II*\0" + struct.pack("<I", 8) + struct.pack("<H", 1) + struct.pack("<HHII", 0x0112, 3, 1, 1) + struct.pack("<I", 0)
xmp = (b'<?xpacket begin="\xef\xbb\xbf" id="W5M0MpCehiHzreSzNTczkc9d"?>'
       b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
       b'<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:format>image/webp</dc:format>'
       b'</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>')
if len(xmp) % 2 == 0: xmp += b" "
# An ICC header (128 bytes: size, 'mntr' RGB XYZ, 'acsp') and an empty tag table.
icc = bytearray(132)
struct.pack_into(">I", icc, 0, len(icc)); icc[12:16] = b"mntr"; icc[16:20] = b"RGB "; icc[20:24] = b"XYZ "; icc[36:40] = b"acsp"
lossy, lossless = os.path.join(tmp, "lossy.webp"), os.path.join(tmp, "lossless.webp")
subprocess.run(["cwebp", "-quiet", "-q", "40", png, "-o", lossy], check=True)
subprocess.run(["cwebp", "-quiet", "-lossless", png, "-o", lossless], check=True)
append(lossy, "lossy-exif-xmp.webp", chunk(b"EXIF", exif), chunk(b"XMP ", xmp))
append(lossy, "lossy-iccp.webp", chunk(b"ICCP", bytes(icc)))
append(lossless, "lossless-exif.webp", chunk(b"EXIF", exif))
append(lossy, "lossy-xmp-script.webp", chunk(b"XMP ", b"<x:xmpmeta><script>alert(1)</script></x:xmpmeta>"))
with open(os.path.join(tmp, "exif.bin"), "wb") as f: f.write(exif)
subprocess.run(["webpmux", "-set", "exif", os.path.join(tmp, "exif.bin"), lossy, "-o",
                os.path.join(here, "extended-exif.webp")], check=True, stdout=subprocess.DEVNULL)
for name in sorted(os.listdir(here)):
    if name.endswith(".webp"):
        subprocess.run(["dwebp", "-quiet", os.path.join(here, name), "-o", os.path.join(tmp, "out.png")], check=True)
        print(name, "decoded by dwebp")
shutil.rmtree(tmp)
