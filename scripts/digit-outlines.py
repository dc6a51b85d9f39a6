#!/usr/bin/env python3
"""Prints the outlines of the digits 0-9 as SVG path data for web/src/model/digits.rs.

The hexes' numbers are drawn as one path per slice of the map, not as text (issue 19: laying
out 2,640 <text> elements cost 250-450 ms at 4x CPU throttle each time the numbers were shown
or hidden). The outlines are DejaVu Sans's (the font Chromium draws system-ui with on Debian),
at 8 px, so the numbers look as they did. Needs fontTools (pip install fonttools).

Usage: python3 scripts/digit-outlines.py [/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf]
"""
import sys

from fontTools.pens.basePen import decomposeQuadraticSegment
from fontTools.pens.recordingPen import RecordingPen
from fontTools.ttLib import TTFont

SIZE = 8.0  # px, .hex-id's font size in styles.css
STEP = 20  # coordinates rounded to 1/STEP px: a twentieth of a pixel at 8 px


def num(v):
    s = f"{v / STEP:.2f}".rstrip("0").rstrip(".")
    if s == "-0":
        s = "0"
    s = s.replace("0.", ".", 1) if s.startswith("0.") else s.replace("-0.", "-.", 1)
    return s or "0"


def pair(x, y):
    a, b = num(x), num(y)
    return a + ("" if b.startswith("-") else ",") + b


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    font = TTFont(path)
    scale = SIZE / font["head"].unitsPerEm
    glyphs = font.getGlyphSet()
    cmap = font.getBestCmap()
    rounded = lambda p: (round(p[0] * scale * STEP), round(-p[1] * scale * STEP))
    advance = None
    for d in "0123456789":
        name = cmap[ord(d)]
        width = glyphs[name].width * scale
        assert advance is None or abs(width - advance) < 1e-9, "digits of one width"
        advance = width
        pen = RecordingPen()
        glyphs[name].draw(pen)
        first, out, cur, start = None, [], None, None
        for op, args in pen.value:
            if op == "moveTo":
                p = rounded(args[0])
                if first is None:
                    first = p
                else:
                    out.append("m" + pair(p[0] - start[0], p[1] - start[1]))
                cur = start = p
            elif op == "lineTo":
                p = rounded(args[0])
                dx, dy = p[0] - cur[0], p[1] - cur[1]
                out.append("h" + num(dx) if dy == 0 else "v" + num(dy) if dx == 0 else "l" + pair(dx, dy))
                cur = p
            elif op == "qCurveTo":
                for c, e in decomposeQuadraticSegment(args) if len(args) > 2 else [args]:
                    c, e = rounded(c), rounded(e)
                    out.append("q" + pair(c[0] - cur[0], c[1] - cur[1]) + " " + pair(e[0] - cur[0], e[1] - cur[1]))
                    cur = e
            elif op == "closePath":
                out.append("z")
                cur = start
        print(f'    ({first[0] / STEP:.2f}, {first[1] / STEP:.2f}, "{"".join(out)}"),')
    print(f"// advance {advance:.4f}")


if __name__ == "__main__":
    main()
