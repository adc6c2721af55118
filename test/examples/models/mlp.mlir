// An MLP block in tosa: two dense layers, each a matmul, a bias add and
// GELU in its tanh form (PyTorch's gelu(approximate='tanh'):
// 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3)))). Static shapes:
// a batch of 8 tokens of width 16, a hidden width of 32, back to 16.
// (The erf form imports and interprets too, but rise-to-llvm does not
// lower math.erf yet; see docs/import.md.)
//
// Import: mlir-opt --pass-pipeline='builtin.module(tosa-to-rise)'
// (docs/import.md); the imported @mlp takes (x, w1, b1, w2, b2, out) as
// memrefs. test/lit/Conversion/LinalgToRise/model-mlp.test imports,
// verifies, interprets, runs natively and counts it; the ctest
// import.model.mlp compares the import with upstream MLIR's execution.

func.func @mlp(%x: tensor<1x8x16xf32>, %w1: tensor<1x16x32xf32>, %b1: tensor<1x1x32xf32>,
               %w2: tensor<1x32x16xf32>, %b2: tensor<1x1x16xf32>) -> tensor<1x8x16xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %half = "tosa.const"() <{values = dense<0.5> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %one = "tosa.const"() <{values = dense<1.0> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %c044 = "tosa.const"() <{values = dense<0.044715> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %c079 = "tosa.const"() <{values = dense<0.797884583> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>

  %m1 = tosa.matmul %x, %w1, %zp, %zp : (tensor<1x8x16xf32>, tensor<1x16x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x32xf32>
  %a1 = tosa.add %m1, %b1 : (tensor<1x8x32xf32>, tensor<1x1x32xf32>) -> tensor<1x8x32xf32>
  %sq1 = tosa.mul %a1, %a1, %shift : (tensor<1x8x32xf32>, tensor<1x8x32xf32>, tensor<1xi8>) -> tensor<1x8x32xf32>
  %cu1 = tosa.mul %sq1, %a1, %shift : (tensor<1x8x32xf32>, tensor<1x8x32xf32>, tensor<1xi8>) -> tensor<1x8x32xf32>
  %cc1 = tosa.mul %cu1, %c044, %shift : (tensor<1x8x32xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x8x32xf32>
  %in1 = tosa.add %a1, %cc1 : (tensor<1x8x32xf32>, tensor<1x8x32xf32>) -> tensor<1x8x32xf32>
  %sc1 = tosa.mul %in1, %c079, %shift : (tensor<1x8x32xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x8x32xf32>
  %t1 = tosa.tanh %sc1 : (tensor<1x8x32xf32>) -> tensor<1x8x32xf32>
  %p1 = tosa.add %t1, %one : (tensor<1x8x32xf32>, tensor<1x1x1xf32>) -> tensor<1x8x32xf32>
  %h1 = tosa.mul %a1, %half, %shift : (tensor<1x8x32xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x8x32xf32>
  %g1 = tosa.mul %h1, %p1, %shift : (tensor<1x8x32xf32>, tensor<1x8x32xf32>, tensor<1xi8>) -> tensor<1x8x32xf32>

  %m2 = tosa.matmul %g1, %w2, %zp, %zp : (tensor<1x8x32xf32>, tensor<1x32x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x16xf32>
  %a2 = tosa.add %m2, %b2 : (tensor<1x8x16xf32>, tensor<1x1x16xf32>) -> tensor<1x8x16xf32>
  %sq2 = tosa.mul %a2, %a2, %shift : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1xi8>) -> tensor<1x8x16xf32>
  %cu2 = tosa.mul %sq2, %a2, %shift : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1xi8>) -> tensor<1x8x16xf32>
  %cc2 = tosa.mul %cu2, %c044, %shift : (tensor<1x8x16xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x8x16xf32>
  %in2 = tosa.add %a2, %cc2 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  %sc2 = tosa.mul %in2, %c079, %shift : (tensor<1x8x16xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x8x16xf32>
  %t2 = tosa.tanh %sc2 : (tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  %p2 = tosa.add %t2, %one : (tensor<1x8x16xf32>, tensor<1x1x1xf32>) -> tensor<1x8x16xf32>
  %h2 = tosa.mul %a2, %half, %shift : (tensor<1x8x16xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x8x16xf32>
  %g2 = tosa.mul %h2, %p2, %shift : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1xi8>) -> tensor<1x8x16xf32>
  return %g2 : tensor<1x8x16xf32>
}
