// rise-stats: op counts, and the FLOPs, transcendentals and bytes that one
// call performs, with work inside pattern regions multiplied by trip counts.
// All expected figures below are worked out by hand in the comments.

// Text goes to stderr by default and the IR is left unchanged.
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-stats)' -o %t.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TEXT --match-full-lines --strict-whitespace
// RUN: %rise-opt %s | diff - %t.mlir

// JSON on stdout with output=-; it must parse as JSON.
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-stats{format=json output=-})' -o /dev/null \
// RUN:   | FileCheck %s --check-prefix=JSON --match-full-lines
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-stats{format=json output=-})' -o /dev/null \
// RUN:   | %python -m json.tool --sort-keys | FileCheck %s --check-prefix=PRETTY

// output=FILE writes the file and nothing to stderr; quoting is accepted.
// RUN: rm -f %t.json
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-stats{output=%t.json format=json})' -o /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=JSON --match-full-lines --input-file=%t.json
// RUN: count 0 < %t.err
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-stats{format="text" output="%t.txt"})' -o /dev/null
// RUN: FileCheck %s --check-prefix=TEXT --match-full-lines --strict-whitespace --input-file=%t.txt

// @dot: c[] = sum_i a[i] * b[i] over 4 elements.
//   map:    4 trips x 1 mulf                      =  4 flops
//   reduce: 4 trips x 1 addf                      =  4 flops
//   read 2 x memref<4xf32> = 32 bytes, write memref<f32> = 4 bytes.
func.func @dot(%a: memref<4xf32>, %b: memref<4xf32>, %o: memref<f32>) {
  %x = rise.in %a : memref<4xf32> -> !rise.array<4xf32>
  %y = rise.in %b : memref<4xf32> -> !rise.array<4xf32>
  %z = rise.zip %x, %y : !rise.array<4xf32>, !rise.array<4xf32> -> !rise.array<4x!rise.pair<f32, f32>>
  %m = rise.map par %z : !rise.array<4x!rise.pair<f32, f32>> -> !rise.array<4xf32> {
  ^bb0(%p: !rise.pair<f32, f32>):
    %f = rise.fst %p : !rise.pair<f32, f32> -> f32
    %s = rise.snd %p : !rise.pair<f32, f32> -> f32
    %r = arith.mulf %f, %s : f32
    rise.yield %r : f32
  }
  %c0 = arith.constant 0.0 : f32
  %r = rise.reduce seq %c0, %m : f32, !rise.array<4xf32> -> f32 {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.addf %acc, %v : f32
    rise.yield %s : f32
  }
  rise.out %r, %o : f32, memref<f32>
  return
}

// @mv: y = exp(A x) for A: 4x8, reduce nested in map.
//   fma:  4 rows x 8 trips x 2 flops              = 64 flops
//   exp:  4 rows                                  =  4 transcendentals
//   read 4*8*4 + 8*4 = 160 bytes, write 4*4 = 16 bytes.
func.func @mv(%ma: memref<4x8xf32>, %mx: memref<8xf32>, %my: memref<4xf32>) {
  %a = rise.in %ma : memref<4x8xf32> -> !rise.array<4x8xf32>
  %x = rise.in %mx : memref<8xf32> -> !rise.array<8xf32>
  %y = rise.map global(0) %a : !rise.array<4x8xf32> -> !rise.array<4xf32> {
  ^bb0(%row: !rise.array<8xf32>):
    %z = rise.zip %row, %x : !rise.array<8xf32>, !rise.array<8xf32> -> !rise.array<8x!rise.pair<f32, f32>>
    %c0 = arith.constant 0.0 : f32
    %s = rise.reduce seq %c0, %z : f32, !rise.array<8x!rise.pair<f32, f32>> -> f32 {
    ^bb0(%acc: f32, %p: !rise.pair<f32, f32>):
      %f = rise.fst %p : !rise.pair<f32, f32> -> f32
      %g = rise.snd %p : !rise.pair<f32, f32> -> f32
      %t = math.fma %f, %g, %acc : f32
      rise.yield %t : f32
    }
    %e = math.exp %s : f32
    rise.yield %e : f32
  }
  rise.out %y, %my : !rise.array<4xf32>, memref<4xf32>
  return
}

// @vec3: three levels of maps, the last over vector lanes.
//   vector mulf: 2 x 3 trips x 4 lanes            = 24 flops
//   map vec (4 lanes), per lane sqrt + addf:
//     sqrt: 2 x 3 x 4                             = 24 transcendentals
//     addf: 2 x 3 x 4                             = 24 flops
//   integer arithmetic is no flop.
//   read and write memref<2x3xvector<4xf32>> = 2*3*4*4 = 96 bytes each.
func.func @vec3(%m: memref<2x3xvector<4xf32>>, %k: i32) {
  %a = rise.in %m : memref<2x3xvector<4xf32>> -> !rise.array<2x3xvector<4xf32>>
  %r = rise.map par %a : !rise.array<2x3xvector<4xf32>> -> !rise.array<2x3xvector<4xf32>> {
  ^bb0(%row: !rise.array<3xvector<4xf32>>):
    %i = arith.addi %k, %k : i32
    %rr = rise.map seq %row : !rise.array<3xvector<4xf32>> -> !rise.array<3xvector<4xf32>> {
    ^bb0(%v: vector<4xf32>):
      %w = arith.mulf %v, %v : vector<4xf32>
      %u = rise.map vec %w : vector<4xf32> -> vector<4xf32> {
      ^bb0(%l: f32):
        %q = math.sqrt %l : f32
        %d = arith.addf %q, %q : f32
        rise.yield %d : f32
      }
      rise.yield %u : vector<4xf32>
    }
    rise.yield %rr : !rise.array<3xvector<4xf32>>
  }
  rise.out %r, %m : !rise.array<2x3xvector<4xf32>>, memref<2x3xvector<4xf32>>
  return
}

// @storage: a kernel around generate, circular_buffer and reduce unroll.
//   kernel: 1 trip.
//   generate 16: 16 x mulf                        = 16 flops
//   circular_buffer over 10 inputs (n = 8 windows of 3): the load runs once
//     per input element: 10 x (negf + tanh)       = 10 flops, 10 transcendentals
//   map 8 x reduce unroll 3 x cmpf + maximumf     = 48 flops
//   read memref<10xf64> = 80 bytes; write memref<16xf64> + memref<8xf64>
//   = 128 + 64 = 192 bytes.
func.func @storage(%mi: memref<10xf64>, %mg: memref<16xf64>, %mo: memref<8xf64>) {
  %in = rise.in %mi : memref<10xf64> -> !rise.array<10xf64>
  %p = rise.kernel local [4] global [16] : !rise.pair<!rise.array<16xf64>, !rise.array<8xf64>> {
    %g = rise.generate : !rise.array<16xf64> {
    ^bb0(%i: index):
      %j = arith.index_cast %i : index to i64
      %f = arith.sitofp %j : i64 to f64
      %h = arith.mulf %f, %f : f64
      rise.yield %h : f64
    }
    %w = rise.circular_buffer local 4, 3 %in : !rise.array<10xf64> -> !rise.array<8x3xf64> {
    ^bb0(%x: f64):
      %n = arith.negf %x : f64
      %t = math.tanh %n : f64
      rise.yield %t : f64
    }
    %mx = rise.map local(0) %w : !rise.array<8x3xf64> -> !rise.array<8xf64> {
    ^bb0(%win: !rise.array<3xf64>):
      %lo = arith.constant -1.0e30 : f64
      %r = rise.reduce unroll %lo, %win : f64, !rise.array<3xf64> -> f64 {
      ^bb0(%acc: f64, %v: f64):
        %c = arith.cmpf ogt, %acc, %v : f64
        %m = arith.maximumf %acc, %v : f64
        rise.yield %m : f64
      }
      rise.yield %r : f64
    }
    %pr = rise.pair %g, %mx : !rise.array<16xf64>, !rise.array<8xf64> -> !rise.pair<!rise.array<16xf64>, !rise.array<8xf64>>
    rise.yield %pr : !rise.pair<!rise.array<16xf64>, !rise.array<8xf64>>
  }
  %g = rise.fst %p : !rise.pair<!rise.array<16xf64>, !rise.array<8xf64>> -> !rise.array<16xf64>
  %o = rise.snd %p : !rise.pair<!rise.array<16xf64>, !rise.array<8xf64>> -> !rise.array<8xf64>
  rise.out %g, %mg : !rise.array<16xf64>, memref<16xf64>
  rise.out %o, %mo : !rise.array<8xf64>, memref<8xf64>
  return
}

// @scalars: byte sizes of the other scalar types; rank-0 memrefs are one
// element. Read 8 (index) + 3 x 1 (i1) + 8 (i64) = 19; write 2 x 4 (i32).
func.func @scalars(%mi: memref<index>, %mb: memref<3xi1>, %ml: memref<i64>, %mo: memref<2xi32>) {
  %i = rise.in %mi : memref<index> -> index
  %b = rise.in %mb : memref<3xi1> -> !rise.array<3xi1>
  %l = rise.in %ml : memref<i64> -> i64
  %c = rise.literal dense<[1, 2]> : tensor<2xi32> -> !rise.array<2xi32>
  rise.out %c, %mo : !rise.array<2xi32>, memref<2xi32>
  return
}

// TEXT:rise-stats @dot
// TEXT-NEXT:  ops:
// TEXT-NEXT:    arith.addf                   1
// TEXT-NEXT:    arith.constant               1
// TEXT-NEXT:    arith.mulf                   1
// TEXT-NEXT:    func.return                  1
// TEXT-NEXT:    rise.fst                     1
// TEXT-NEXT:    rise.in                      2
// TEXT-NEXT:    rise.map                     1
// TEXT-NEXT:    rise.out                     1
// TEXT-NEXT:    rise.reduce                  1
// TEXT-NEXT:    rise.snd                     1
// TEXT-NEXT:    rise.yield                   2
// TEXT-NEXT:    rise.zip                     1
// TEXT-NEXT:  flops:           8
// TEXT-NEXT:  transcendentals: 0
// TEXT-NEXT:  bytes-read:      32
// TEXT-NEXT:  bytes-written:   4
// TEXT-NEXT:rise-stats @mv
// TEXT-NEXT:  ops:
// TEXT-NEXT:    arith.constant               1
// TEXT-NEXT:    func.return                  1
// TEXT-NEXT:    math.exp                     1
// TEXT-NEXT:    math.fma                     1
// TEXT-NEXT:    rise.fst                     1
// TEXT-NEXT:    rise.in                      2
// TEXT-NEXT:    rise.map                     1
// TEXT-NEXT:    rise.out                     1
// TEXT-NEXT:    rise.reduce                  1
// TEXT-NEXT:    rise.snd                     1
// TEXT-NEXT:    rise.yield                   2
// TEXT-NEXT:    rise.zip                     1
// TEXT-NEXT:  flops:           64
// TEXT-NEXT:  transcendentals: 4
// TEXT-NEXT:  bytes-read:      160
// TEXT-NEXT:  bytes-written:   16
// TEXT-NEXT:rise-stats @vec3
// TEXT-NEXT:  ops:
// TEXT-NEXT:    arith.addf                   1
// TEXT-NEXT:    arith.addi                   1
// TEXT-NEXT:    arith.mulf                   1
// TEXT-NEXT:    func.return                  1
// TEXT-NEXT:    math.sqrt                    1
// TEXT-NEXT:    rise.in                      1
// TEXT-NEXT:    rise.map                     3
// TEXT-NEXT:    rise.out                     1
// TEXT-NEXT:    rise.yield                   3
// TEXT-NEXT:  flops:           48
// TEXT-NEXT:  transcendentals: 24
// TEXT-NEXT:  bytes-read:      96
// TEXT-NEXT:  bytes-written:   96
// TEXT-NEXT:rise-stats @storage
// TEXT-NEXT:  ops:
// TEXT-NEXT:    arith.cmpf                   1
// TEXT-NEXT:    arith.constant               1
// TEXT-NEXT:    arith.index_cast             1
// TEXT-NEXT:    arith.maximumf               1
// TEXT-NEXT:    arith.mulf                   1
// TEXT-NEXT:    arith.negf                   1
// TEXT-NEXT:    arith.sitofp                 1
// TEXT-NEXT:    func.return                  1
// TEXT-NEXT:    math.tanh                    1
// TEXT-NEXT:    rise.circular_buffer         1
// TEXT-NEXT:    rise.fst                     1
// TEXT-NEXT:    rise.generate                1
// TEXT-NEXT:    rise.in                      1
// TEXT-NEXT:    rise.kernel                  1
// TEXT-NEXT:    rise.map                     1
// TEXT-NEXT:    rise.out                     2
// TEXT-NEXT:    rise.pair                    1
// TEXT-NEXT:    rise.reduce                  1
// TEXT-NEXT:    rise.snd                     1
// TEXT-NEXT:    rise.yield                   5
// TEXT-NEXT:  flops:           74
// TEXT-NEXT:  transcendentals: 10
// TEXT-NEXT:  bytes-read:      80
// TEXT-NEXT:  bytes-written:   192
// TEXT-NEXT:rise-stats @scalars
// TEXT-NEXT:  ops:
// TEXT-NEXT:    func.return                  1
// TEXT-NEXT:    rise.in                      3
// TEXT-NEXT:    rise.literal                 1
// TEXT-NEXT:    rise.out                     1
// TEXT-NEXT:  flops:           0
// TEXT-NEXT:  transcendentals: 0
// TEXT-NEXT:  bytes-read:      19
// TEXT-NEXT:  bytes-written:   8
// TEXT-NOT:{{.}}

// JSON:{"functions": [
// JSON-NEXT:    {"function": "dot", "ops": {"arith.addf": 1, "arith.constant": 1, "arith.mulf": 1, "func.return": 1, "rise.fst": 1, "rise.in": 2, "rise.map": 1, "rise.out": 1, "rise.reduce": 1, "rise.snd": 1, "rise.yield": 2, "rise.zip": 1}, "flops": 8, "transcendentals": 0, "bytes_read": 32, "bytes_written": 4},
// JSON-NEXT:    {"function": "mv", "ops": {"arith.constant": 1, "func.return": 1, "math.exp": 1, "math.fma": 1, "rise.fst": 1, "rise.in": 2, "rise.map": 1, "rise.out": 1, "rise.reduce": 1, "rise.snd": 1, "rise.yield": 2, "rise.zip": 1}, "flops": 64, "transcendentals": 4, "bytes_read": 160, "bytes_written": 16},
// JSON-NEXT:    {"function": "vec3", "ops": {"arith.addf": 1, "arith.addi": 1, "arith.mulf": 1, "func.return": 1, "math.sqrt": 1, "rise.in": 1, "rise.map": 3, "rise.out": 1, "rise.yield": 3}, "flops": 48, "transcendentals": 24, "bytes_read": 96, "bytes_written": 96},
// JSON-NEXT:    {"function": "storage", "ops": {"arith.cmpf": 1, "arith.constant": 1, "arith.index_cast": 1, "arith.maximumf": 1, "arith.mulf": 1, "arith.negf": 1, "arith.sitofp": 1, "func.return": 1, "math.tanh": 1, "rise.circular_buffer": 1, "rise.fst": 1, "rise.generate": 1, "rise.in": 1, "rise.kernel": 1, "rise.map": 1, "rise.out": 2, "rise.pair": 1, "rise.reduce": 1, "rise.snd": 1, "rise.yield": 5}, "flops": 74, "transcendentals": 10, "bytes_read": 80, "bytes_written": 192},
// JSON-NEXT:    {"function": "scalars", "ops": {"func.return": 1, "rise.in": 3, "rise.literal": 1, "rise.out": 1}, "flops": 0, "transcendentals": 0, "bytes_read": 19, "bytes_written": 8}
// JSON-NEXT:]}
// JSON-NOT:{{.}}

// PRETTY:      "functions": [
// PRETTY:      "bytes_read": 32,
// PRETTY-NEXT: "bytes_written": 4,
// PRETTY-NEXT: "flops": 8,
// PRETTY-NEXT: "function": "dot",
// PRETTY:      "bytes_read": 19,
// PRETTY-NEXT: "bytes_written": 8,
// PRETTY-NEXT: "flops": 0,
// PRETTY-NEXT: "function": "scalars",
