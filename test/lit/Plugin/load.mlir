// The plugin loads into Debian's mlir-opt: the dialect plugin registers rise,
// the pass plugin registers rise-stats, and a bad path is reported.

// The dialect alone is enough to parse, verify and print rise.
// RUN: %mlir_opt --load-dialect-plugin=%plugin %s | FileCheck %s --check-prefix=PARSE
// PARSE: rise.in %{{.*}} : memref<4xf32> -> !rise.array<4xf32>
// PARSE: rise.map seq

// RUN: %mlir_opt --load-dialect-plugin=%plugin --show-dialects | FileCheck %s --check-prefix=DIALECTS
// DIALECTS: Available Dialects: {{.*}}quant,rise,rocdl

// The pass plugin adds rise-stats to the pass list.
// RUN: %mlir_opt --load-pass-plugin=%plugin --help | FileCheck %s --check-prefix=HELP
// HELP: --rise-stats {{.*}}- Report op counts, FLOPs, transcendentals and bytes moved per function
// RUN: %mlir_opt --load-dialect-plugin=%plugin --help | FileCheck %s --check-prefix=NOPASS
// NOPASS-NOT: rise-stats

// Both together run a pipeline.
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-stats{output=-})' -o /dev/null \
// RUN:   | FileCheck %s --check-prefix=PIPE
// PIPE: rise-stats @scale
// PIPE: flops: 4

// Without the dialect plugin rise does not parse.
// RUN: not %mlir_opt --load-pass-plugin=%plugin %s 2>&1 | FileCheck %s --check-prefix=NODIALECT
// NODIALECT: error: Dialect `rise' not found for custom op 'rise.in'

// Without the pass plugin the pipeline does not parse.
// RUN: not %mlir_opt --load-dialect-plugin=%plugin %s --pass-pipeline='builtin.module(rise-stats)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOSTATS
// NOSTATS: error: 'rise-stats' does not refer to a registered pass or pass pipeline

// A missing file: mlir-opt says so, ignores the request, and then fails on
// the rise ops it cannot parse.
// RUN: not %mlir_opt --load-dialect-plugin=%t.nonexistent/AriadnePlugin.so %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADDIALECT -DPATH=%t.nonexistent/AriadnePlugin.so
// BADDIALECT: Failed to load dialect plugin from '[[PATH]]'
// BADDIALECT: error: Dialect `rise' not found
// RUN: not %mlir_opt --load-dialect-plugin=%plugin --load-pass-plugin=%t.nonexistent/AriadnePlugin.so %s \
// RUN:     --pass-pipeline='builtin.module(rise-stats)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADPASS -DPATH=%t.nonexistent/AriadnePlugin.so
// BADPASS: Failed to load passes from '[[PATH]]'
// BADPASS: error: 'rise-stats' does not refer to a registered pass or pass pipeline

// A shared library that is not a plugin (libAriadne.so lacks the entry
// points) is refused the same way.
// RUN: not %mlir_opt --load-dialect-plugin=%ariadne_lib %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOTPLUGIN -DPATH=%ariadne_lib
// NOTPLUGIN: Failed to load dialect plugin from '[[PATH]]'

func.func @scale(%m: memref<4xf32>) {
  %a = rise.in %m : memref<4xf32> -> !rise.array<4xf32>
  %b = rise.map seq %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    %y = arith.addf %x, %x : f32
    rise.yield %y : f32
  }
  rise.out %b, %m : !rise.array<4xf32>, memref<4xf32>
  return
}
