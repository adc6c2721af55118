// rise ops are Pure (rise.in only reads), so the generic cleanups apply:
// canonicalize erases unused ones, cse merges identical ones, and rise.out,
// which writes memory, always stays.
// RUN: %rise-opt %s -split-input-file --canonicalize | FileCheck %s --check-prefixes=CHECK,CANON
// RUN: %rise-opt %s -split-input-file --cse | FileCheck %s --check-prefixes=CHECK,CSE

// Chains of dead patterns: canonicalize iterates to a fixpoint, so it
// removes all of them (cse only erases what is dead when it reaches it).
// CANON-LABEL: func.func @dead_patterns
// CANON-SAME: (%[[M:.*]]: memref<8xf32>, %[[O:.*]]: memref<f32>)
// CANON-NEXT:  %[[C:.*]] = arith.constant
// CANON-NEXT:  %[[A:.*]] = rise.in %[[M]] : memref<8xf32> -> !rise.array<8xf32>
// CANON-NEXT:  %[[R:.*]] = rise.reduce seq %[[C]], %[[A]]
// CANON:       rise.out %[[R]], %[[O]] : f32, memref<f32>
// CANON-NEXT:  return
func.func @dead_patterns(%m: memref<8xf32>, %o: memref<f32>) {
  %c = arith.constant 0.0 : f32
  %a = rise.in %m : memref<8xf32> -> !rise.array<8xf32>
  %s = rise.split 4 %a : !rise.array<8xf32> -> !rise.array<2x4xf32>
  %t = rise.transpose %s : !rise.array<2x4xf32> -> !rise.array<4x2xf32>
  %sq = rise.map par %a : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%x: f32):
    %y = math.exp %x : f32
    rise.yield %y : f32
  }
  %z = rise.zip %a, %sq : !rise.array<8xf32>, !rise.array<8xf32> -> !rise.array<8x!rise.pair<f32, f32>>
  %g = rise.generate : !rise.array<3xindex> {
  ^bb0(%i: index):
    rise.yield %i : index
  }
  %k = rise.kernel local [8] global [8] : !rise.array<8xf32> {
    rise.yield %sq : !rise.array<8xf32>
  }
  %r = rise.reduce seq %c, %a : f32, !rise.array<8xf32> -> f32 {
  ^bb0(%acc: f32, %x: f32):
    %y = arith.addf %acc, %x : f32
    rise.yield %y : f32
  }
  rise.out %r, %o : f32, memref<f32>
  return
}

// -----

// Unused leaves go with both passes; a rise.in whose value is unused only
// reads memory, so it goes as well. rise.out is kept even when nothing reads
// the memref afterwards.
// CHECK-LABEL: func.func @dead_read_kept_write
// CHECK-SAME: (%[[M:.*]]: memref<4xf32>, %[[O:.*]]: memref<4xf32>)
// CHECK-NEXT:  %[[L:.*]] = rise.literal
// CHECK-NEXT:  rise.out %[[L]], %[[O]] : !rise.array<4xf32>, memref<4xf32>
// CHECK-NEXT:  rise.out %[[L]], %[[O]] : !rise.array<4xf32>, memref<4xf32>
// CHECK-NEXT:  return
func.func @dead_read_kept_write(%m: memref<4xf32>, %o: memref<4xf32>) {
  %a = rise.in %m : memref<4xf32> -> !rise.array<4xf32>
  %l = rise.literal dense<1.0> : tensor<4xf32> -> !rise.array<4xf32>
  %sq = rise.map %l : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    %y = arith.mulf %x, %x : f32
    rise.yield %y : f32
  }
  rise.out %l, %o : !rise.array<4xf32>, memref<4xf32>
  rise.out %l, %o : !rise.array<4xf32>, memref<4xf32>
  return
}

// -----

// cse merges identical reads and identical patterns, regions included;
// canonicalize leaves duplicates alone.
// CHECK-LABEL: func.func @duplicates
// CHECK-SAME: (%[[M:.*]]: memref<8xf32>, %[[O:.*]]: memref<2x4xf32>, %[[P:.*]]: memref<8xf32>)
// CHECK-NEXT:  %[[A:.*]] = rise.in %[[M]]
// CSE-NEXT:    %[[S:.*]] = rise.split 4 %[[A]]
// CSE-NEXT:    %[[F:.*]] = rise.map %[[A]]
// CSE:         rise.out %[[S]], %[[O]]
// CSE-NEXT:    rise.out %[[S]], %[[O]]
// CSE-NEXT:    rise.out %[[F]], %[[P]]
// CSE-NEXT:    rise.out %[[F]], %[[P]]
// CANON-NEXT:  %[[A2:.*]] = rise.in %[[M]]
// CANON-NEXT:  %[[S1:.*]] = rise.split 4 %[[A]]
// CANON-NEXT:  %[[S2:.*]] = rise.split 4 %[[A2]]
// CANON-NEXT:  %[[F1:.*]] = rise.map %[[A]]
// CANON:       %[[F2:.*]] = rise.map %[[A]]
// CANON:       rise.out %[[S1]], %[[O]]
// CANON-NEXT:  rise.out %[[S2]], %[[O]]
// CANON-NEXT:  rise.out %[[F1]], %[[P]]
// CANON-NEXT:  rise.out %[[F2]], %[[P]]
// CHECK-NEXT:  return
func.func @duplicates(%m: memref<8xf32>, %o: memref<2x4xf32>, %p: memref<8xf32>) {
  %a = rise.in %m : memref<8xf32> -> !rise.array<8xf32>
  %a2 = rise.in %m : memref<8xf32> -> !rise.array<8xf32>
  %s1 = rise.split 4 %a : !rise.array<8xf32> -> !rise.array<2x4xf32>
  %s2 = rise.split 4 %a2 : !rise.array<8xf32> -> !rise.array<2x4xf32>
  %f1 = rise.map %a : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%x: f32):
    %y = arith.mulf %x, %x : f32
    rise.yield %y : f32
  }
  %f2 = rise.map %a : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%x: f32):
    %y = arith.mulf %x, %x : f32
    rise.yield %y : f32
  }
  rise.out %s1, %o : !rise.array<2x4xf32>, memref<2x4xf32>
  rise.out %s2, %o : !rise.array<2x4xf32>, memref<2x4xf32>
  rise.out %f1, %p : !rise.array<8xf32>, memref<8xf32>
  rise.out %f2, %p : !rise.array<8xf32>, memref<8xf32>
  return
}

// -----

// A write between two reads of the same memref keeps both reads.
// CHECK-LABEL: func.func @read_after_write
// CHECK:       rise.in
// CHECK-NEXT:  rise.out
// CHECK-NEXT:  rise.in
// CHECK-NEXT:  rise.out
func.func @read_after_write(%m: memref<4xf32>, %o: memref<4xf32>) {
  %a = rise.in %m : memref<4xf32> -> !rise.array<4xf32>
  rise.out %a, %m : !rise.array<4xf32>, memref<4xf32>
  %b = rise.in %m : memref<4xf32> -> !rise.array<4xf32>
  rise.out %b, %o : !rise.array<4xf32>, memref<4xf32>
  return
}
