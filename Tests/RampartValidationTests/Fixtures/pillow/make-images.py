# Makes the small real images in this folder with Pillow (Debian's python3-pil 9.4): every file is
# written by Pillow's own encoders (libjpeg, zlib, giflib-compatible LZW, libwebp) and read back.
from PIL import Image, ImageDraw
def picture(size, mode="RGB"):
    image = Image.new(mode, size, "white" if mode != "P" else 0)
    draw = ImageDraw.Draw(image)
    for i in range(0, size[0], 7):
        draw.line((i, 0, size[0] - i, size[1]), fill=(i * 3 % 256, 80, 200) if mode == "RGB" else i % 200)
    draw.ellipse((size[0] // 4, size[1] // 4, size[0] * 3 // 4, size[1] * 3 // 4), outline=(200, 30, 30) if mode == "RGB" else 250)
    return image
rgb = picture((64, 48))
rgb.save("baseline.jpg", quality=85)
rgb.save("progressive.jpg", quality=85, progressive=True)
rgb.save("rgb.png")
picture((64, 48), "P").save("palette.png")
rgb.convert("RGBA").save("rgba.png")
picture((64, 48), "P").save("still.gif")
frames = [picture((40, 30), "P").rotate(angle) for angle in (0, 90, 180)]
frames[0].save("animated.gif", save_all=True, append_images=frames[1:], duration=100, loop=0)
bw = Image.new("1", (16, 16), 0); ImageDraw.Draw(bw).rectangle((4, 4, 11, 11), fill=1); bw.save("bilevel.gif")
rgb.save("lossy.webp", quality=80)
rgb.save("lossless.webp", lossless=True)
rgb.convert("RGBA").save("alpha.webp", quality=80)
frames_rgb = [picture((40, 30)).rotate(a) for a in (0, 90)]
frames_rgb[0].save("animated.webp", save_all=True, append_images=frames_rgb[1:], duration=100)
import os
for name in sorted(os.listdir(".")):
    if name.endswith((".jpg", ".png", ".gif", ".webp")):
        with Image.open(name) as im:
            im.load()
            print(name, im.format, im.size)
