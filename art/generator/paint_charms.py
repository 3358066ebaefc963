#!/usr/bin/env python3
"""Paint Bijoux's 12 stock charms as RGB PNGs on a pure black matte.

Each charm is built from signed-distance shapes (negative inside) that are
laid down like brush strokes: a soft falloff of a few pixels at the edge, an
edge that wobbles with low-frequency noise, streaky brush texture modulating
colour and brightness, and simple shading and highlights.  Everything outside
the painted object is exactly (0, 0, 0): a stroke's coverage is exactly 0
beyond its soft edge, and texture only ever multiplies painted colour.

Geometry lives in a 120 x 110 "design" box (the charm aspect), mapped onto the
output with one uniform scale and centred, so any --size gives the same look.
Noise comes from an integer hash (no RNG state), so output is deterministic:
running this twice gives byte-identical PNGs.

Usage:
    python3 art/generator/paint_charms.py                 # all 12 -> art/charms/<id>.png
    python3 art/generator/paint_charms.py --only cat      # one charm, default size
    python3 art/generator/paint_charms.py --only cat --size 2048x1877 --out /tmp/big.png

Dependencies: Python 3, numpy, Pillow.
"""

import argparse
import math
import os
import sys
import time

import numpy as np
from PIL import Image

DESIGN_W, DESIGN_H = 120.0, 110.0
BRUSH = 0.55          # half-width of the soft brush edge, design units
WOBBLE = 0.45         # amplitude of the painted-edge wobble, design units
MARGIN = 0.04         # fraction of each dimension that must stay pure black
BAND_ROWS = 64        # rows painted at a time (keeps big renders fast and small)

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT_DIR = os.path.normpath(os.path.join(HERE, "..", "charms"))


# --------------------------------------------------------------------------
# Deterministic noise: integer hash -> value noise -> fractal sum.

def _hash(ix, iy, seed):
    """Hash integer lattice coordinates (uint32 arrays) to floats in [-1, 1).

    All arithmetic is modulo 2**32 (uint32 wrap-around), so results do not
    depend on the platform.
    """
    h = ix * np.uint32(374761393)
    h += iy * np.uint32(668265263)
    h += np.uint32((seed * 2246822519 + 3266489917) & 0xFFFFFFFF)
    h ^= h >> np.uint32(13)
    h *= np.uint32(1274126177)
    h ^= h >> np.uint32(16)
    return h * (2.0 / 4294967296.0) - 1.0


def value_noise(x, y, seed):
    x0 = np.floor(x)
    y0 = np.floor(y)
    fx = x - x0
    fy = y - y0
    ix = (x0.astype(np.int64) & 0xFFFFFFFF).astype(np.uint32)
    iy = (y0.astype(np.int64) & 0xFFFFFFFF).astype(np.uint32)
    ux = fx * fx * (3.0 - 2.0 * fx)
    uy = fy * fy * (3.0 - 2.0 * fy)
    a = _hash(ix, iy, seed)
    ix1 = ix + np.uint32(1)
    iy1 = iy + np.uint32(1)
    b = _hash(ix1, iy, seed)
    c = _hash(ix, iy1, seed)
    d = _hash(ix1, iy1, seed)
    return a + (b - a) * ux + (c - a) * uy + (a - b - c + d) * ux * uy


def fbm(x, y, seed, octaves=3):
    total = np.zeros_like(x)
    amp, norm = 1.0, 0.0
    for o in range(octaves):
        f = float(2 ** o)
        total += amp * value_noise(x * f + 17.31 * o, y * f - 9.17 * o, seed + 101 * o)
        norm += amp
        amp *= 0.5
    return total / norm


# --------------------------------------------------------------------------
# Signed-distance shapes (design units, y down, negative inside).

def circle(X, Y, cx, cy, r):
    return np.hypot(X - cx, Y - cy) - r


def rotate(X, Y, cx, cy, degrees):
    """Coordinates of (X, Y) in a frame rotated by `degrees` about (cx, cy)."""
    t = math.radians(degrees)
    c, s = math.cos(t), math.sin(t)
    dx, dy = X - cx, Y - cy
    return cx + c * dx + s * dy, cy - s * dx + c * dy


def ellipse(X, Y, cx, cy, rx, ry, degrees=0.0):
    if degrees:
        X, Y = rotate(X, Y, cx, cy, degrees)
    px, py = (X - cx) / rx, (Y - cy) / ry
    k0 = np.hypot(px, py)
    k1 = np.hypot(px / rx, py / ry)
    return k0 * (k0 - 1.0) / np.maximum(k1, 1e-9)


def box(X, Y, cx, cy, hw, hh, r=0.0, degrees=0.0):
    if degrees:
        X, Y = rotate(X, Y, cx, cy, degrees)
    qx = np.abs(X - cx) - (hw - r)
    qy = np.abs(Y - cy) - (hh - r)
    outside = np.hypot(np.maximum(qx, 0.0), np.maximum(qy, 0.0))
    inside = np.minimum(np.maximum(qx, qy), 0.0)
    return outside + inside - r


def capsule(X, Y, ax, ay, bx, by, r):
    pax, pay = X - ax, Y - ay
    bax, bay = bx - ax, by - ay
    h = np.clip((pax * bax + pay * bay) / (bax * bax + bay * bay), 0.0, 1.0)
    return np.hypot(pax - bax * h, pay - bay * h) - r


def polyline(X, Y, pts, r):
    d = None
    for (ax, ay), (bx, by) in zip(pts[:-1], pts[1:]):
        s = capsule(X, Y, ax, ay, bx, by, r)
        d = s if d is None else np.minimum(d, s)
    return d


def bezier_points(p0, p1, p2, n=12):
    pts = []
    for i in range(n + 1):
        t = i / n
        u = 1.0 - t
        pts.append((u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
                    u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]))
    return pts


def polygon(X, Y, pts):
    """Exact distance to a simple polygon, sign by the even-odd rule."""
    d2 = None
    inside = np.zeros(X.shape, dtype=bool)
    n = len(pts)
    for i in range(n):
        xi, yi = pts[i]
        xj, yj = pts[i - 1]
        ex, ey = xj - xi, yj - yi
        wx, wy = X - xi, Y - yi
        h = np.clip((wx * ex + wy * ey) / (ex * ex + ey * ey), 0.0, 1.0)
        dx, dy = wx - ex * h, wy - ey * h
        e = dx * dx + dy * dy
        d2 = e if d2 is None else np.minimum(d2, e)
        if yi != yj:
            crosses = ((yi > Y) != (yj > Y)) & (X < ex * (Y - yi) / ey + xi)
            inside ^= crosses
    d = np.sqrt(d2)
    return np.where(inside, -d, d)


def heart_sdf(X, Y, cx, tip_y, size, degrees=0.0, round_tip=0.08):
    """Heart = a square turned 45 degrees with a disc on each upper edge.

    (cx, tip_y) is the bottom point; `size` is the square's side.  The heart
    is 1.71*size wide and 1.56*size tall.  `degrees` turns it about its tip.
    """
    if degrees:
        X, Y = rotate(X, Y, cx, tip_y, degrees)
    h = size / math.sqrt(2.0)
    r = size * round_tip
    sq = box(X, Y, cx, tip_y - h, size / 2, size / 2, r, degrees=45.0)
    lobe_dx = size / (2 * math.sqrt(2.0))
    lobe_y = tip_y - 3 * size / (2 * math.sqrt(2.0))
    lobes = np.minimum(circle(X, Y, cx - lobe_dx, lobe_y, size / 2),
                       circle(X, Y, cx + lobe_dx, lobe_y, size / 2))
    return smin(sq, lobes, size * 0.04)


def sparkle_sdf(X, Y, cx, cy, r, degrees=0.0):
    """Four-pointed twinkle."""
    pts = []
    for k in range(8):
        a = math.radians(degrees + 45.0 * k - 90.0)
        rr = r if k % 2 == 0 else r * 0.28
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return polygon(X, Y, pts) - r * 0.04


def smin(a, b, k):
    """Smooth union (polynomial)."""
    if k <= 0:
        return np.minimum(a, b)
    h = np.clip(0.5 + 0.5 * (b - a) / k, 0.0, 1.0)
    return b + (a - b) * h - k * h * (1.0 - h)


def cut(a, b):
    """a minus b."""
    return np.maximum(a, -b)


# --------------------------------------------------------------------------
# The canvas: soft brush strokes composited over black.

def rgb(*c):
    return np.array(c, dtype=np.float64)


def smoothstep(e0, e1, x):
    t = np.clip((x - e0) / (e1 - e0), 0.0, 1.0)
    return t * t * (3.0 - 2.0 * t)


class Canvas:
    """A horizontal band of the output (rows y0..y1), so big renders stay in cache.

    Every painting operation is per-pixel, so painting band by band gives the
    same picture as painting it whole.
    """

    def __init__(self, width, height, seed, y0=0, y1=None):
        y1 = height if y1 is None else y1
        self.w, self.h = width, height
        self.seed = seed
        s = min(width / DESIGN_W, height / DESIGN_H)
        ox = (width - DESIGN_W * s) / 2.0
        oy = (height - DESIGN_H * s) / 2.0
        xs = (np.arange(width, dtype=np.float64) + 0.5 - ox) / s
        ys = (np.arange(y0, y1, dtype=np.float64) + 0.5 - oy) / s
        self.X, self.Y = np.meshgrid(xs, ys)
        self.px = 1.0 / s          # one output pixel, in design units
        self.rgb = np.zeros((y1 - y0, width, 3), dtype=np.float64)
        self.silhouette = np.zeros((y1 - y0, width), dtype=np.float64)
        self._cache = {}

    # -- noise fields, cached per canvas --------------------------------
    def edge_noise(self, k):
        key = ("edge", k)
        if key not in self._cache:
            self._cache[key] = fbm(self.X / 7.0, self.Y / 7.0, self.seed * 31 + k, 3)
        return self._cache[key]

    def streaks(self, degrees, k=0):
        """Brush streaks running along `degrees`, roughly in [-1, 1]."""
        key = ("streak", round(degrees, 3), k)
        if key not in self._cache:
            X, Y = rotate(self.X, self.Y, 60.0, 55.0, degrees)
            broad = fbm(X / 22.0, Y / 2.2, self.seed * 57 + 7 * k + 1, 3)
            fine = value_noise(X / 7.0, Y / 0.7, self.seed * 57 + 7 * k + 2)
            self._cache[key] = np.clip(1.6 * broad + 0.35 * fine, -1.0, 1.0)
        return self._cache[key]

    # -- colour fields ---------------------------------------------------
    def gradient(self, dark, mid, light, cx, cy, radius, light_deg=-125.0):
        """Three-stop shading: light side faces `light_deg` (y down)."""
        lx, ly = math.cos(math.radians(light_deg)), math.sin(math.radians(light_deg))
        g = ((self.X - cx) * lx + (self.Y - cy) * ly) / radius
        t = np.clip(0.5 + 0.5 * g, 0.0, 1.0)[..., None]
        lo = dark + (mid - dark) * np.clip(t * 2.0, 0.0, 1.0)
        return lo + (light - mid) * np.clip(t * 2.0 - 1.0, 0.0, 1.0)

    def brush(self, col, degrees, amount=0.10, tint=None, tint_amount=0.3, k=0):
        """Modulate a colour field with brush streaks (brightness and hue)."""
        n = self.streaks(degrees, k)
        col = np.broadcast_to(col, self.rgb.shape) * (1.0 + amount * n)[..., None]
        if tint is not None:
            w = (np.clip(n, 0.0, 1.0) * tint_amount)[..., None]
            col = col + (tint - col) * w
        return col

    # -- painting --------------------------------------------------------
    def coverage(self, d, soft=BRUSH, wobble=WOBBLE, k=0):
        if wobble:
            d = d + wobble * self.edge_noise(k)
        soft = max(soft, 0.7 * self.px)
        return 1.0 - smoothstep(-soft, soft, d)

    def paint(self, d, colour, soft=BRUSH, opacity=1.0, clip=None, wobble=WOBBLE,
              rim=0.0, rim_width=4.0, k=0, body=True):
        """Lay one stroke. Returns its coverage (before opacity) for clipping."""
        cov = self.coverage(d, soft, wobble, k)
        if clip is not None:
            cov = cov * clip
        col = np.broadcast_to(colour, self.rgb.shape)
        if rim:
            inner = np.clip(-d / rim_width, 0.0, 1.0)
            col = col * (1.0 - rim * (1.0 - inner))[..., None]
        a = cov * opacity
        self.rgb += (col - self.rgb) * a[..., None]
        if body:
            self.silhouette = np.maximum(self.silhouette, a)
        return cov

    def glow(self, cx, cy, r, colour, strength, clip, sx=1.0, sy=1.0):
        """Soft highlight blob (or shadow, with a dark colour) inside `clip`."""
        dist = np.hypot((self.X - cx) / sx, (self.Y - cy) / sy) / r
        a = (1.0 - smoothstep(0.0, 1.0, dist)) * strength * clip
        self.rgb += (np.broadcast_to(colour, self.rgb.shape) - self.rgb) * a[..., None]

    def finish(self):
        """Canvas grain (multiplicative, so black stays black) and quantise."""
        grain = value_noise(self.X / 1.3, self.Y / 1.3, self.seed * 13 + 5)
        out = self.rgb * (1.0 + 0.025 * grain)[..., None]
        out = np.clip(out, 0.0, 1.0)
        return np.rint(out * 255.0).astype(np.uint8)


# --------------------------------------------------------------------------
# The charms.

def paint_heart(c):
    X, Y = c.X, c.Y
    d = heart_sdf(X, Y, 60.0, 96.0, 54.0, degrees=-4.0)
    col = c.gradient(rgb(0.62, 0.05, 0.17), rgb(0.90, 0.13, 0.24), rgb(1.0, 0.45, 0.48), 60, 55, 45)
    col = c.brush(col, 35.0, 0.12, tint=rgb(0.95, 0.25, 0.45), tint_amount=0.35)
    body = c.paint(d, col, rim=0.22, rim_width=6.0)
    # a paler inner heart, painted loosely
    inner = heart_sdf(X, Y, 62.0, 84.0, 30.0, degrees=-6.0)
    c.paint(inner, c.brush(rgb(1.0, 0.42, 0.5), 20.0, 0.15, k=1), soft=1.6, opacity=0.35, clip=body, k=1)
    # highlight stroke across the upper-left lobe
    arc = polyline(X, Y, bezier_points((27, 44), (29, 25), (45, 21), 8), 3.2)
    c.paint(arc, c.brush(rgb(1.0, 0.86, 0.86), 60.0, 0.2, k=2), soft=2.2, opacity=0.75, clip=body, k=2)
    c.glow(43, 34, 14, rgb(1.0, 0.75, 0.75), 0.35, body)
    c.paint(sparkle_sdf(X, Y, 80, 33, 6.5, 8), rgb(1.0, 0.97, 0.92), soft=0.6, opacity=0.95, clip=body)


def paint_star(c):
    X, Y = c.X, c.Y
    cx, cy, R, ri, tilt = 60.0, 58.0, 45.0, 20.0, -5.0
    pts = []
    for k in range(10):
        a = math.radians(-90.0 + tilt + 36.0 * k)
        r = R if k % 2 == 0 else ri
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    d = polygon(X, Y, pts) - 2.2
    # bevel: each arm has a lit facet and a shaded facet, split along its ridge
    dx, dy = X - cx, Y - cy
    rr = np.hypot(dx, dy)
    theta = np.arctan2(dy, dx)
    delta = theta - math.radians(-90.0 + tilt)
    side = np.clip(rr * np.sin(5.0 * delta) / (5.0 * 0.7), -1.0, 1.0)
    light = math.radians(-125.0)
    lit = -side * np.sin(theta - light)
    lit = lit * smoothstep(0.0, 6.0, rr)        # facets meet softly at the centre
    t = np.clip(0.5 + 0.45 * lit, 0.0, 1.0)[..., None]
    dark, mid, hi = rgb(0.92, 0.48, 0.08), rgb(1.0, 0.76, 0.16), rgb(1.0, 0.95, 0.62)
    col = np.where(t < 0.5, dark + (mid - dark) * (t * 2), mid + (hi - mid) * (t * 2 - 1))
    col = c.brush(col, -20.0, 0.10, tint=rgb(1.0, 0.62, 0.2), tint_amount=0.25)
    body = c.paint(d, col, rim=0.15, rim_width=3.0)
    c.glow(48, 42, 13, rgb(1.0, 1.0, 0.85), 0.45, body)
    c.paint(sparkle_sdf(X, Y, 50, 46, 5.5, 10), rgb(1.0, 1.0, 0.95), soft=0.5, opacity=0.9, clip=body)


def paint_cat(c):
    X, Y = c.X, c.Y
    head = ellipse(X, Y, 60, 61, 40, 32)
    cheeks = ellipse(X, Y, 60, 72, 43, 22)
    ear_l = polygon(X, Y, [(21, 54), (29, 14), (56, 33)]) - 3.0
    ear_r = polygon(X, Y, [(99, 54), (91, 14), (64, 33)]) - 3.0
    d = smin(smin(head, cheeks, 6.0), np.minimum(ear_l, ear_r), 5.0)
    col = c.gradient(rgb(0.80, 0.40, 0.12), rgb(0.97, 0.61, 0.25), rgb(1.0, 0.80, 0.48), 60, 58, 44)
    col = c.brush(col, 12.0, 0.12, tint=rgb(1.0, 0.72, 0.35), tint_amount=0.3)
    body = c.paint(d, col, rim=0.2, rim_width=5.0)
    # inner ears
    pink = c.brush(rgb(1.0, 0.64, 0.64), 70.0, 0.1, k=1)
    c.paint(polygon(X, Y, [(28, 46), (32, 23), (48, 36)]) - 1.5, pink, soft=1.0, clip=body, k=1)
    c.paint(polygon(X, Y, [(92, 46), (88, 23), (72, 36)]) - 1.5, pink, soft=1.0, clip=body, k=1)
    # forehead stripes
    stripe = rgb(0.78, 0.36, 0.10)
    st = np.minimum(np.minimum(capsule(X, Y, 60, 31, 60, 42, 2.3),
                               capsule(X, Y, 50, 33, 52.5, 42, 2.0)),
                    capsule(X, Y, 70, 33, 67.5, 42, 2.0))
    st = np.minimum(st, np.minimum(capsule(X, Y, 20, 64, 28, 63, 1.8), capsule(X, Y, 100, 64, 92, 63, 1.8)))
    c.paint(st, c.brush(stripe, 90.0, 0.1, k=2), soft=0.9, opacity=0.85, clip=body, k=2)
    # muzzle
    cream = c.brush(rgb(1.0, 0.93, 0.80), 0.0, 0.06, k=3)
    muzzle = smin(np.minimum(ellipse(X, Y, 52, 76, 10.5, 8.0), ellipse(X, Y, 68, 76, 10.5, 8.0)),
                  ellipse(X, Y, 60, 84, 9.0, 6.0), 3.0)
    c.paint(muzzle, cream, soft=1.2, clip=body, k=3)
    # eyes: dark with a catchlight
    eye = rgb(0.16, 0.10, 0.07)
    for ex in (43.0, 77.0):
        c.paint(ellipse(X, Y, ex, 59, 5.6, 7.2), eye, soft=0.6, clip=body, k=4)
        c.paint(circle(X, Y, ex - 1.8, 56.2, 1.7), rgb(1.0, 0.98, 0.92), soft=0.45, clip=body, wobble=0.1)
    # nose and mouth
    c.paint(polygon(X, Y, [(55.5, 68.5), (64.5, 68.5), (60, 73.5)]) - 1.2, rgb(1.0, 0.50, 0.56),
            soft=0.6, clip=body, wobble=0.15)
    mouth = np.minimum(polyline(X, Y, bezier_points((60, 74), (58, 80), (53, 78.5), 6), 0.75),
                       polyline(X, Y, bezier_points((60, 74), (62, 80), (67, 78.5), 6), 0.75))
    c.paint(mouth, rgb(0.55, 0.28, 0.18), soft=0.45, clip=body, wobble=0.1)
    # blush
    for bx in (36.0, 84.0):
        c.glow(bx, 71, 6.5, rgb(1.0, 0.55, 0.55), 0.45, body, sy=0.7)
    c.glow(42, 42, 18, rgb(1.0, 0.9, 0.7), 0.25, body)


def paint_coffee_cup(c):
    X, Y = c.X, c.Y
    # steam, behind everything
    steam = rgb(0.86, 0.86, 0.92)
    wisp1 = polyline(X, Y, [(48 + 4.0 * math.sin(t * 0.9), 40 - 3.2 * t) for t in range(9)], 2.6)
    wisp2 = polyline(X, Y, [(68 - 4.0 * math.sin(t * 0.9 + 0.6), 39 - 3.0 * t) for t in range(9)], 2.4)
    fade = smoothstep(12.0, 34.0, Y)
    c.paint(np.minimum(wisp1, wisp2), c.brush(steam, 90.0, 0.15, k=5), soft=1.6, opacity=0.8,
            clip=fade, k=5)
    # saucer
    saucer = ellipse(X, Y, 58, 92, 46, 8.5)
    sc = c.gradient(rgb(0.78, 0.74, 0.70), rgb(0.96, 0.93, 0.86), rgb(1.0, 0.99, 0.95), 58, 92, 40)
    sbody = c.paint(saucer, c.brush(sc, 0.0, 0.06, k=1), rim=0.15, rim_width=3.0, k=1)
    c.glow(58, 89, 26, rgb(0.70, 0.62, 0.58), 0.45, sbody, sy=0.22)
    # handle (ring), then the cup over it
    handle = np.abs(circle(X, Y, 89, 63, 10.5)) - 3.6
    cup_col = c.gradient(rgb(0.70, 0.27, 0.22), rgb(0.93, 0.45, 0.35), rgb(1.0, 0.72, 0.56), 58, 62, 36)
    cup_col = c.brush(cup_col, 8.0, 0.10, tint=rgb(0.98, 0.55, 0.42), tint_amount=0.3, k=2)
    c.paint(handle, cup_col, rim=0.15, rim_width=2.5, k=2)
    cup = polygon(X, Y, [(29, 47), (87, 47), (79, 86), (37, 86)]) - 4.0
    cbody = c.paint(cup, cup_col, rim=0.18, rim_width=5.0, k=2)
    # a cream band with dots around the cup
    band = box(X, Y, 58, 66, 40, 3.0, 1.0)
    cream = rgb(1.0, 0.93, 0.82)
    c.paint(band, c.brush(cream, 0.0, 0.07, k=3), soft=0.8, opacity=0.95, clip=cbody, k=3)
    dots = None
    for dx in (40, 52, 64, 76):
        dd = circle(X, Y, dx, 76, 2.2)
        dots = dd if dots is None else np.minimum(dots, dd)
    c.paint(dots, cream, soft=0.7, opacity=0.9, clip=cbody, k=3)
    # rim and coffee surface with a latte heart
    rim_d = ellipse(X, Y, 58, 47, 33, 7.5)
    c.paint(rim_d, c.brush(rgb(1.0, 0.74, 0.6), 0.0, 0.05, k=4), soft=0.8, k=4)
    coffee = ellipse(X, Y, 58, 47.5, 29, 5.2)
    ccol = c.brush(rgb(0.70, 0.42, 0.22), 0.0, 0.12, tint=rgb(0.82, 0.56, 0.34), tint_amount=0.4, k=6)
    c.paint(coffee, ccol, soft=0.7, k=6)
    latte = heart_sdf(X, Y * 1.0, 58, 50.8, 4.6, 0.0)
    c.paint(latte, rgb(1.0, 0.90, 0.74), soft=0.6, opacity=0.9, clip=c.coverage(coffee), wobble=0.2)
    c.glow(40, 58, 10, rgb(1.0, 0.85, 0.75), 0.45, cbody, sy=2.0)


def paint_matcha(c):
    X, Y = c.X, c.Y + 8.0      # drawn 8 units low, shifted up to centre it
    # bowl: lower half of an ellipse, a rim, a foot ring
    lower = np.maximum(ellipse(X, Y, 60, 44, 45, 46), 44.0 - Y)
    rim_d = ellipse(X, Y, 60, 44, 45, 12.5)
    foot = box(X, Y, 60, 93, 17, 4.5, 1.5)
    bowl = smin(np.minimum(lower, rim_d), foot, 2.5)
    bcol = c.gradient(rgb(0.74, 0.66, 0.56), rgb(0.92, 0.86, 0.74), rgb(1.0, 0.97, 0.90), 60, 58, 42)
    bcol = c.brush(bcol, 0.0, 0.08, tint=rgb(0.98, 0.90, 0.78), tint_amount=0.3)
    body = c.paint(bowl, bcol, rim=0.18, rim_width=5.0)
    # speckles in the glaze
    speck = value_noise(X / 0.9, Y / 0.9, c.seed + 404)
    c.paint(0.78 - speck, rgb(0.62, 0.52, 0.44), soft=0.08, opacity=0.55, clip=body, wobble=0.0)
    # indigo glaze dripping from the rim
    glaze = Y - 56.0
    for j, (gx, length) in enumerate(((22, 5), (29, 11), (37, 7), (45, 14), (53, 6), (61, 12),
                                      (69, 8), (77, 15), (85, 7), (93, 10), (99, 4))):
        glaze = smin(glaze, capsule(X, Y, gx, 54.0, gx + 0.6, 54.0 + length, 2.6), 1.5)
    glaze = np.maximum(glaze, -rim_d - 100.0)
    indigo = c.gradient(rgb(0.28, 0.36, 0.66), rgb(0.40, 0.52, 0.84), rgb(0.62, 0.72, 0.96), 60, 42, 40)
    c.paint(glaze, c.brush(indigo, 0.0, 0.12, k=1), soft=0.9, clip=body, k=1)
    # the tea: green froth with paler bubbles and a whisked swirl
    tea = ellipse(X, Y, 60, 44.5, 40.5, 9.6)
    gcol = c.gradient(rgb(0.40, 0.62, 0.18), rgb(0.56, 0.78, 0.28), rgb(0.74, 0.90, 0.44), 60, 36, 30)
    gcol = c.brush(gcol, 0.0, 0.12, tint=rgb(0.70, 0.86, 0.36), tint_amount=0.35, k=2)
    tcov = c.paint(tea, gcol, soft=0.8, k=2)
    froth = value_noise(X / 1.4, Y / 0.9, c.seed + 505)
    c.paint(0.45 - froth, rgb(0.84, 0.95, 0.58), soft=0.1, opacity=0.7, clip=tcov, wobble=0.0)
    swirl = np.abs(ellipse(X, Y, 62, 44.5, 18, 4.2)) - 0.9
    c.paint(swirl, rgb(0.86, 0.96, 0.62), soft=0.7, opacity=0.7, clip=tcov, wobble=0.2)
    c.glow(38, 58, 10, rgb(1.0, 0.98, 0.92), 0.45, body, sy=1.8)


def paint_moon(c):
    X, Y = c.X, c.Y
    d = cut(circle(X, Y, 55, 56, 42), circle(X, Y, 75, 44, 35))
    col = c.gradient(rgb(0.94, 0.70, 0.28), rgb(1.0, 0.88, 0.48), rgb(1.0, 0.97, 0.80), 50, 60, 40,
                     light_deg=-160.0)
    col = c.brush(col, 40.0, 0.10, tint=rgb(1.0, 0.80, 0.45), tint_amount=0.3)
    body = c.paint(d, col, rim=0.18, rim_width=5.0)
    crater = rgb(0.96, 0.76, 0.36)
    for (x, y, r) in ((30, 60, 5.0), (40, 80, 3.5), (26, 44, 2.8), (52, 90, 2.5)):
        c.paint(circle(X, Y, x, y, r), crater, soft=1.0, opacity=0.65, clip=body, wobble=0.3, k=2)
    c.glow(34, 72, 5.5, rgb(1.0, 0.62, 0.55), 0.55, body, sy=0.6)   # a blush
    blue = rgb(0.72, 0.86, 1.0)
    c.paint(sparkle_sdf(X, Y, 88, 62, 10.5, 6), c.brush(blue, 0.0, 0.08, k=1), soft=0.6, k=1)
    c.paint(sparkle_sdf(X, Y, 96, 86, 6.0, -8), c.brush(blue, 0.0, 0.08, k=1), soft=0.5, k=1)
    c.paint(circle(X, Y, 78, 82, 2.2), rgb(1.0, 0.95, 0.78), soft=0.5, wobble=0.1)


def paint_cherry(c):
    X, Y = c.X, c.Y
    stem_col = rgb(0.50, 0.62, 0.22)
    stems = np.minimum(polyline(X, Y, bezier_points((40, 58), (44, 30), (68, 15), 10), 1.9),
                       polyline(X, Y, bezier_points((79, 62), (78, 36), (68, 15), 10), 1.9))
    c.paint(stems, c.brush(stem_col, 70.0, 0.12, k=1), soft=0.6, wobble=0.15, k=1)
    # leaf with a midrib
    leaf = ellipse(X, Y, 84, 21, 16, 7.0, degrees=-22.0)
    lcol = c.gradient(rgb(0.22, 0.52, 0.18), rgb(0.38, 0.72, 0.26), rgb(0.62, 0.88, 0.40), 84, 21, 14)
    lbody = c.paint(leaf, c.brush(lcol, -22.0, 0.12, k=2), rim=0.15, rim_width=2.5, k=2)
    rib = capsule(X, Y, 70, 26.5, 98, 15.5, 0.6)
    c.paint(rib, rgb(0.72, 0.92, 0.52), soft=0.5, opacity=0.8, clip=lbody, wobble=0.1)
    red_d, red_m, red_l = rgb(0.60, 0.03, 0.11), rgb(0.88, 0.10, 0.16), rgb(1.0, 0.42, 0.36)
    for (x, y, r, k) in ((80, 77, 19.5, 3), (40, 74, 20.5, 4)):
        col = c.gradient(red_d, red_m, red_l, x, y, r)
        col = c.brush(col, 30.0, 0.12, tint=rgb(0.95, 0.20, 0.32), tint_amount=0.3, k=k)
        b = c.paint(circle(X, Y, x, y, r), col, rim=0.25, rim_width=5.0, k=k)
        c.glow(x - r * 0.42, y - r * 0.42, r * 0.38, rgb(1.0, 0.92, 0.90), 0.9, b)
        c.paint(capsule(X, Y, x - 2, y - r + 3.5, x + 2, y - r + 3.0, 1.1), red_d, soft=0.8,
                opacity=0.5, clip=b, wobble=0.1)


def paint_flower(c):
    X, Y = c.X, c.Y
    cx, cy = 60.0, 56.0
    leaf_col = c.brush(c.gradient(rgb(0.22, 0.50, 0.20), rgb(0.36, 0.70, 0.28), rgb(0.58, 0.86, 0.40),
                                  60, 80, 30), 30.0, 0.12, k=6)
    for (lx, ly, deg) in ((30, 88, 35.0), (90, 88, -35.0)):
        lb = c.paint(ellipse(X, Y, lx, ly, 15, 6.5, degrees=deg), leaf_col, rim=0.15, rim_width=2.0, k=6)
        c.paint(capsule(X, Y, lx - 11 * math.cos(math.radians(deg)), ly + 11 * math.sin(math.radians(deg)),
                        lx + 11 * math.cos(math.radians(deg)), ly - 11 * math.sin(math.radians(deg)), 0.5),
                rgb(0.66, 0.90, 0.48), soft=0.45, opacity=0.7, clip=lb, wobble=0.1)
    pd, pm, pl = rgb(0.86, 0.32, 0.54), rgb(1.0, 0.56, 0.72), rgb(1.0, 0.84, 0.90)
    for i in range(5):
        a = math.radians(-90.0 + 72.0 * i + 4.0)
        px, py = cx + 23.0 * math.cos(a), cy + 23.0 * math.sin(a)
        d = ellipse(X, Y, px, py, 22.0, 16.5, degrees=-math.degrees(a))
        # paler towards the petal's tip, deeper towards the heart of the flower
        radial = np.clip(np.hypot(X - cx, Y - cy) / 44.0, 0.0, 1.0)[..., None]
        col = pd + (pm - pd) * np.clip(radial * 2.0, 0, 1) + (pl - pm) * np.clip(radial * 2.0 - 1.0, 0, 1)
        col = c.brush(col, -math.degrees(a), 0.12, tint=rgb(0.96, 0.62, 0.86), tint_amount=0.3, k=i)
        c.paint(d, col, rim=0.22, rim_width=4.0, k=i)
    centre = circle(X, Y, cx, cy, 12.5)
    ccol = c.gradient(rgb(0.94, 0.58, 0.12), rgb(1.0, 0.80, 0.22), rgb(1.0, 0.94, 0.55), cx, cy, 12)
    cb = c.paint(centre, c.brush(ccol, 45.0, 0.1, k=7), rim=0.2, rim_width=3.0, k=7)
    dots = None
    for j in range(7):
        a = math.radians(20.0 + j * 51.4)
        dd = circle(X, Y, cx + 7.0 * math.cos(a), cy + 7.0 * math.sin(a), 1.4)
        dots = dd if dots is None else np.minimum(dots, dd)
    c.paint(dots, rgb(0.90, 0.45, 0.10), soft=0.5, opacity=0.8, clip=cb, wobble=0.1)


def paint_clover(c):
    X, Y = c.X, c.Y
    cx, cy = 60.0, 50.0
    stem = polyline(X, Y, bezier_points((cx, cy), (64, 80), (78, 98), 10), 2.4)
    c.paint(stem, c.brush(rgb(0.36, 0.62, 0.24), 60.0, 0.12, k=5), soft=0.7, wobble=0.2, k=5)
    dark, mid, light = rgb(0.18, 0.48, 0.20), rgb(0.32, 0.70, 0.30), rgb(0.60, 0.88, 0.44)
    for i, deg in enumerate((45.0, 135.0, 225.0, 315.0)):
        # each leaf is a heart whose point sits just off the clover's centre,
        # turned so that its lobes face outwards along a diagonal
        size = 22.0
        Xr, Yr = rotate(X, Y, cx, cy, 180.0 - deg)
        d = heart_sdf(Xr, Yr, cx, cy - 2.0, size)
        a = math.radians(deg - 90.0)
        lcx, lcy = cx + 20.0 * math.cos(a), cy + 20.0 * math.sin(a)
        col = c.gradient(dark, mid, light, lcx, lcy, 20.0)
        col = c.brush(col, deg, 0.12, tint=rgb(0.46, 0.80, 0.30), tint_amount=0.3, k=i)
        lb = c.paint(d, col, rim=0.3, rim_width=4.0, k=i)
        # the pale chevron of white clover, and a midrib
        chevron = np.abs(heart_sdf(Xr, Yr, cx, cy - 12.0, 11.0)) - 1.2
        c.paint(chevron, rgb(0.78, 0.95, 0.62), soft=0.9, opacity=0.55, clip=lb, wobble=0.3, k=i)
        rib = capsule(X, Y, cx, cy, cx + 30.0 * math.cos(a), cy + 30.0 * math.sin(a), 0.55)
        c.paint(rib, rgb(0.72, 0.93, 0.56), soft=0.45, opacity=0.6, clip=lb, wobble=0.1)
    c.glow(cx - 16, cy - 18, 10, rgb(0.9, 1.0, 0.8), 0.35, c.silhouette)


def paint_mushroom(c):
    X, Y = c.X, c.Y
    # stem first, the cap overlaps it
    stem = polygon(X, Y, [(48, 56), (72, 56), (76, 95), (44, 95)]) - 4.0
    scol = c.gradient(rgb(0.84, 0.76, 0.64), rgb(0.98, 0.93, 0.82), rgb(1.0, 0.99, 0.94), 60, 78, 18)
    sb = c.paint(stem, c.brush(scol, 88.0, 0.07, k=1), rim=0.2, rim_width=4.0, k=1)
    c.glow(60, 60, 16, rgb(0.72, 0.62, 0.54), 0.5, sb, sy=0.5)    # shadow under the cap
    cap = smin(np.maximum(ellipse(X, Y, 60, 56, 46, 42), Y - 56.0), ellipse(X, Y, 60, 56, 46, 7.5), 3.0)
    gills = ellipse(X, Y, 60, 57.5, 38, 5.5)
    cc = c.gradient(rgb(0.68, 0.10, 0.10), rgb(0.90, 0.20, 0.17), rgb(1.0, 0.52, 0.40), 60, 40, 40)
    cc = c.brush(cc, 10.0, 0.12, tint=rgb(0.96, 0.34, 0.22), tint_amount=0.3, k=2)
    cb = c.paint(cap, cc, rim=0.22, rim_width=5.0, k=2)
    c.paint(gills, c.brush(rgb(0.95, 0.84, 0.70), 90.0, 0.12, k=3), soft=0.8, opacity=0.95, clip=cb, k=3)
    spots = None
    for (x, y, r) in ((60, 24, 6.5), (38, 36, 5.5), (82, 35, 5.0), (28, 50, 3.5), (92, 51, 3.5),
                      (50, 46, 3.8), (71, 47, 3.2)):
        dd = ellipse(X, Y, x, y, r * 1.1, r * 0.9)
        spots = dd if spots is None else np.minimum(spots, dd)
    c.paint(spots, c.brush(rgb(1.0, 0.97, 0.92), 0.0, 0.05, k=4), soft=0.8, clip=cb, wobble=0.35, k=4)
    c.glow(44, 30, 12, rgb(1.0, 0.8, 0.72), 0.35, cb)


def paint_butterfly(c):
    X, Y = c.X, c.Y
    ud, um, ul = rgb(0.30, 0.36, 0.86), rgb(0.46, 0.58, 1.0), rgb(0.74, 0.84, 1.0)
    ld, lm, ll = rgb(0.88, 0.36, 0.48), rgb(1.0, 0.56, 0.62), rgb(1.0, 0.82, 0.80)
    for sgn in (-1.0, 1.0):
        k = 0 if sgn < 0 else 2
        # lower wing under the upper wing
        lx, ly = 60 + sgn * 18.0, 70.0
        lw = ellipse(X, Y, lx, ly, 18.0, 14.5, degrees=sgn * -35.0)
        col = c.brush(c.gradient(ld, lm, ll, lx, ly, 18), sgn * 35.0, 0.12, k=k + 1)
        lb = c.paint(lw, col, rim=0.25, rim_width=4.0, k=k + 1)
        ux, uy = 60 + sgn * 23.0, 40.0
        uw = ellipse(X, Y, ux, uy, 25.5, 19.5, degrees=sgn * 30.0)
        col = c.brush(c.gradient(ud, um, ul, ux, uy, 24), sgn * -30.0, 0.12,
                      tint=rgb(0.62, 0.52, 1.0), tint_amount=0.3, k=k)
        ub = c.paint(uw, col, rim=0.25, rim_width=4.0, k=k)
        # white dots along the outer edges, a pale eye-spot on each wing
        dots = None
        for (dx, dy, r) in ((41, 22, 2.3), (33, 30, 2.0), (28, 40, 1.8)):
            dd = circle(X, Y, 60 + sgn * (60 - dx), dy, r)
            dots = dd if dots is None else np.minimum(dots, dd)
        c.paint(dots, rgb(1.0, 1.0, 0.97), soft=0.5, clip=ub, wobble=0.1)
        c.paint(circle(X, Y, 60 + sgn * 21, 76, 4.0), rgb(1.0, 0.86, 0.40), soft=0.7, clip=lb, wobble=0.2)
        c.glow(ux - 6 * sgn, uy - 4, 9, rgb(0.9, 0.95, 1.0), 0.35, ub)
    # antennae with knobs, then the body
    ant_col = rgb(0.55, 0.40, 0.30)
    ant = np.minimum(polyline(X, Y, bezier_points((58.5, 30), (55, 18), (47, 12), 6), 1.2),
                     polyline(X, Y, bezier_points((61.5, 30), (65, 18), (73, 12), 6), 1.2))
    ant = np.minimum(ant, np.minimum(circle(X, Y, 47, 12, 2.6), circle(X, Y, 73, 12, 2.6)))
    c.paint(ant, ant_col, soft=0.5, wobble=0.1)
    body = smin(capsule(X, Y, 60, 36, 60, 84, 4.2), circle(X, Y, 60, 31, 5.0), 2.0)
    bc = c.gradient(rgb(0.42, 0.28, 0.20), rgb(0.62, 0.44, 0.32), rgb(0.84, 0.68, 0.54), 60, 58, 6)
    c.paint(body, c.brush(bc, 90.0, 0.1, k=5), rim=0.2, rim_width=2.0, wobble=0.2, k=5)


def paint_envelope(c):
    X0, Y0 = c.X, c.Y
    X, Y = rotate(X0, Y0, 60, 58, -6.0)
    paper = c.gradient(rgb(0.86, 0.74, 0.58), rgb(0.98, 0.90, 0.78), rgb(1.0, 0.98, 0.92), 60, 58, 44)
    paper = c.brush(paper, 5.0, 0.07, tint=rgb(1.0, 0.86, 0.80), tint_amount=0.3)
    env = box(X, Y, 60, 58, 44, 30, 3.0)
    body = c.paint(env, paper, rim=0.15, rim_width=3.0)
    # the side folds (faint) and the flap with a soft shadow under its edge
    folds = np.minimum(capsule(X, Y, 17, 87, 52, 60, 0.6), capsule(X, Y, 103, 87, 68, 60, 0.6))
    c.paint(folds, rgb(0.80, 0.66, 0.52), soft=0.8, opacity=0.7, clip=body, wobble=0.15)
    flap = polygon(X, Y, [(16, 28), (104, 28), (60, 66)])
    c.paint(np.abs(flap + 1.0) - 1.8, rgb(0.72, 0.56, 0.42), soft=1.6, opacity=0.85,
            clip=body * (Y > 30), wobble=0.2, k=1)
    fcol = c.gradient(rgb(0.92, 0.82, 0.68), rgb(1.0, 0.93, 0.83), rgb(1.0, 0.99, 0.95), 60, 40, 30)
    c.paint(flap, c.brush(fcol, -35.0, 0.07, k=2), soft=0.7, clip=body, wobble=0.2, k=2)
    # a wax heart seal where the flap's point rests
    seal = circle(X, Y, 60, 64, 10.0)
    wax = c.gradient(rgb(0.62, 0.06, 0.12), rgb(0.86, 0.16, 0.22), rgb(1.0, 0.42, 0.42), 60, 64, 10)
    sb = c.paint(seal, c.brush(wax, 20.0, 0.1, k=3), rim=0.25, rim_width=2.5, wobble=0.8, k=3)
    c.paint(heart_sdf(X, Y, 60, 70.0, 7.0), rgb(1.0, 0.55, 0.55), soft=0.6, opacity=0.9, clip=sb, wobble=0.1)


# id, painter, default size (width, height)
CHARMS = [
    ("heart", paint_heart, (600, 550)),
    ("star", paint_star, (640, 560)),
    ("cat", paint_cat, (660, 605)),
    ("coffee-cup", paint_coffee_cup, (600, 550)),
    ("matcha", paint_matcha, (620, 568)),
    ("moon", paint_moon, (576, 528)),
    ("cherry", paint_cherry, (600, 560)),
    ("flower", paint_flower, (624, 572)),
    ("clover", paint_clover, (600, 550)),
    ("mushroom", paint_mushroom, (640, 580)),
    ("butterfly", paint_butterfly, (660, 600)),
    ("envelope", paint_envelope, (600, 550)),
]


def render(charm_id, size=None):
    for i, (cid, painter, default_size) in enumerate(CHARMS):
        if cid == charm_id:
            w, h = size or default_size
            img = np.zeros((h, w, 3), dtype=np.uint8)
            for y0 in range(0, h, BAND_ROWS):
                y1 = min(h, y0 + BAND_ROWS)
                canvas = Canvas(w, h, seed=1000 + 17 * i, y0=y0, y1=y1)
                painter(canvas)
                img[y0:y1] = canvas.finish()
            check(charm_id, img)
            return img
    raise KeyError(charm_id)


def check(charm_id, img):
    """The matte must be pure black, and the object must keep off the border."""
    h, w, _ = img.shape
    mx, my = max(1, math.ceil(MARGIN * w)), max(1, math.ceil(MARGIN * h))
    lit = img.max(axis=2) > 0
    if lit[:my].any() or lit[-my:].any() or lit[:, :mx].any() or lit[:, -mx:].any():
        raise SystemExit(f"{charm_id}: painted pixels inside the {MARGIN:.0%} margin")
    if not lit.any():
        raise SystemExit(f"{charm_id}: nothing painted")


def save_png(img, path):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    # Plain RGB PNG, default zlib level, no optimisation pass, no metadata chunks.
    Image.fromarray(img, "RGB").save(path, format="PNG", optimize=False)


def parse_size(text):
    try:
        w, h = text.lower().split("x")
        w, h = int(w), int(h)
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 600x550, got {text!r}")
    if w < 16 or h < 16:
        raise argparse.ArgumentTypeError("size must be at least 16x16")
    return (w, h)


def main(argv=None):
    ids = [cid for cid, _, _ in CHARMS]
    ap = argparse.ArgumentParser(description="Paint Bijoux's stock charms on a pure black matte.")
    ap.add_argument("--only", choices=ids, help="paint just this charm")
    ap.add_argument("--size", type=parse_size,
                    help="WIDTHxHEIGHT in pixels (default: each charm's own size)")
    ap.add_argument("--out", help="output PNG with --only, else output directory "
                                  "(default: art/charms/)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    if args.size and not args.out:
        ap.error("--size needs --out: art/charms/ keeps each charm's own size")

    todo = [args.only] if args.only else ids
    for cid in todo:
        t0 = time.perf_counter()
        img = render(cid, args.size)
        if args.only and args.out:
            path = args.out
        else:
            path = os.path.join(args.out or DEFAULT_OUT_DIR, f"{cid}.png")
        save_png(img, path)
        if not args.quiet:
            print(f"{cid:12s} {img.shape[1]}x{img.shape[0]}  {time.perf_counter() - t0:5.2f}s  -> {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
