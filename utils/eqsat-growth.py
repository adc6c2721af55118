#!/usr/bin/env python3
"""eqsat-growth.py REPORT.json OUT.svg: the e-graph's growth in an
ariadne-eqsat run as an SVG line chart (no plotting library needed).

REPORT.json is `ariadne-eqsat --report=json` output: every guide of every
goal carries "growth", its e-nodes after each iteration. The chart has one
line per goal and guide (x: iteration, y: e-nodes, logarithmic when the
counts span more than two decades), a legend and the axes' ranges.
"""

import json
import math
import sys

W, H, LEFT, RIGHT, TOP, BOTTOM = 720, 420, 70, 190, 30, 50
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#17becf"]


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: eqsat-growth.py REPORT.json OUT.svg\n")
        return 2
    try:
        with open(argv[1]) as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        sys.stderr.write("%s: error: %s\n" % (argv[1], e))
        return 1
    series = []
    for goal in report.get("goals", []):
        for guide in goal.get("guides", []):
            g = guide.get("growth", [])
            if g:
                series.append(("%s/%s" % (goal["goal"], guide["guide"]), g))
    if not series:
        sys.stderr.write("%s: error: no guide with a growth (was it --report=json?)\n" % argv[1])
        return 1
    xmax = max(len(g) for _, g in series)
    ymin = min(min(g) for _, g in series)
    ymax = max(max(g) for _, g in series)
    log = ymin > 0 and ymax / ymin > 100
    if log:
        lo, hi = math.log10(ymin), math.log10(ymax)
    else:
        lo, hi = 0, ymax
    hi = hi if hi > lo else lo + 1
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM

    def px(i):  # iteration i (1-based)
        return LEFT + (pw * (i - 1) / (xmax - 1) if xmax > 1 else pw / 2)

    def py(v):
        t = math.log10(v) if log else v
        return TOP + ph - ph * (t - lo) / (hi - lo)

    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="12">' % (W, H),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="18">e-graph growth: @%s (e-nodes per iteration%s)</text>'
           % (LEFT, esc(str(report.get("func", "?"))), ", log scale" if log else ""),
           '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' % (LEFT, TOP + ph, LEFT + pw, TOP + ph),
           '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' % (LEFT, TOP, LEFT, TOP + ph),
           '<text x="%d" y="%d" text-anchor="middle">iteration (1 to %d)</text>'
           % (LEFT + pw // 2, H - 15, xmax),
           '<text x="%d" y="%d" text-anchor="end">%d</text>' % (LEFT - 5, TOP + ph, ymin if log else 0),
           '<text x="%d" y="%d" text-anchor="end">%d</text>' % (LEFT - 5, TOP + 10, ymax)]
    for k, (name, g) in enumerate(series):
        c = COLOURS[k % len(COLOURS)]
        pts = " ".join("%.1f,%.1f" % (px(i + 1), py(v)) for i, v in enumerate(g))
        out.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>' % (c, pts))
        for i, v in enumerate(g):
            out.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s"><title>%s iteration %d: %d '
                       'e-nodes</title></circle>' % (px(i + 1), py(v), c, esc(name), i + 1, v))
        y = TOP + 15 * k + 10
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"/>'
                   % (W - RIGHT + 10, y - 4, W - RIGHT + 30, y - 4, c))
        out.append('<text x="%d" y="%d">%s</text>' % (W - RIGHT + 35, y, esc(name)))
    out.append("</svg>\n")
    try:
        with open(argv[2], "w") as f:
            f.write("\n".join(out))
    except OSError as e:
        sys.stderr.write("%s: error: %s\n" % (argv[2], e))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
