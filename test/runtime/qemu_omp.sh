#!/bin/sh
# runtime.qemu.openmp: a `map par` program cross-compiled for AArch64, linked
# with Debian's arm64 libomp (unpacked by utils/setup.sh) and run under qemu
# with 2 threads must match the interpreter AND start a second thread (a
# clone with CLONE_THREAD in qemu's syscall trace); with 1 thread it must
# start none, so the check can fail.
# usage: qemu_omp.sh ARIADNE_RUN PROGRAM.mlir FUNC CROSS_CC QEMU OMP_DIR
set -u
run=$1 prog=$2 func=$3 cc=$4 qemu=$5 omp=$6
if [ ! -r "$omp/libomp.so.5" ]; then
  echo "error: no AArch64 libomp at $omp/libomp.so.5: run 'bash utils/setup.sh test' (it unpacks Debian's libomp5-19:arm64 there)"
  exit 1
fi
trace() { # trace THREADS: ariadne-run's output with qemu's syscall trace
  "$run" "$prog" --func="$func" --target=aarch64 --threads="$1" --cross-cc="$cc" \
    --target-omp="$omp" "--exec=$qemu -strace -cpu max -L /usr/aarch64-linux-gnu" 2>&1
}
two=$(trace 2) || { echo "$two" | grep -v '^[0-9]* ' ; echo "error: the 2-thread run failed"; exit 1; }
echo "$two" | grep "matches the interpreter" || { echo "error: no match with the interpreter"; exit 1; }
threads=$(echo "$two" | grep -c 'clone(.*CLONE_THREAD')
echo "2 threads: $threads thread(s) started"
[ "$threads" -ge 1 ] || { echo "error: libomp started no thread with 2 threads"; exit 1; }
one=$(trace 1) || { echo "error: the 1-thread run failed"; exit 1; }
echo "$one" | grep -q "matches the interpreter" || { echo "error: 1 thread: no match"; exit 1; }
threads=$(echo "$one" | grep -c 'clone(.*CLONE_THREAD')
echo "1 thread: $threads thread(s) started"
[ "$threads" -eq 0 ] || { echo "error: libomp started a thread with 1 thread"; exit 1; }
echo "map par ran on 2 threads under qemu"
