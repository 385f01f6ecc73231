# Builds the hostile files in this folder from the Pillow images in ../pillow:
#   jpeg-zip.jpg   baseline.jpg with a ZIP archive (made by Info-ZIP's `zip`) appended
#   gif-jar.gif    still.gif with a JAR (a ZIP holding META-INF/MANIFEST.MF and a class name) appended
#   jpeg-mp3.jpg   baseline.jpg with an ID3v2 tag and ten silent MPEG-1 Layer III frames appended
#   php-comment.jpg / php-text.png / php-comment.gif: a PHP web shell in a JPEG COM segment, a PNG
#   tEXt chunk and a GIF comment extension (each one a valid image: the shell is in the metadata)
#   script-exif.webp: lossy.webp extended with an XMP chunk holding <script>
import os, subprocess, shutil, tempfile, struct
from PIL import Image, PngImagePlugin
here = os.path.dirname(os.path.abspath(__file__)); src = os.path.join(here, "..", "pillow")
tmp = tempfile.mkdtemp()
with open(os.path.join(tmp, "readme.txt"), "w") as f: f.write("hidden payload\n")
subprocess.run(["zip", "-q", "-X", os.path.join(tmp, "a.zip"), "readme.txt"], cwd=tmp, check=True)
os.makedirs(os.path.join(tmp, "jar", "META-INF"))
with open(os.path.join(tmp, "jar", "META-INF", "MANIFEST.MF"), "w") as f: f.write("Manifest-Version: 1.0\nMain-Class: Payload\n")
subprocess.run(["zip", "-q", "-X", "-r", os.path.join(tmp, "a.jar"), "META-INF"], cwd=os.path.join(tmp, "jar"), check=True)
def cat(out, *parts):
    with open(os.path.join(here, out), "wb") as f:
        for p in parts: f.write(open(p, "rb").read())
cat("jpeg-zip.jpg", os.path.join(src, "baseline.jpg"), os.path.join(tmp, "a.zip"))
cat("gif-jar.gif", os.path.join(src, "still.gif"), os.path.join(tmp, "a.jar"))
# ID3v2.3 tag (empty, 10-byte header) + ten silent frames: header FF FB 90 64 (MPEG-1 L3, 128 kbit/s, 44.1 kHz), 417 bytes each.
mp3 = b"ID3\x03\x00\x00\x00\x00\x00\x00" + (b"\xff\xfb\x90\x64" + b"\x00" * 413) * 10
with open(os.path.join(tmp, "a.mp3"), "wb") as f: f.write(mp3)
cat("jpeg-mp3.jpg", os.path.join(src, "baseline.jpg"), os.path.join(tmp, "a.mp3"))
shell = b"<?php system($_GET['c']); ?>"
image = Image.open(os.path.join(src, "baseline.jpg")); image.save(os.path.join(here, "php-comment.jpg"), quality=85, comment=shell)
info = PngImagePlugin.PngInfo(); info.add_text("Comment", shell.decode())
Image.open(os.path.join(src, "rgb.png")).save(os.path.join(here, "php-text.png"), pnginfo=info)
Image.open(os.path.join(src, "still.gif")).save(os.path.join(here, "php-comment.gif"), comment=shell)
webp = Image.open(os.path.join(src, "lossy.webp")); webp.save(os.path.join(here, "script-xmp.webp"), quality=80, xmp=b"<x:xmpmeta><script>alert(1)</script></x:xmpmeta>")
for name in sorted(os.listdir(here)):
    if name.endswith((".jpg", ".png", ".gif", ".webp")):
        with Image.open(os.path.join(here, name)) as im: im.load(); print(name, im.format, im.size)
shutil.rmtree(tmp)
