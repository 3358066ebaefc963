"""Reference: the SPEC's key as whole-array numpy, with Pillow for PNG I/O (zlib
level 6). What a designer's script would do."""
import sys

import numpy as np
from PIL import Image

rgb = np.asarray(Image.open(sys.argv[1]).convert("RGB")).astype(np.uint16)
a = rgb.max(axis=2)
safe = np.maximum(a, 1)[..., None]
out = np.zeros(rgb.shape[:2] + (4,), np.uint8)
out[..., :3] = np.where(a[..., None] > 0, rgb * 255 // safe, 0)
out[..., 3] = a
Image.fromarray(out, "RGBA").save(sys.argv[2], compress_level=6)
