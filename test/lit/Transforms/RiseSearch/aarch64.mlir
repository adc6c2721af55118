// rise-search{target=aarch64}: the analytic cost on a nominal AArch64 core
// (costmodel/machine.h, ariMachineNominalAArch64) and NEON's vector widths
// (vectors=auto: 4,8,16). The result equals the input on the interpreter
// (up to reassociation: the search may vectorise a reduction) and compiles
// for aarch64. Timing is refused: under qemu a time is the
// emulator's.

// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{func=matmul_medium target=aarch64 depth=3})' -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: ariadne-interp %ariadne_src/test/examples/matmul.mlir --func=matmul_medium --seed=3 --print > %t.ref.txt
// RUN: ariadne-interp %t.mlir --func=matmul_medium --seed=3 --print > %t.out.txt
// RUN: %python %S/Inputs/close.py %t.out.txt %t.ref.txt
// RUN: ariadne-compile %t.mlir -o %t.o --target=aarch64
// REPORT: rise-search @matmul_medium: engine=beam stop=depth (3 rounds done)
// REPORT: rise-search @matmul_medium: cost {{[0-9.e+-]+}} -> {{[0-9.e+-]+}} (analytic)

// The vector widths are NEON's: an actVectorize of 4 lanes is among the actions.
// RUN: %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{func=matmul_medium target=aarch64 depth=1 vectors=4 cost=size})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: rise-search @matmul_medium: engine=beam stop={{depth|exhausted}}

// RUN: not %rise-opt %ariadne_src/test/examples/matmul.mlir --pass-pipeline='builtin.module(rise-search{target=aarch64 cost=model:%t.none})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODEL
// MODEL: error: rise-search: target=aarch64 with cost='model:{{.*}}': a learned model knows the machine it was trained on
// RUN: not ariadne-run %ariadne_src/test/examples/matmul.mlir --func=matmul_small --pipeline='rise-search{target=aarch64 measure=2}' 2>&1 | FileCheck %s --check-prefix=MEASURE
// MEASURE: target=aarch64 with measure=2: candidates cannot be timed for aarch64 here (under qemu-aarch64 a time measures the emulator
