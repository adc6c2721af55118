#!/usr/bin/env python3
"""ptxcheck.py --opt "MLIR-OPT-WITH-PLUGIN" --chip sm_90 FILE.mlir...

For every FILE: lowers it with rise-to-nvvm{chip=CHIP host=gpu}, cuts each
gpu.module out, translates it (mlir-translate --mlir-to-llvmir), compiles it
to PTX (llc -march=nvptx64 -mcpu=CHIP -mattr=+ptx80) and assembles the PTX
with ptxas -arch=CHIP ($ARIADNE_PTXAS or /usr/local/cuda/bin/ptxas). Prints
one line per kernel and exits non-zero if any step fails or a file has no
kernel. mlir-translate and llc are taken from PATH (lit puts LLVM 22 first).
"""
import argparse, os, re, shlex, subprocess, sys, tempfile


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def modules(text):
    """(name, body) of every top-level gpu.module in printed MLIR."""
    for m in re.finditer(r"^  gpu\.module @(\w+)[^\n]*\{\n", text, re.M):
        i = j = m.end()
        depth = 1
        while depth and j < len(text):
            if text[j] == "{":
                depth += 1
            elif text[j] == "}":
                depth -= 1
            j += 1
        yield m.group(1), text[i:j - 1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--opt", required=True, help="mlir-opt command line with the Ariadne plugin")
    ap.add_argument("--chip", default="sm_90")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    ptxas = os.environ.get("ARIADNE_PTXAS", "/usr/local/cuda/bin/ptxas")
    if not os.access(ptxas, os.X_OK):
        print(f"FAIL: ptxas not found at {ptxas} (set ARIADNE_PTXAS)")
        return 1
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for f in a.files:
            r = run(shlex.split(a.opt) + [f, f"--pass-pipeline=builtin.module(rise-to-nvvm{{chip={a.chip} host=gpu}})"])
            if r.returncode:
                print(f"FAIL {os.path.basename(f)}: rise-to-nvvm\n{r.stderr[:2000]}")
                bad += 1
                continue
            found = 0
            for name, body in modules(r.stdout):
                found += 1
                base = os.path.join(tmp, name)
                steps = [
                    ["mlir-translate", "--mlir-to-llvmir", base + ".mlir", "-o", base + ".ll"],
                    ["llc", "-march=nvptx64", f"-mcpu={a.chip}", "-mattr=+ptx80", "-O3", base + ".ll",
                     "-o", base + ".ptx"],
                    [ptxas, f"-arch={a.chip}", base + ".ptx", "-o", base + ".cubin"],
                ]
                with open(base + ".mlir", "w") as out:
                    out.write("module {\n" + body + "}\n")
                for cmd in steps:
                    s = run(cmd)
                    if s.returncode:
                        print(f"FAIL {os.path.basename(f)} {name} {a.chip}: {os.path.basename(cmd[0])}\n{s.stderr[:2000]}")
                        bad += 1
                        break
                else:
                    print(f"OK {os.path.basename(f)} {name} {a.chip}: {os.path.getsize(base + '.ptx')} bytes of PTX")
            if not found:
                print(f"FAIL {os.path.basename(f)}: no gpu.module")
                bad += 1
    return 1 if bad else 0


sys.exit(main())
