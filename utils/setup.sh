#!/usr/bin/env bash
# Ariadne's one-stop set-up: installs what a fresh Debian machine lacks,
# builds, and then either runs the main job or the whole test suite.
#
#   bash utils/setup.sh run    # build, then run `ariadne` on the embedded examples
#                              # (interpret them; compile, check and time matmul)
#   bash utils/setup.sh test   # build, then ctest; then an ASan+UBSan build and ctest
#
# Idempotent: packages are installed only when missing and builds are
# incremental (build/ and build-san/ at the repository root).
set -euo pipefail

mode=${1:-run}
case "$mode" in
  run|test) ;;
  *) echo "usage: bash utils/setup.sh run|test" >&2; exit 2 ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=$(nproc 2>/dev/null || echo 2)
log() { printf '[ariadne] %s\n' "$*"; }

packages=(cmake make python3 llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
          clang-22 libclang-rt-22-dev zlib1g-dev libomp-22-dev libopenblas0
          gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  log "installing missing packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  log "all required packages are installed"
fi

build() { # build DIR [cmake args...]
  local dir=$1; shift
  log "configuring $dir"
  cmake -S "$root" -B "$root/$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
  log "building $dir ($jobs jobs)"
  cmake --build "$root/$dir" -j "$jobs"
}

build build
if [ "$mode" = run ]; then
  log "running the main job: build/bin/ariadne (embedded examples)"
  "$root/build/bin/ariadne"
  exit $?
fi

log "running the test suite (build/)"
(cd "$root/build" && ctest --output-on-failure -j "$jobs")

# The sanitizer build runs every test whose process is ours; tests that load
# the plugin into Debian's uninstrumented mlir-opt are labelled host-tool and
# run in the plain build above.
build build-san -DARIADNE_SANITIZE=ON
log "running the test suite under ASan+UBSan (build-san/)"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
(cd "$root/build-san" && ctest --output-on-failure -j "$jobs" -LE host-tool)
log "all tests passed"
