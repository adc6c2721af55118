#!/usr/bin/env python3
"""Histograms of ariadne-proggen's generated programs: runtime (log10 ms)
and stage count, with and without importance sampling, as one SVG (no
packages beyond the standard library).

    python3 test/bench/proggen_hist.py IMPORTANCE.err UNIFORM.err OUT.svg

The inputs are ariadne-proggen's stderr logs ("program P: S stages, T ms"
lines), of a run with importance sampling and one with --no-importance.
"""
import math
import re
import sys

LINE = re.compile(r"program \d+: (\d+) stages, ([0-9.eE+-]+) ms")


def read(path):
    out = []
    with open(path) as f:
        for line in f:
            m = LINE.search(line)
            if m:
                out.append((int(m.group(1)), float(m.group(2))))
    return out


def hist(values, lo, hi, bins):
    counts = [0] * bins
    for v in values:
        k = int((v - lo) / (hi - lo) * bins)
        counts[min(max(k, 0), bins - 1)] += 1
    return counts


def panel(svg, x0, y0, w, h, title, series, lo, hi, bins, xlabel):
    """series: list of (name, colour, values)."""
    svg.append('<text x="%d" y="%d" font-size="13" font-family="sans-serif">%s</text>' % (x0, y0 - 8, title))
    svg.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#888"/>' % (x0, y0, w, h))
    hs = [hist(v, lo, hi, bins) for _, _, v in series]
    top = max([max(c) for c in hs] + [1])
    bw = w / bins / len(series)
    for si, (name, colour, _) in enumerate(series):
        for b, c in enumerate(hs[si]):
            bh = c / top * (h - 10)
            svg.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>'
                       % (x0 + b * w / bins + si * bw, y0 + h - bh, bw * 0.9, bh, colour))
        svg.append('<text x="%d" y="%d" font-size="11" fill="%s" font-family="sans-serif">%s</text>'
                   % (x0 + w - 170, y0 + 16 + 14 * si, colour, name))
    for k in range(5):
        v = lo + (hi - lo) * k / 4
        svg.append('<text x="%.1f" y="%d" font-size="10" font-family="sans-serif">%.3g</text>'
                   % (x0 + w * k / 4 - 8, y0 + h + 14, v))
    svg.append('<text x="%d" y="%d" font-size="11" font-family="sans-serif">%s</text>'
               % (x0 + w // 2 - 40, y0 + h + 30, xlabel))


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    imp, uni = read(sys.argv[1]), read(sys.argv[2])
    series = [("importance (%d)" % len(imp), "#1f77b4", imp), ("uniform (%d)" % len(uni), "#ff7f0e", uni)]
    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="900" height="330">',
           '<rect width="900" height="330" fill="white"/>']
    lt = [(n, c, [math.log10(max(t, 1e-6)) for _, t in v]) for n, c, v in series]
    allt = [x for _, _, v in lt for x in v] or [0]
    panel(svg, 40, 40, 380, 230, "runtime of the generated programs", lt,
          math.floor(min(allt)), math.ceil(max(allt)) + 1e-9, 16, "log10(ms)")
    st = [(n, c, [s for s, _ in v]) for n, c, v in series]
    alls = [x for _, _, v in st for x in v] or [0]
    panel(svg, 480, 40, 380, 230, "stage count", st, 0, max(alls) + 1, 16, "stages")
    svg.append("</svg>")
    with open(sys.argv[3], "w") as f:
        f.write("\n".join(svg) + "\n")


if __name__ == "__main__":
    main()
