// Round trip of every rise op and type, in the custom and in the generic form.
// RUN: %rise-opt %s | %rise-opt | FileCheck %s
// RUN: %rise-opt %s --mlir-print-op-generic | %rise-opt | FileCheck %s

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// Nested arrays print in the shorthand, whichever way they were written.
// CHECK-LABEL: func.func @array_types
// CHECK-SAME: !rise.array<4xf32>
// CHECK-SAME: !rise.array<4x8xf32>
// CHECK-SAME: !rise.array<2x3x5xf64>
// CHECK-SAME: !rise.array<4x8xi32>
// CHECK-SAME: !rise.array<7xi1>
// CHECK-SAME: !rise.array<3xi64>
// CHECK-SAME: !rise.array<3xindex>
// CHECK-SAME: !rise.array<4xvector<8xf32>>
// CHECK-SAME: !rise.array<2x4xvector<4xi32>>
func.func @array_types(
    %a0: !rise.array<4xf32>,
    %a1: !rise.array<4x8xf32>,
    %a2: !rise.array<2x!rise.array<3x!rise.array<5xf64>>>,
    %a3: !rise.array<4x!rise.array<8xi32>>,
    %a4: !rise.array<7xi1>,
    %a5: !rise.array<3xi64>,
    %a6: !rise.array<3xindex>,
    %a7: !rise.array<4xvector<8xf32>>,
    %a8: !rise.array<2x!rise.array<4xvector<4xi32>>>) {
  return
}

// CHECK-LABEL: func.func @pair_types
// CHECK-SAME: !rise.pair<f32, i32>
// CHECK-SAME: !rise.pair<!rise.array<4xf32>, !rise.array<2x3xf64>>
// CHECK-SAME: !rise.array<4x!rise.pair<f32, !rise.pair<i64, index>>>
// CHECK-SAME: !rise.pair<vector<4xf32>, i1>
// CHECK-SAME: !rise.array<2x3x!rise.pair<f32, f32>>
func.func @pair_types(
    %p0: !rise.pair<f32, i32>,
    %p1: !rise.pair<!rise.array<4xf32>, !rise.array<2x!rise.array<3xf64>>>,
    %p2: !rise.array<4x!rise.pair<f32, !rise.pair<i64, index>>>,
    %p3: !rise.pair<vector<4xf32>, i1>,
    %p4: !rise.array<2x!rise.array<3x!rise.pair<f32, f32>>>) {
  return
}

//===----------------------------------------------------------------------===//
// Function boundary
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @boundary
// CHECK-SAME: (%[[M1:.*]]: memref<4xf32>, %[[M2:.*]]: memref<4x8xi32>, %[[M0:.*]]: memref<f64>, %[[MV:.*]]: memref<2xvector<4xf32>>)
// CHECK: %[[A:.*]] = rise.in %[[M1]] : memref<4xf32> -> !rise.array<4xf32>
// CHECK: %[[B:.*]] = rise.in %[[M2]] : memref<4x8xi32> -> !rise.array<4x8xi32>
// CHECK: %[[S:.*]] = rise.in %[[M0]] : memref<f64> -> f64
// CHECK: %[[V:.*]] = rise.in %[[MV]] : memref<2xvector<4xf32>> -> !rise.array<2xvector<4xf32>>
// CHECK: rise.out %[[A]], %[[M1]] : !rise.array<4xf32>, memref<4xf32>
// CHECK: rise.out %[[B]], %[[M2]] : !rise.array<4x8xi32>, memref<4x8xi32>
// CHECK: rise.out %[[S]], %[[M0]] : f64, memref<f64>
// CHECK: rise.out %[[V]], %[[MV]] : !rise.array<2xvector<4xf32>>, memref<2xvector<4xf32>>
func.func @boundary(%m1: memref<4xf32>, %m2: memref<4x8xi32>, %m0: memref<f64>,
                    %mv: memref<2xvector<4xf32>>) {
  %a = rise.in %m1 : memref<4xf32> -> !rise.array<4xf32>
  %b = rise.in %m2 : memref<4x8xi32> -> !rise.array<4x8xi32>
  %s = rise.in %m0 : memref<f64> -> f64
  %v = rise.in %mv : memref<2xvector<4xf32>> -> !rise.array<2xvector<4xf32>>
  rise.out %a, %m1 : !rise.array<4xf32>, memref<4xf32>
  rise.out %b, %m2 : !rise.array<4x8xi32>, memref<4x8xi32>
  rise.out %s, %m0 : f64, memref<f64>
  rise.out %v, %mv : !rise.array<2xvector<4xf32>>, memref<2xvector<4xf32>>
  return
}

//===----------------------------------------------------------------------===//
// map, in every kind
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @map_kinds
// CHECK-SAME: (%[[A:.*]]: !rise.array<8xf32>
// CHECK:      rise.map %[[A]] : !rise.array<8xf32> -> !rise.array<8xf64> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT:   %[[Y:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK-NEXT:   rise.yield %[[Y]] : f64
// CHECK-NEXT: }
// CHECK:      rise.map seq %[[A]] : !rise.array<8xf32> -> !rise.array<8xf32> {
// CHECK:      rise.map unroll %[[A]] : !rise.array<8xf32> -> !rise.array<8xf32> {
// CHECK:      rise.map par %[[A]] : !rise.array<8xf32> -> !rise.array<8xf32> {
// CHECK:      rise.map global(0) %[[A]] : !rise.array<8xf32> -> !rise.array<8xf32> {
// CHECK:      rise.map global(1) %[[A]] : !rise.array<8xf32> -> !rise.array<8xf32> {
// CHECK:      rise.map global(2) %[[A]] : !rise.array<8xf32> -> !rise.array<8xf32> {
// CHECK:      rise.map workgroup(0) %[[A]] : !rise.array<8xf32> -> !rise.array<8xf32> {
// CHECK:      rise.map workgroup(1) %[[A]] : !rise.array<8xf32> -> !rise.array<8xf32> {
// CHECK:      rise.map workgroup(2) %[[A]] : !rise.array<8xf32> -> !rise.array<8xf32> {
// CHECK:      rise.map local(0) %[[A]] : !rise.array<8xf32> -> !rise.array<8xf32> {
// CHECK:      rise.map local(1) %[[A]] : !rise.array<8xf32> -> !rise.array<8xf32> {
// CHECK:      rise.map local(2) %[[A]] : !rise.array<8xf32> -> !rise.array<8xf32> {
// CHECK:      rise.map stream %[[A]] : !rise.array<8xf32> -> !rise.array<8xf32> {
// CHECK:      rise.map iterate %[[A]] : !rise.array<8xf32> -> !rise.array<8xf32> {
func.func @map_kinds(%a: !rise.array<8xf32>) {
  %0 = rise.map %a : !rise.array<8xf32> -> !rise.array<8xf64> {
  ^bb0(%x: f32):
    %y = arith.extf %x : f32 to f64
    rise.yield %y : f64
  }
  %1 = rise.map seq %a : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  %2 = rise.map unroll %a : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  %3 = rise.map par %a : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  %4 = rise.map global(0) %a : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  %5 = rise.map global(1) %a : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  %6 = rise.map global(2) %a : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  %7 = rise.map workgroup(0) %a : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  %8 = rise.map workgroup(1) %a : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  %9 = rise.map workgroup(2) %a : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  %10 = rise.map local(0) %a : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  %11 = rise.map local(1) %a : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  %12 = rise.map local(2) %a : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  %13 = rise.map stream %a : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  %14 = rise.map iterate %a : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// mapVec maps over the lanes of a builtin vector; nested maps reach it
// through an array of vectors.
// CHECK-LABEL: func.func @map_vec
// CHECK:      rise.map seq %{{.*}} : !rise.array<2xvector<4xf32>> -> !rise.array<2xvector<4xi1>> {
// CHECK-NEXT: ^bb0(%[[V:.*]]: vector<4xf32>):
// CHECK-NEXT:   %[[W:.*]] = rise.map vec %[[V]] : vector<4xf32> -> vector<4xi1> {
// CHECK-NEXT:   ^bb0(%[[L:.*]]: f32):
// CHECK-NEXT:     %[[C:.*]] = arith.cmpf olt, %[[L]], %[[L]] : f32
// CHECK-NEXT:     rise.yield %[[C]] : i1
// CHECK-NEXT:   }
// CHECK-NEXT:   rise.yield %[[W]] : vector<4xi1>
// CHECK-NEXT: }
func.func @map_vec(%a: !rise.array<2xvector<4xf32>>) -> !rise.array<2xvector<4xi1>> {
  %0 = rise.map seq %a : !rise.array<2xvector<4xf32>> -> !rise.array<2xvector<4xi1>> {
  ^bb0(%v: vector<4xf32>):
    %w = rise.map vec %v : vector<4xf32> -> vector<4xi1> {
    ^bb0(%l: f32):
      %c = arith.cmpf olt, %l, %l : f32
      rise.yield %c : i1
    }
    rise.yield %w : vector<4xi1>
  }
  return %0 : !rise.array<2xvector<4xi1>>
}

// Nested maps over a 2-D array, with a closure over a value from above.
// CHECK-LABEL: func.func @map_nested_closure
// CHECK-SAME: (%[[A:.*]]: !rise.array<4x8xf32>, %[[K:.*]]: f32)
// CHECK:      rise.map global(1) %[[A]] : !rise.array<4x8xf32> -> !rise.array<4x8xf32> {
// CHECK-NEXT: ^bb0(%[[ROW:.*]]: !rise.array<8xf32>):
// CHECK-NEXT:   %[[R:.*]] = rise.map global(0) %[[ROW]] : !rise.array<8xf32> -> !rise.array<8xf32> {
// CHECK-NEXT:   ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT:     %[[Y:.*]] = arith.mulf %[[X]], %[[K]] : f32
// CHECK-NEXT:     rise.yield %[[Y]] : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   rise.yield %[[R]] : !rise.array<8xf32>
// CHECK-NEXT: }
func.func @map_nested_closure(%a: !rise.array<4x8xf32>, %k: f32) -> !rise.array<4x8xf32> {
  %0 = rise.map global(1) %a : !rise.array<4x8xf32> -> !rise.array<4x8xf32> {
  ^bb0(%row: !rise.array<8xf32>):
    %r = rise.map global(0) %row : !rise.array<8xf32> -> !rise.array<8xf32> {
    ^bb0(%x: f32):
      %y = arith.mulf %x, %k : f32
      rise.yield %y : f32
    }
    rise.yield %r : !rise.array<8xf32>
  }
  return %0 : !rise.array<4x8xf32>
}

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @reduce_kinds
// CHECK-SAME: (%[[A:.*]]: !rise.array<8xf32>, %[[I:.*]]: f32, %[[D:.*]]: f64, %[[P:.*]]: !rise.pair<f32, i32>)
// CHECK:      rise.reduce %[[I]], %[[A]] : f32, !rise.array<8xf32> -> f32 {
// CHECK-NEXT: ^bb0(%[[ACC:.*]]: f32, %[[X:.*]]: f32):
// CHECK-NEXT:   %[[S:.*]] = arith.addf %[[ACC]], %[[X]] : f32
// CHECK-NEXT:   rise.yield %[[S]] : f32
// CHECK-NEXT: }
// CHECK:      rise.reduce seq %[[D]], %[[A]] : f64, !rise.array<8xf32> -> f64 {
// CHECK-NEXT: ^bb0(%{{.*}}: f64, %{{.*}}: f32):
// CHECK:      rise.reduce unroll %[[P]], %[[A]] : !rise.pair<f32, i32>, !rise.array<8xf32> -> !rise.pair<f32, i32> {
// CHECK-NEXT: ^bb0(%{{.*}}: !rise.pair<f32, i32>, %{{.*}}: f32):
func.func @reduce_kinds(%a: !rise.array<8xf32>, %i: f32, %d: f64, %p: !rise.pair<f32, i32>) {
  %0 = rise.reduce %i, %a : f32, !rise.array<8xf32> -> f32 {
  ^bb0(%acc: f32, %x: f32):
    %s = arith.addf %acc, %x : f32
    rise.yield %s : f32
  }
  // reduceSeq may change the accumulator type.
  %1 = rise.reduce seq %d, %a : f64, !rise.array<8xf32> -> f64 {
  ^bb0(%acc: f64, %x: f32):
    %e = arith.extf %x : f32 to f64
    %s = arith.addf %acc, %e : f64
    rise.yield %s : f64
  }
  %2 = rise.reduce unroll %p, %a : !rise.pair<f32, i32>, !rise.array<8xf32> -> !rise.pair<f32, i32> {
  ^bb0(%acc: !rise.pair<f32, i32>, %x: f32):
    rise.yield %acc : !rise.pair<f32, i32>
  }
  return
}

// A row-wise sum: reduce nested in map, over an array accumulator too.
// CHECK-LABEL: func.func @reduce_nested
// CHECK:      rise.map par %{{.*}} : !rise.array<4x8xf32> -> !rise.array<4xf32> {
// CHECK-NEXT: ^bb0(%[[ROW:.*]]: !rise.array<8xf32>):
// CHECK-NEXT:   %[[S:.*]] = rise.reduce seq %{{.*}}, %[[ROW]] : f32, !rise.array<8xf32> -> f32 {
// CHECK:      rise.reduce %{{.*}}, %{{.*}} : !rise.array<8xf32>, !rise.array<4x8xf32> -> !rise.array<8xf32> {
// CHECK-NEXT: ^bb0(%{{.*}}: !rise.array<8xf32>, %{{.*}}: !rise.array<8xf32>):
func.func @reduce_nested(%a: !rise.array<4x8xf32>, %z: f32, %zr: !rise.array<8xf32>) {
  %0 = rise.map par %a : !rise.array<4x8xf32> -> !rise.array<4xf32> {
  ^bb0(%row: !rise.array<8xf32>):
    %s = rise.reduce seq %z, %row : f32, !rise.array<8xf32> -> f32 {
    ^bb0(%acc: f32, %x: f32):
      %t = arith.addf %acc, %x : f32
      rise.yield %t : f32
    }
    rise.yield %s : f32
  }
  %1 = rise.reduce %zr, %a : !rise.array<8xf32>, !rise.array<4x8xf32> -> !rise.array<8xf32> {
  ^bb0(%acc: !rise.array<8xf32>, %x: !rise.array<8xf32>):
    rise.yield %x : !rise.array<8xf32>
  }
  return
}

//===----------------------------------------------------------------------===//
// zip, unzip, pair, fst, snd
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @pairs
// CHECK-SAME: (%[[A:.*]]: !rise.array<4xf32>, %[[B:.*]]: !rise.array<4x2xi32>, %[[X:.*]]: f32, %[[Y:.*]]: !rise.array<3xi64>)
// CHECK: %[[Z:.*]] = rise.zip %[[A]], %[[B]] : !rise.array<4xf32>, !rise.array<4x2xi32> -> !rise.array<4x!rise.pair<f32, !rise.array<2xi32>>>
// CHECK: %{{.*}}, %{{.*}} = rise.unzip %[[Z]] : !rise.array<4x!rise.pair<f32, !rise.array<2xi32>>> -> !rise.array<4xf32>, !rise.array<4x2xi32>
// CHECK: %[[P:.*]] = rise.pair %[[X]], %[[Y]] : f32, !rise.array<3xi64> -> !rise.pair<f32, !rise.array<3xi64>>
// CHECK: rise.fst %[[P]] : !rise.pair<f32, !rise.array<3xi64>> -> f32
// CHECK: rise.snd %[[P]] : !rise.pair<f32, !rise.array<3xi64>> -> !rise.array<3xi64>
// CHECK: %[[PA:.*]] = rise.pair %[[A]], %[[B]] : !rise.array<4xf32>, !rise.array<4x2xi32> -> !rise.pair<!rise.array<4xf32>, !rise.array<4x2xi32>>
// CHECK: rise.snd %[[PA]] : !rise.pair<!rise.array<4xf32>, !rise.array<4x2xi32>> -> !rise.array<4x2xi32>
func.func @pairs(%a: !rise.array<4xf32>, %b: !rise.array<4x2xi32>, %x: f32, %y: !rise.array<3xi64>) {
  %z = rise.zip %a, %b : !rise.array<4xf32>, !rise.array<4x2xi32> -> !rise.array<4x!rise.pair<f32, !rise.array<2xi32>>>
  %u:2 = rise.unzip %z : !rise.array<4x!rise.pair<f32, !rise.array<2xi32>>> -> !rise.array<4xf32>, !rise.array<4x2xi32>
  %p = rise.pair %x, %y : f32, !rise.array<3xi64> -> !rise.pair<f32, !rise.array<3xi64>>
  %f = rise.fst %p : !rise.pair<f32, !rise.array<3xi64>> -> f32
  %s = rise.snd %p : !rise.pair<f32, !rise.array<3xi64>> -> !rise.array<3xi64>
  %pa = rise.pair %a, %b : !rise.array<4xf32>, !rise.array<4x2xi32> -> !rise.pair<!rise.array<4xf32>, !rise.array<4x2xi32>>
  %sa = rise.snd %pa : !rise.pair<!rise.array<4xf32>, !rise.array<4x2xi32>> -> !rise.array<4x2xi32>
  return
}

//===----------------------------------------------------------------------===//
// Reshaping patterns
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @reshape
// CHECK-SAME: (%[[A:.*]]: !rise.array<12xf32>, %[[M:.*]]: !rise.array<3x4xf32>, %[[C:.*]]: f32)
// CHECK: rise.split 4 %[[A]] : !rise.array<12xf32> -> !rise.array<3x4xf32>
// CHECK: rise.split 12 %[[A]] : !rise.array<12xf32> -> !rise.array<1x12xf32>
// CHECK: rise.join %[[M]] : !rise.array<3x4xf32> -> !rise.array<12xf32>
// CHECK: rise.transpose %[[M]] : !rise.array<3x4xf32> -> !rise.array<4x3xf32>
// CHECK: rise.slide 3, 1 %[[A]] : !rise.array<12xf32> -> !rise.array<10x3xf32>
// CHECK: rise.slide 4, 2 %[[A]] : !rise.array<12xf32> -> !rise.array<5x4xf32>
// CHECK: rise.slide 2, 1 %[[M]] : !rise.array<3x4xf32> -> !rise.array<2x2x4xf32>
// CHECK: rise.pad_cst 1, 2 %[[A]], %[[C]] : !rise.array<12xf32>, f32 -> !rise.array<15xf32>
// CHECK: rise.pad_cst 0, 0 %[[A]], %[[C]] : !rise.array<12xf32>, f32 -> !rise.array<12xf32>
// CHECK: rise.pad_clamp 2, 1 %[[M]] : !rise.array<3x4xf32> -> !rise.array<6x4xf32>
func.func @reshape(%a: !rise.array<12xf32>, %m: !rise.array<3x4xf32>, %c: f32) {
  %0 = rise.split 4 %a : !rise.array<12xf32> -> !rise.array<3x4xf32>
  %1 = rise.split 12 %a : !rise.array<12xf32> -> !rise.array<1x12xf32>
  %2 = rise.join %m : !rise.array<3x4xf32> -> !rise.array<12xf32>
  %3 = rise.transpose %m : !rise.array<3x4xf32> -> !rise.array<4x3xf32>
  %4 = rise.slide 3, 1 %a : !rise.array<12xf32> -> !rise.array<10x3xf32>
  %5 = rise.slide 4, 2 %a : !rise.array<12xf32> -> !rise.array<5x4xf32>
  %6 = rise.slide 2, 1 %m : !rise.array<3x4xf32> -> !rise.array<2x2x4xf32>
  %7 = rise.pad_cst 1, 2 %a, %c : !rise.array<12xf32>, f32 -> !rise.array<15xf32>
  %8 = rise.pad_cst 0, 0 %a, %c : !rise.array<12xf32>, f32 -> !rise.array<12xf32>
  %9 = rise.pad_clamp 2, 1 %m : !rise.array<3x4xf32> -> !rise.array<6x4xf32>
  return
}

//===----------------------------------------------------------------------===//
// generate, idx, literal
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @generate_idx
// CHECK-SAME: (%[[A:.*]]: !rise.array<5x2xf32>, %[[I:.*]]: index)
// CHECK:      %[[G:.*]] = rise.generate : !rise.array<6xi64> {
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK-NEXT:   %[[C:.*]] = arith.index_cast %[[J]] : index to i64
// CHECK-NEXT:   rise.yield %[[C]] : i64
// CHECK-NEXT: }
// CHECK:      rise.idx %[[A]][%[[I]]] : !rise.array<5x2xf32> -> !rise.array<2xf32>
// CHECK:      rise.idx %[[G]][%[[I]]] : !rise.array<6xi64> -> i64
func.func @generate_idx(%a: !rise.array<5x2xf32>, %i: index) {
  %g = rise.generate : !rise.array<6xi64> {
  ^bb0(%j: index):
    %c = arith.index_cast %j : index to i64
    rise.yield %c : i64
  }
  %r = rise.idx %a[%i] : !rise.array<5x2xf32> -> !rise.array<2xf32>
  %e = rise.idx %g[%i] : !rise.array<6xi64> -> i64
  return
}

// CHECK-LABEL: func.func @literals
// CHECK: rise.literal dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32> -> !rise.array<3xf32>
// CHECK: rise.literal dense<{{\[}}[1, 2], [3, 4]]> : tensor<2x2xi32> -> !rise.array<2x2xi32>
// CHECK: rise.literal dense<7> : tensor<2x3x4xi64> -> !rise.array<2x3x4xi64>
// CHECK: rise.literal dense<[true, false]> : tensor<2xi1> -> !rise.array<2xi1>
// CHECK: rise.literal dense<5.000000e-01> : tensor<4xf64> -> !rise.array<4xf64>
func.func @literals() {
  %0 = rise.literal dense<[1.0, 2.0, 3.0]> : tensor<3xf32> -> !rise.array<3xf32>
  %1 = rise.literal dense<[[1, 2], [3, 4]]> : tensor<2x2xi32> -> !rise.array<2x2xi32>
  %2 = rise.literal dense<7> : tensor<2x3x4xi64> -> !rise.array<2x3x4xi64>
  %3 = rise.literal dense<[true, false]> : tensor<2xi1> -> !rise.array<2xi1>
  %4 = rise.literal dense<0.5> : tensor<4xf64> -> !rise.array<4xf64>
  return
}

//===----------------------------------------------------------------------===//
// Low-level patterns
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @to_mem
// CHECK-SAME: (%[[A:.*]]: !rise.array<4x8xf32>, %[[S:.*]]: f32)
// CHECK: rise.to_mem global %[[A]] : !rise.array<4x8xf32>
// CHECK: rise.to_mem local %[[A]] : !rise.array<4x8xf32>
// CHECK: rise.to_mem private %[[S]] : f32
func.func @to_mem(%a: !rise.array<4x8xf32>, %s: f32) {
  %0 = rise.to_mem global %a : !rise.array<4x8xf32>
  %1 = rise.to_mem local %a : !rise.array<4x8xf32>
  %2 = rise.to_mem private %s : f32
  return
}

// CHECK-LABEL: func.func @vectors
// CHECK-SAME: (%[[A:.*]]: !rise.array<16xf32>, %[[V:.*]]: !rise.array<4xvector<4xf32>>, %[[S:.*]]: i32)
// CHECK: rise.as_vector 4 %[[A]] : !rise.array<16xf32> -> !rise.array<4xvector<4xf32>>
// CHECK: rise.as_vector 16 %[[A]] : !rise.array<16xf32> -> !rise.array<1xvector<16xf32>>
// CHECK: rise.as_scalar %[[V]] : !rise.array<4xvector<4xf32>> -> !rise.array<16xf32>
// CHECK: rise.vector_from_scalar %[[S]] : i32 -> vector<8xi32>
func.func @vectors(%a: !rise.array<16xf32>, %v: !rise.array<4xvector<4xf32>>, %s: i32) {
  %0 = rise.as_vector 4 %a : !rise.array<16xf32> -> !rise.array<4xvector<4xf32>>
  %1 = rise.as_vector 16 %a : !rise.array<16xf32> -> !rise.array<1xvector<16xf32>>
  %2 = rise.as_scalar %v : !rise.array<4xvector<4xf32>> -> !rise.array<16xf32>
  %3 = rise.vector_from_scalar %s : i32 -> vector<8xi32>
  return
}

// CHECK-LABEL: func.func @storage_folding
// CHECK-SAME: (%[[A:.*]]: !rise.array<10xf32>, %[[R:.*]]: !rise.array<6x4xf32>)
// CHECK:      rise.circular_buffer global 5, 3 %[[A]] : !rise.array<10xf32> -> !rise.array<8x3xf64> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT:   %[[E:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK-NEXT:   rise.yield %[[E]] : f64
// CHECK-NEXT: }
// CHECK:      rise.circular_buffer local 3, 3 %[[A]] : !rise.array<10xf32> -> !rise.array<8x3xf32> {
// CHECK:      rise.rotate_values private 3 %[[A]] : !rise.array<10xf32> -> !rise.array<8x3xf32> {
// CHECK-NEXT: ^bb0(%[[Y:.*]]: f32):
// CHECK-NEXT:   rise.yield %[[Y]] : f32
// CHECK-NEXT: }
// CHECK:      rise.rotate_values local 3 %[[R]] : !rise.array<6x4xf32> -> !rise.array<4x3x4xf32> {
// CHECK-NEXT: ^bb0(%[[ROW:.*]]: !rise.array<4xf32>):
// CHECK-NEXT:   rise.yield %[[ROW]] : !rise.array<4xf32>
func.func @storage_folding(%a: !rise.array<10xf32>, %r: !rise.array<6x4xf32>) {
  %0 = rise.circular_buffer global 5, 3 %a : !rise.array<10xf32> -> !rise.array<8x3xf64> {
  ^bb0(%x: f32):
    %e = arith.extf %x : f32 to f64
    rise.yield %e : f64
  }
  %1 = rise.circular_buffer local 3, 3 %a : !rise.array<10xf32> -> !rise.array<8x3xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  %2 = rise.rotate_values private 3 %a : !rise.array<10xf32> -> !rise.array<8x3xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  %3 = rise.rotate_values local 3 %r : !rise.array<6x4xf32> -> !rise.array<4x3x4xf32> {
  ^bb0(%row: !rise.array<4xf32>):
    rise.yield %row : !rise.array<4xf32>
  }
  return
}

// CHECK-LABEL: func.func @kernels
// CHECK-SAME: (%[[A:.*]]: !rise.array<1024xf32>, %[[S:.*]]: f32)
// CHECK:      rise.kernel local [64] global [1024] : !rise.array<1024xf32> {
// CHECK-NEXT:   %[[M:.*]] = rise.map global(0) %[[A]] : !rise.array<1024xf32> -> !rise.array<1024xf32> {
// CHECK:        rise.yield %[[M]] : !rise.array<1024xf32>
// CHECK-NEXT: }
// CHECK:      rise.kernel local [16, 16] global [1024, 64] : f32 {
// CHECK-NEXT:   rise.yield %[[S]] : f32
// CHECK-NEXT: }
// CHECK:      rise.kernel local [1, 2, 4] global [4, 8, 4] : !rise.pair<f32, f32> {
// CHECK-NEXT:   %[[P:.*]] = rise.pair %[[S]], %[[S]] : f32, f32 -> !rise.pair<f32, f32>
// CHECK-NEXT:   rise.yield %[[P]] : !rise.pair<f32, f32>
// CHECK-NEXT: }
func.func @kernels(%a: !rise.array<1024xf32>, %s: f32) {
  %0 = rise.kernel local [64] global [1024] : !rise.array<1024xf32> {
    %m = rise.map global(0) %a : !rise.array<1024xf32> -> !rise.array<1024xf32> {
    ^bb0(%x: f32):
      rise.yield %x : f32
    }
    rise.yield %m : !rise.array<1024xf32>
  }
  %1 = rise.kernel local [16, 16] global [1024, 64] : f32 {
    rise.yield %s : f32
  }
  %2 = rise.kernel local [1, 2, 4] global [4, 8, 4] : !rise.pair<f32, f32> {
    %p = rise.pair %s, %s : f32, f32 -> !rise.pair<f32, f32>
    rise.yield %p : !rise.pair<f32, f32>
  }
  return
}

//===----------------------------------------------------------------------===//
// A whole program: the dot product from the dialect documentation.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @dot
// CHECK-SAME: (%[[MA:.*]]: memref<4xf32>, %[[MB:.*]]: memref<4xf32>, %[[MO:.*]]: memref<f32>)
// CHECK:      %[[X:.*]] = rise.in %[[MA]] : memref<4xf32> -> !rise.array<4xf32>
// CHECK:      %[[Y:.*]] = rise.in %[[MB]] : memref<4xf32> -> !rise.array<4xf32>
// CHECK:      %[[Z:.*]] = rise.zip %[[X]], %[[Y]] : !rise.array<4xf32>, !rise.array<4xf32> -> !rise.array<4x!rise.pair<f32, f32>>
// CHECK:      %[[M:.*]] = rise.map par %[[Z]] : !rise.array<4x!rise.pair<f32, f32>> -> !rise.array<4xf32> {
// CHECK-NEXT: ^bb0(%[[P:.*]]: !rise.pair<f32, f32>):
// CHECK-NEXT:   %[[F:.*]] = rise.fst %[[P]] : !rise.pair<f32, f32> -> f32
// CHECK-NEXT:   %[[S:.*]] = rise.snd %[[P]] : !rise.pair<f32, f32> -> f32
// CHECK-NEXT:   %[[R:.*]] = arith.mulf %[[F]], %[[S]] : f32
// CHECK-NEXT:   rise.yield %[[R]] : f32
// CHECK-NEXT: }
// CHECK:      %[[C0:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:      %[[SUM:.*]] = rise.reduce seq %[[C0]], %[[M]] : f32, !rise.array<4xf32> -> f32 {
// CHECK:      rise.out %[[SUM]], %[[MO]] : f32, memref<f32>
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
