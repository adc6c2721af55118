#!/usr/bin/env bash
# The ctest `install`: `cmake --install` into a temporary prefix, then two
# downstream builds of test/install/consumer/consumer.c against that prefix
# only -- one with CMake (find_package(Ariadne), Ariadne::Ariadne) and one
# with pkg-config (ariadne.pc) -- each run. Also checks what was installed:
# the soname, that libAriadne.so exports only mlir*/ari*/rise* C symbols, the
# headers, the plugin in mlir-opt, and the tools (ariadne-run --target=
# aarch64 under qemu, when the cross compiler and qemu are there).
#
#   run.sh BUILD_DIR SOURCE_DIR CC MLIR_TOOLS_DIR WORK_DIR SANITIZE(ON|OFF)
set -euo pipefail
build=$1 src=$2 cc=$3 tools=$4 work=$5 sanitize=$6
rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix
fail() { echo "install test: error: $*" >&2; exit 1; }

echo "== cmake --install $build --prefix $prefix"
cmake --install "$build" --prefix "$prefix" > "$work/install.log"

lib=$prefix/lib/libAriadne.so
[[ -L $lib ]] || fail "$lib is not the development symlink"
soname=$(readelf -d "$lib" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
[[ $soname == libAriadne.so.0 ]] || fail "soname is '$soname', expected libAriadne.so.0"
[[ -e $prefix/lib/$soname ]] || fail "no $soname in $prefix/lib"
# Dynamic symbols the library defines: functions of the C APIs only.
bad=$(nm -D --defined-only "$lib" | awk '{print $3}' | grep -Ev '^(mlir|ari|rise|_init$|_fini$)' || true)
[[ -z $bad ]] || fail "libAriadne.so exports non-public symbols: $(echo $bad | head -c 300)"
for h in "$src"/include/ariadne-c/*.h; do
  cmp -s "$h" "$prefix/include/ariadne-c/$(basename "$h")" || fail "header $(basename "$h") not installed"
done
echo "soname $soname; $(nm -D --defined-only "$lib" | wc -l) exported symbols, all mlir*/ari*/rise*"

"$prefix/bin/ariadne-interp" --help > /dev/null || fail "the installed ariadne-interp does not run"
# ariadne-run --target=aarch64 builds its qemu driver from the installed
# share/ariadne/runtime sources.
if command -v aarch64-linux-gnu-gcc > /dev/null && command -v qemu-aarch64 > /dev/null; then
  "$prefix/bin/ariadne-run" "$src/test/examples/axpy_lowlevel.mlir" --func=axpy_lowlevel_small \
    --target=aarch64 --target-cpu=neoverse-v2 --cross-cc=aarch64-linux-gnu-gcc \
    "--exec=qemu-aarch64 -cpu max -L /usr/aarch64-linux-gnu" > "$work/run-aarch64.txt" 2>&1 \
    || { cat "$work/run-aarch64.txt"; fail "the installed ariadne-run --target=aarch64 failed"; }
  grep -q "matches the interpreter" "$work/run-aarch64.txt" \
    || fail "the installed ariadne-run --target=aarch64 did not check against the interpreter"
  echo "installed ariadne-run --target=aarch64 (qemu): matches the interpreter"
fi

echo "== CMake consumer (find_package(Ariadne))"
# CMAKE_LINKER: the links run through the compiler driver (GNU ld); naming
# it keeps CMake from probing for ld.lld, a package setup.sh does not install
# (utils/package-guard.py).
cmake -S "$src/test/install/consumer" -B "$work/cmake-build" -DCMAKE_C_COMPILER="$cc" \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_LINKER=/usr/bin/ld > "$work/cmake-configure.log" \
  || { cat "$work/cmake-configure.log"; fail "configuring the CMake consumer failed"; }
grep -q "Ariadne package: $prefix/lib/cmake/Ariadne" "$work/cmake-configure.log" \
  || fail "find_package(Ariadne) did not find the installed package"
cmake --build "$work/cmake-build" > "$work/cmake-build.log" 2>&1 \
  || { cat "$work/cmake-build.log"; fail "building the CMake consumer failed"; }
ldd "$work/cmake-build/consumer" > "$work/ldd.txt"
grep -q "libAriadne.so.0 => $prefix/lib/" "$work/ldd.txt" \
  || fail "the CMake consumer does not load libAriadne from $prefix"
"$work/cmake-build/consumer"

plugin=$(cat "$work/cmake-build/plugin-path.txt")
[[ $plugin == "$prefix"/* ]] || fail "Ariadne::Plugin is $plugin, outside $prefix"
# A sanitized plugin needs the sanitizer runtime, which Debian's mlir-opt
# lacks: preload it, as lit does.
preload=""
if [[ $sanitize =~ ^(ON|1|TRUE|YES)$ ]]; then
  preload=$("$cc" -print-file-name=libclang_rt.asan-x86_64.so)
fi
LD_PRELOAD=$preload "$tools/mlir-opt" --load-pass-plugin="$plugin" --help > "$work/opt-help.txt"
grep -q -- '--rise-stats' "$work/opt-help.txt" || fail "mlir-opt does not list rise-stats from $plugin"

echo "== pkg-config consumer (ariadne.pc)"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig PKG_CONFIG_LIBDIR=$prefix/lib/pkgconfig
flags=$(pkg-config --cflags --libs ariadne) || fail "pkg-config does not know ariadne"
libdir=$(pkg-config --variable=libdir ariadne)
echo "pkg-config --cflags --libs ariadne: $flags"
# shellcheck disable=SC2086
"$cc" -std=c11 -Wall -Wextra -Werror "$src/test/install/consumer/consumer.c" $flags \
  -Wl,-rpath,"$libdir" -o "$work/pc-consumer" || fail "building the pkg-config consumer failed"
ldd "$work/pc-consumer" > "$work/ldd.txt"
grep -q "libAriadne.so.0 => $prefix/lib/" "$work/ldd.txt" \
  || fail "the pkg-config consumer does not load libAriadne from $prefix"
"$work/pc-consumer"
[[ -f $(pkg-config --variable=plugin ariadne) ]] || fail "ariadne.pc's plugin variable names no file"

rm -rf "$work"
echo "install test: OK"
