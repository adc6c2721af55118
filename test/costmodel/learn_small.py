#!/usr/bin/env python3
"""A learned model beats term size on the held-out programs of the shipped
dataset (test/costmodel/data/small.ards, measured by `ariadne-cost measure`:
16 example functions, the unscheduled program and 24 sampled schedules
each, at 1 and 2 threads). Trains a ranking model with a fixed seed on the
programs not held out, evaluates on the held-out eighth, and asserts on
ranking metrics only -- the data is fixed, so nothing here depends on this
machine's timing.

usage: learn_small.py ARIADNE_COST DATASET WORKDIR
"""
import os
import re
import subprocess
import sys


def run(args):
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("%s failed (%d):\n%s%s" % (" ".join(args), p.returncode, p.stdout, p.stderr))
    return p.stdout


def main():
    tool, data, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    model = os.path.join(work, "small.model")
    run([tool, "train", "--data", data, "--objective", "rank", "--seed", "1", "-o", model])
    out = run([tool, "eval", "--data", data, "--model", model])
    print(out, end="")
    pair = float(re.search(r"^pairwise accuracy: ([0-9.]+)", out, re.M).group(1))
    best2 = float(re.search(r"^best-2 error: ([0-9.]+)", out, re.M).group(1))
    size = re.search(r"^term size +pairwise accuracy ([0-9.]+), best-1 error [0-9.]+, "
                     r"best-2 error ([0-9.]+)", out, re.M)
    size_pair, size_best2 = float(size.group(1)), float(size.group(2))
    ok = True
    if not pair >= size_pair + 0.05:
        print("FAIL: pairwise accuracy %.4f is not clearly above term size's %.4f"
              % (pair, size_pair))
        ok = False
    if not best2 <= size_best2:
        print("FAIL: best-2 error %.4f is worse than term size's %.4f" % (best2, size_best2))
        ok = False
    print("learn_small: %s" % ("ok" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
