#!/usr/bin/env bash
# Draws run.sh's table as bar charts (issue 14): one chart per benchmark,
# the speed of every contender relative to the benchmark's reference
# (the vs_ref column: OpenBLAS's AVX-512 kernels for matmul, Halide's hand
# schedule for the others; > 1 is faster), 1 and 2 threads side by side, on
# a log scale. Writes OUTDIR/BENCH.svg and OUTDIR/BENCH.png with gnuplot
# (Debian's gnuplot-nox; run.sh installs it with the other peers).
#
#   bash test/bench/chart.sh TABLE.txt OUTDIR
#
# TABLE.txt is what run.sh prints (it keeps a copy as
# $BUILD/bench-table.txt and calls this script on it).
set -euo pipefail
if [[ $# -ne 2 ]]; then
  echo "usage: bash test/bench/chart.sh TABLE.txt OUTDIR" >&2
  exit 2
fi
table=$1 outdir=$2
[[ -r $table ]] || { echo "chart.sh: error: cannot read $table" >&2; exit 1; }
command -v gnuplot >/dev/null || {
  echo "chart.sh: error: gnuplot is missing (Debian: gnuplot-nox)" >&2; exit 1; }
mkdir -p "$outdir"
work=$(mktemp -d "${TMPDIR:-/tmp}/ariadne-chart-XXXXXX")
trap 'rm -rf "$work"' EXIT

# One data file per benchmark: contender, vs_ref at 1 thread, at 2 ("NaN"
# where it did not run). Rows of the table: bench thr contender rounds
# median_ms min_ms GFLOP/s vs_ref ...; failed rows and the legend are skipped.
awk -v dir="$work" '
  $1 == "bench" || $4 == "failed:" || NF < 8 || $8 == "-" || $2 !~ /^[0-9]+$/ { next }
  { b = $1; c = $3
    if (!((b, c) in seen)) { seen[b, c] = 1; order[b] = order[b] " " c; nb[b]++ }
    if ($2 == 1) one[b, c] = $8; else if ($2 == 2) two[b, c] = $8 }
  END {
    for (b in order) {
      n = split(substr(order[b], 2), cs, " ")
      f = dir "/" b ".dat"
      for (i = 1; i <= n; ++i)
        printf "%s\t%s\t%s\n", cs[i], ((b, cs[i]) in one) ? one[b, cs[i]] : "NaN",
               ((b, cs[i]) in two) ? two[b, cs[i]] : "NaN" > f
      close(f)
      print b > (dir "/benches")
    } }' "$table"
[[ -s $work/benches ]] || { echo "chart.sh: error: no rows with a vs_ref in $table" >&2; exit 1; }

while read -r b; do
  n=$(wc -l < "$work/$b.dat")
  width=$((360 + 34 * n))
  # Room above the tallest bar (the reference's are 1) on the log scale.
  ymax=$(awk -F'\t' '{ for (i = 2; i <= 3; ++i) if ($i != "NaN" && $i + 0 > m) m = $i + 0 }
                      END { print (m > 0 ? 2.5 * m : 10) }' "$work/$b.dat")
  # Only the thread counts that ran (gnuplot refuses a column of NaN).
  plot=""
  for col in 2 3; do
    awk -F'\t' -v c=$col '$c != "NaN" { found = 1 } END { exit !found }' "$work/$b.dat" || continue
    title=$([[ $col == 2 ]] && echo "1 thread" || echo "2 threads")
    plot+="${plot:+, }'$work/$b.dat' using $col:xtic(1) title '$title' lc $((col - 1))"
  done
  for term in svg png; do
    if [[ $term == svg ]]; then
      setterm="set terminal svg size $width,520 dynamic font 'sans,11'"
    else
      setterm="set terminal png size $width,520 font ',9'"
    fi
    gnuplot <<GP
$setterm
set output '$outdir/$b.$term'
set title "$b: speed relative to the reference (run.sh's vs_ref; > 1 is faster)" noenhanced
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set logscale y
set yrange [*:$ymax]
set grid ytics
set ylabel 'reference time / contender time'
set xtics rotate by -40 left noenhanced font ',8'
set key above
set bmargin 13
set rmargin 12
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lw 1.5
plot $plot
GP
  done
  echo "chart.sh: $outdir/$b.svg, $outdir/$b.png ($n contenders)"
done < <(sort "$work/benches")
