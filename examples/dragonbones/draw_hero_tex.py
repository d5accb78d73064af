#!/usr/bin/env python3
"""Draws hero_tex.png, the atlas image of hero_tex.json (the project's own drawing, MIT like the
rest): a 64x128 RGBA PNG with the `body` region (0, 0, 64, 96) and the `hat` region (0, 96, 48,
32). Standard library only; run it from anywhere to write the PNG beside this script."""
import pathlib
import struct
import zlib

W, H = 64, 128
pixels = [[(0, 0, 0, 0)] * W for _ in range(H)]

SKIN = (246, 204, 164, 255)
TUNIC = (52, 112, 196, 255)
TUNIC_DARK = (34, 78, 146, 255)
BOOTS = (74, 52, 38, 255)
BELT = (120, 84, 40, 255)
EYE = (30, 30, 40, 255)
CAP = (206, 48, 56, 255)
CAP_DARK = (150, 28, 40, 255)
OUTLINE = (24, 24, 32, 255)


def fill(test, colour, y0=0, y1=H):
    for y in range(y0, y1):
        for x in range(W):
            if test(x + 0.5, y + 0.5):
                pixels[y][x] = colour


def ellipse(cx, cy, rx, ry):
    return lambda x, y: ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1


def box(x0, y0, x1, y1):
    return lambda x, y: x0 <= x < x1 and y0 <= y < y1


# body (0, 0) 64x96: outline first, then the parts over it
for grow, colour in ((1.5, OUTLINE), (0, None)):
    g = grow
    fill(box(6 - g, 40 - g, 14 + g, 70 + g), colour or SKIN, 0, 96)  # left arm
    fill(box(50 - g, 40 - g, 58 + g, 70 + g), colour or SKIN, 0, 96)  # right arm
    fill(box(18 - g, 76 - g, 30 + g, 92 + g), colour or BOOTS, 0, 96)  # left leg
    fill(box(34 - g, 76 - g, 46 + g, 92 + g), colour or BOOTS, 0, 96)  # right leg
    fill(box(14 - g, 38 - g, 50 + g, 80 + g), colour or TUNIC, 0, 96)  # tunic
    fill(ellipse(32, 22, 16 + g, 16 + g), colour or SKIN, 0, 96)  # head
fill(box(14, 70, 50, 80), TUNIC_DARK, 0, 96)
fill(box(14, 64, 50, 68), BELT, 0, 96)
fill(ellipse(26, 22, 2, 3), EYE, 0, 96)
fill(ellipse(38, 22, 2, 3), EYE, 0, 96)
fill(lambda x, y: 27 <= x < 37 and 30 <= y < 32, CAP_DARK, 0, 96)  # mouth

# hat (0, 96) 48x32: a cap, its dome and brim in the region's upper part
fill(lambda x, y: x < 48 and ellipse(24, 118, 17.5, 15.5)(x, y) and y < 118, OUTLINE, 96, 128)
fill(lambda x, y: x < 48 and ellipse(24, 118, 16, 14)(x, y) and y < 117, CAP, 96, 128)
fill(lambda x, y: box(2, 116, 46, 123)(x, y), OUTLINE, 96, 128)
fill(lambda x, y: box(3, 117, 45, 122)(x, y), CAP_DARK, 96, 128)
fill(ellipse(24, 103, 3, 3), (255, 255, 255, 255), 96, 128)


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


raw = b"".join(b"\0" + bytes(c for p in row for c in p) for row in pixels)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 6, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
(pathlib.Path(__file__).resolve().parent / "hero_tex.png").write_bytes(png)
