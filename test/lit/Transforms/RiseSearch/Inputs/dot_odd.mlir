// A dot product of 1,003 floats: no vector width divides its length.
func.func @dot_odd(%x: memref<1003xf32>, %y: memref<1003xf32>, %out: memref<1xf32>) {
  %v1 = rise.in %x : memref<1003xf32> -> !rise.array<1003xf32>
  %v2 = rise.in %y : memref<1003xf32> -> !rise.array<1003xf32>
  %v3 = rise.zip %v1, %v2 : !rise.array<1003xf32>, !rise.array<1003xf32> -> !rise.array<1003x!rise.pair<f32, f32>>
  %v4 = rise.map %v3 : !rise.array<1003x!rise.pair<f32, f32>> -> !rise.array<1003xf32> {
    ^bb0(%v5: !rise.pair<f32, f32>):
      %v6 = rise.fst %v5 : !rise.pair<f32, f32> -> f32
      %v7 = rise.snd %v5 : !rise.pair<f32, f32> -> f32
      %v8 = arith.mulf %v6, %v7 : f32
      rise.yield %v8 : f32
  }
  %v9 = arith.constant 0.000000000e+00 : f32
  %v10 = rise.reduce %v9, %v4 : f32, !rise.array<1003xf32> -> f32 {
    ^bb0(%v11: f32, %v12: f32):
      %v13 = arith.addf %v11, %v12 : f32
      rise.yield %v13 : f32
  }
  %v14 = rise.generate : !rise.array<1xf32> {
    ^bb0(%v15: index):
      rise.yield %v10 : f32
  }
  rise.out %v14, %out : !rise.array<1xf32>, memref<1xf32>
  return
}
