#!/usr/bin/env python3
"""Fails when the build or the tests used a Debian package that setup.sh
does not install.

A package installed by hand stays on a machine, so a green CI there can hide
a missing install step (it once hid libclang-rt-22-dev). This guard lists
the packages that own every file under /usr (and the merged /lib, /bin) that
the builds and the tests used, and checks each against setup.sh's list, its
dependency closure, and the packages every Debian system has (Essential or
Priority: required).

What counts as used:
  compile inputs   the compiler's depfiles (*.d) in each build directory;
  link inputs      every link of each build directory, repeated with
                   -Wl,--trace into a scratch file (this finds the sanitizer
                   runtimes, crt files and archives the driver adds);
  loaded libraries ldd of every executable and shared library built;
  tools            a trace of the test run (strace -f: execve and openat),
                   which names mlir-opt, FileCheck, lit, qemu, clang, ...

  package-guard.py --setup utils/setup.sh --build DIR [--build DIR...]
                   [--trace FILE...] [--without PKG...] [--verbose]

--without drops PKG from setup.sh's list first: the guard must then fail
naming it if the build needs it (.ci/run shows this with libclang-rt-22-dev).
Exit 0: every package is covered; 1: some are not (each named, with a file
that needs it and where it was seen); 2: bad usage or missing input.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOTS = ("/usr/", "/lib/", "/lib64/", "/bin/", "/sbin/", "/etc/")


def log(msg):
    print("[package-guard] " + msg, flush=True)


def setup_packages(setup):
    out = subprocess.run(["bash", setup, "packages"], capture_output=True, text=True)
    if out.returncode != 0 or not out.stdout.split():
        sys.exit("package-guard: '%s packages' failed: %s" % (setup, out.stderr.strip()))
    return out.stdout.split()


# Files a program opens only because they are there, with a fallback when
# they are not: ld loads every plugin in bfd-plugins/, Python reads every
# .pth file in its site directories, glibc reads locale aliases and zone
# data, OpenSSL its configuration. Their packages are not needed.
PROBED = re.compile(r"^(/usr)?/lib/bfd-plugins/"
                    r"|^/usr/lib/python3[^/]*/(dist|site)-packages/[^/]+\.pth$"
                    r"|^/usr/share/locale/|^/usr/lib/locale/|^/usr/share/zoneinfo/"
                    r"|^/etc/|^/usr/lib/ssl/")


def interesting(path):
    return path.startswith(ROOTS) and not path.startswith("/usr/local/") \
        and not PROBED.match(path)


# --- what was used --------------------------------------------------------

# CMAKE_LINKER is left out: CMake records one it found, but the links run
# through the compiler driver, which picks its own (asked with -### below).
CACHE_TOOLS = ("CMAKE_C_COMPILER", "CMAKE_CXX_COMPILER", "CMAKE_AR", "CMAKE_RANLIB",
               "CMAKE_MAKE_PROGRAM", "CMAKE_COMMAND")


def from_cache(build):
    """The compilers, linker, archiver and build tools the build ran."""
    used = {}
    try:
        lines = open(os.path.join(build, "CMakeCache.txt"), errors="replace").read().splitlines()
    except OSError:
        return used
    # The compilers are set by the top CMakeLists.txt, so CMake records them
    # in its per-language files rather than in the cache.
    for f in glob.glob(os.path.join(build, "CMakeFiles", "*", "CMake*Compiler.cmake")):
        for m in re.finditer(r'^set\((CMAKE_C(?:XX)?_COMPILER) "([^"]+)"\)',
                             open(f, errors="replace").read(), re.M):
            lines.append("%s:FILEPATH=%s" % (m.group(1), m.group(2)))
    for line in lines:
        key, _, val = line.partition("=")
        key = key.split(":")[0]
        if key in CACHE_TOOLS and interesting(val):
            used.setdefault(val, "CMakeCache.txt " + key)
            if key.endswith("_COMPILER"):
                # The programs the driver runs to compile and link.
                p = subprocess.run([val, "-###", "-x", "c", "/dev/null", "-o", "/dev/null"],
                                   capture_output=True, text=True)
                for m in re.findall(r'^ "([^"]+)"', p.stderr, re.M):
                    if interesting(m):
                        used.setdefault(m, "%s -###" % val)
    return used


def from_depfiles(build):
    used = {}
    for d in glob.glob(os.path.join(build, "**", "*.d"), recursive=True):
        try:
            text = open(d, errors="replace").read()
        except OSError:
            continue
        for tok in text.replace("\\\n", " ").split():
            tok = os.path.normpath(tok.rstrip(":")) if tok.startswith("/") else tok
            if interesting(tok):
                used.setdefault(tok, "depfile " + os.path.relpath(d, build))
    return used


TRACE_PATH = re.compile(r"(/[^\s()]+)")


def relink(linktxt, scratch):
    """Runs a link again with -Wl,--trace, writing to scratch; the inputs."""
    cwd = os.path.dirname(os.path.dirname(os.path.dirname(linktxt)))
    with open(linktxt) as f:
        lines = [l.strip() for l in f if " -o " in l]
    if not lines:
        return linktxt, [], None  # an archive (ar): its inputs are objects
    cmd = lines[0] + " -Wl,--trace -o " + scratch
    p = subprocess.run(cmd, shell=True, cwd=cwd, capture_output=True, text=True)
    if p.returncode != 0:
        return linktxt, [], p.stderr.strip()[-400:]
    paths = []
    for line in p.stdout.splitlines():
        for m in TRACE_PATH.findall(line):
            m = os.path.normpath(m)
            if interesting(m):
                paths.append(m)
    return linktxt, paths, None


def from_links(build, scratch):
    used = {}
    links = sorted(glob.glob(os.path.join(build, "**", "link.txt"), recursive=True))
    jobs = max(1, min(4, os.cpu_count() or 1))
    with ThreadPoolExecutor(jobs) as ex:
        futs = [ex.submit(relink, l, os.path.join(scratch, "link%d.out" % i))
                for i, l in enumerate(links)]
        for fu in futs:
            linktxt, paths, err = fu.result()
            if err:
                sys.exit("package-guard: repeating %s failed:\n%s" % (linktxt, err))
            for p in paths:
                used.setdefault(p, "link " + os.path.relpath(linktxt, build))
    return used, len(links)


def is_elf(path):
    try:
        with open(path, "rb") as f:
            return f.read(4) == b"\x7fELF"
    except OSError:
        return False


LDD = re.compile(r"(?:=>\s*)?(/\S+)\s+\(0x")


def from_ldd(build):
    used, n = {}, 0
    for dirpath, dirs, files in os.walk(build):
        dirs[:] = [d for d in dirs if d != "CMakeFiles"]
        for f in files:
            p = os.path.join(dirpath, f)
            if f.endswith((".o", ".a")) or not os.access(p, os.X_OK) and not f.endswith(".so") \
                    or not is_elf(p):
                continue
            n += 1
            out = subprocess.run(["ldd", p], capture_output=True, text=True).stdout
            for m in LDD.findall(out):
                m = os.path.normpath(m)
                if interesting(m):
                    used.setdefault(m, "ldd " + os.path.relpath(p, build))
    return used, n


STRACE = re.compile(r'^\d+\s+(execve|openat)\((?:AT_FDCWD, )?"([^"]+)"')


def from_trace(path):
    """Files the traced tests executed or opened, and the probed files among
    them (which are left out, see PROBED)."""
    used, probed = {}, set()
    with open(path, errors="replace") as f:
        for line in f:
            m = STRACE.match(line)
            if not m or " = -1 " in line:
                continue
            p = os.path.normpath(m.group(2))
            if interesting(p):
                used.setdefault(p, "%s in the test run" % m.group(1))
            elif PROBED.match(p) and not p.startswith("/etc/"):
                probed.add(p)
    return used, probed


def probed_deps(probed):
    """The shared libraries that probed files (ld's plugins) load: they are
    opened only because the plugin was."""
    deps = set()
    for p in sorted(probed):
        if not is_elf(p):
            continue
        out = subprocess.run(["ldd", p], capture_output=True, text=True).stdout
        for m in LDD.findall(out):
            deps.add(os.path.normpath(m))
            deps.add(os.path.realpath(m))
    return deps


# --- who owns it ----------------------------------------------------------

def dpkg_owners():
    owner = {}
    for lst in glob.glob("/var/lib/dpkg/info/*.list"):
        pkg = os.path.basename(lst)[:-5].split(":")[0]
        with open(lst, errors="replace") as f:
            for line in f:
                owner.setdefault(line.rstrip("\n"), pkg)
    return owner


def aliases(path):
    """The names dpkg may know a file by: merged /usr and symlinks."""
    out = [path]
    real = os.path.realpath(path)
    if real != path:
        out.append(real)
    for p in list(out):
        for top in ("/bin/", "/sbin/", "/lib/", "/lib64/", "/lib32/"):
            if p.startswith(top):
                out.append("/usr" + p)
            if p.startswith("/usr" + top):
                out.append(p[4:])
    # a directory chain of symlinks: resolve each parent
    parent, base = os.path.split(path)
    rp = os.path.realpath(parent)
    if rp != parent:
        out.append(os.path.join(rp, base))
    return out


def status_db():
    """Installed packages: name -> (depends list of alternatives, essential/required)."""
    db, provides = {}, {}
    text = open("/var/lib/dpkg/status", errors="replace").read()
    for para in text.split("\n\n"):
        fields, key = {}, None
        for line in para.splitlines():
            if line.startswith((" ", "\t")) and key:
                fields[key] += " " + line.strip()
            elif ":" in line:
                key, _, val = line.partition(":")
                fields[key] = val.strip()
        name = fields.get("Package")
        if not name or "install ok installed" not in fields.get("Status", ""):
            continue
        deps = []
        for field in ("Depends", "Pre-Depends"):
            for alt in filter(None, (a.strip() for a in fields.get(field, "").split(","))):
                deps.append([re.split(r"[\s(:]", a.strip())[0] for a in alt.split("|")])
        base = fields.get("Essential") == "yes" or fields.get("Priority") == "required"
        db[name] = (deps, base)
        for prov in filter(None, (p.strip() for p in fields.get("Provides", "").split(","))):
            provides.setdefault(re.split(r"[\s(:]", prov)[0], []).append(name)
    return db, provides


def closure(roots, db, provides):
    seen, todo = set(), list(roots)
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        for alt in db.get(p, ([], False))[0]:
            for a in alt:
                for real in ([a] if a in db else []) + provides.get(a, []):
                    if real not in seen:
                        todo.append(real)
    return seen


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--setup", required=True)
    ap.add_argument("--build", action="append", default=[])
    ap.add_argument("--trace", action="append", default=[])
    ap.add_argument("--without", action="append", default=[])
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()
    for d in a.build + a.trace:
        if not os.path.exists(d):
            print("package-guard: %s does not exist" % d, file=sys.stderr)
            return 2

    listed = [p for p in setup_packages(a.setup) if p not in a.without]
    if a.without:
        log("setup.sh's list without %s" % ", ".join(a.without))
    used = {}
    with tempfile.TemporaryDirectory() as scratch:
        for b in a.build:
            tools = from_cache(b)
            dep = from_depfiles(b)
            lk, nlinks = from_links(b, scratch)
            ld, nbins = from_ldd(b)
            log("%s: %d build tools, %d files from depfiles, %d from %d links, %d from ldd "
                "of %d binaries" % (b, len(tools), len(dep), len(lk), nlinks, len(ld), nbins))
            for src in (tools, dep, lk, ld):
                for k, v in src.items():
                    used.setdefault(k, v)
    for t in a.trace:
        tr, probed = from_trace(t)
        deps = probed_deps(probed)
        tr = {k: v for k, v in tr.items()
              if k not in deps and os.path.realpath(k) not in deps}
        log("%s: %d files executed or opened by the tests (%d probed plugins and their "
            "libraries left out)" % (t, len(tr), len(probed)))
        for k, v in tr.items():
            used.setdefault(k, v)

    owner = dpkg_owners()
    need, unowned = {}, []
    for path, where in sorted(used.items()):
        if os.path.isdir(path):
            continue  # a directory is listed by every package with files in it
        pkg = next((owner[x] for x in aliases(path) if x in owner), None)
        if pkg:
            need.setdefault(pkg, (path, where))
        else:
            unowned.append(path)

    db, provides = status_db()
    unknown = [p for p in listed if p not in db]
    base = [p for p, (_, b) in db.items() if b]
    allowed = closure(listed + base, db, provides)
    missing = sorted(p for p in need if p not in allowed)
    log("%d files used, owned by %d packages; setup.sh lists %d, closure with the base "
        "system %d" % (len(used), len(need), len(listed), len(allowed)))
    if a.verbose:
        for p in sorted(need):
            log("  %-32s %s (%s)" % (p, need[p][0], need[p][1]))
        for u in unowned[:50]:
            log("  no package owns %s" % u)
    for p in unknown:
        log("warning: setup.sh lists %s, which is not installed here" % p)
    for p in missing:
        path, where = need[p]
        print("package-guard: error: package %s is used but setup.sh does not install it: "
              "%s (%s)" % (p, path, where), flush=True)
    if missing:
        return 1
    log("every package the build and the tests used is installed by setup.sh")
    return 0


if __name__ == "__main__":
    sys.exit(main())
