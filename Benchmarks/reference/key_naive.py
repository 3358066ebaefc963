"""Reference: the SPEC's key as a naive per-pixel Python loop over Pillow pixels."""
import sys

from PIL import Image

source = Image.open(sys.argv[1]).convert("RGB")
out = Image.new("RGBA", source.size)
pixels = []
for r, g, b in source.getdata():
    a = max(r, g, b)
    pixels.append((0, 0, 0, 0) if a == 0 else (r * 255 // a, g * 255 // a, b * 255 // a, a))
out.putdata(pixels)
out.save(sys.argv[2], compress_level=6)
