#!/bin/sh
# Builds Inputs/kernels.mlir with ariadne-compile and checks the result:
#   harness.sh x86     COMPILE SRC WORK   clang-22 builds harness.c against the
#                                         object and header, and runs it
#   harness.sh objdump COMPILE SRC WORK   an AArch64 (neoverse-v2) object that
#                                         llvm-objdump decodes as AArch64 with
#                                         NEON/SVE fmla from the vector kernel
#   harness.sh qemu    COMPILE SRC WORK   cross-links that object with
#                                         harness.c (aarch64-linux-gnu-gcc) and
#                                         runs it under qemu-aarch64; exits 77
#                                         (ctest: skipped) without those tools
# LLVM tools come from $LLVM_BIN (default /usr/lib/llvm-22/bin).
set -eu
mode=$1 compile=$2 src=$3 work=$4
llvm=${LLVM_BIN:-/usr/lib/llvm-22/bin}
libdir=$(dirname "$llvm")/lib
rm -rf "$work"
mkdir -p "$work"
case "$mode" in
x86)
  "$compile" "$src/Inputs/kernels.mlir" -o "$work/kernels.o" --header="$work/kernels.h"
  "$llvm/clang" -std=c11 -Wall -Wextra -Werror -I"$work" "$src/harness.c" "$work/kernels.o" \
    -o "$work/harness" -L"$libdir" -Wl,-rpath,"$libdir" -lomp -lm
  OMP_NUM_THREADS=2 "$work/harness"
  ;;
objdump)
  "$compile" "$src/Inputs/kernels.mlir" -o "$work/kernels.o" --target=aarch64 --cpu=neoverse-v2
  "$llvm/llvm-objdump" -d "$work/kernels.o" > "$work/kernels.s"
  grep -q 'file format elf64-littleaarch64' "$work/kernels.s"
  grep -Eq '[[:space:]]fmla[[:space:]]+(v[0-9]+\.4s|z[0-9]+\.s)' "$work/kernels.s"
  grep -q '<_ari_packed_vfma>:' "$work/kernels.s"
  echo "aarch64 object with fmla"
  ;;
qemu)
  missing=""
  command -v aarch64-linux-gnu-gcc > /dev/null || missing="$missing gcc-aarch64-linux-gnu"
  command -v qemu-aarch64 > /dev/null || missing="$missing qemu-user"
  [ -d /usr/aarch64-linux-gnu/lib ] || missing="$missing libc6-dev-arm64-cross"
  if [ -n "$missing" ]; then
    echo "SKIPPED: install$missing to run AArch64 code under qemu"
    exit 77
  fi
  "$compile" "$src/Inputs/kernels.mlir" -o "$work/kernels.o" --header="$work/kernels.h" \
    --target=aarch64 --cpu=neoverse-v2
  aarch64-linux-gnu-gcc -std=c11 -Wall -Wextra -Werror -O1 -I"$work" "$src/harness.c" \
    "$src/../../runtime/omp_serial.c" "$work/kernels.o" -o "$work/harness" -lm
  # neoverse-v2 code uses SVE2: give qemu a CPU that has it.
  qemu-aarch64 -cpu max -L /usr/aarch64-linux-gnu "$work/harness"
  ;;
*)
  echo "unknown mode $mode" >&2
  exit 2
  ;;
esac
