// A transformer encoder block in tosa (post-LN, as in "Attention is all
// you need"): two-head self-attention with softmax, a residual add and
// layer norm, then a feed-forward layer (16 -> 32 -> 16, ReLU), a
// residual add and layer norm. Sequence 8, width 16, heads of 8.
//
// Import: mlir-opt --pass-pipeline='builtin.module(tosa-to-rise)'; the
// imported @encoder takes (x, wq, wk, wv, wo, g1, b1, w1, c1, w2, c2, g2,
// b2, out) as memrefs.

func.func @encoder(%x: tensor<1x8x16xf32>, %wq: tensor<1x16x16xf32>, %wk: tensor<1x16x16xf32>,
                   %wv: tensor<1x16x16xf32>, %wo: tensor<1x16x16xf32>,
                   %g1: tensor<1x1x16xf32>, %b1: tensor<1x1x16xf32>,
                   %w1: tensor<1x16x32xf32>, %c1: tensor<1x1x32xf32>,
                   %w2: tensor<1x32x16xf32>, %c2: tensor<1x1x16xf32>,
                   %g2: tensor<1x1x16xf32>, %b2: tensor<1x1x16xf32>) -> tensor<1x8x16xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %sh = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %scale = "tosa.const"() <{values = dense<0.353553385> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %inv16 = "tosa.const"() <{values = dense<0.0625> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %eps = "tosa.const"() <{values = dense<1.0e-5> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %s_heads = tosa.const_shape {values = dense<[8, 2, 8]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s_model = tosa.const_shape {values = dense<[1, 8, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>

  // Projections and heads: Q, V as (head, seq, 8), K as (head, 8, seq).
  %q = tosa.matmul %x, %wq, %zp, %zp : (tensor<1x8x16xf32>, tensor<1x16x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x16xf32>
  %k = tosa.matmul %x, %wk, %zp, %zp : (tensor<1x8x16xf32>, tensor<1x16x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x16xf32>
  %v = tosa.matmul %x, %wv, %zp, %zp : (tensor<1x8x16xf32>, tensor<1x16x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x16xf32>
  %q3 = tosa.reshape %q, %s_heads : (tensor<1x8x16xf32>, !tosa.shape<3>) -> tensor<8x2x8xf32>
  %k3 = tosa.reshape %k, %s_heads : (tensor<1x8x16xf32>, !tosa.shape<3>) -> tensor<8x2x8xf32>
  %v3 = tosa.reshape %v, %s_heads : (tensor<1x8x16xf32>, !tosa.shape<3>) -> tensor<8x2x8xf32>
  %qh = tosa.transpose %q3 {perms = array<i32: 1, 0, 2>} : (tensor<8x2x8xf32>) -> tensor<2x8x8xf32>
  %kh = tosa.transpose %k3 {perms = array<i32: 1, 2, 0>} : (tensor<8x2x8xf32>) -> tensor<2x8x8xf32>
  %vh = tosa.transpose %v3 {perms = array<i32: 1, 0, 2>} : (tensor<8x2x8xf32>) -> tensor<2x8x8xf32>

  // Scaled dot-product attention with a max-subtracted softmax.
  %s = tosa.matmul %qh, %kh, %zp, %zp : (tensor<2x8x8xf32>, tensor<2x8x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x8x8xf32>
  %ss = tosa.mul %s, %scale, %sh : (tensor<2x8x8xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<2x8x8xf32>
  %mx = tosa.reduce_max %ss {axis = 2 : i32} : (tensor<2x8x8xf32>) -> tensor<2x8x1xf32>
  %sd = tosa.sub %ss, %mx : (tensor<2x8x8xf32>, tensor<2x8x1xf32>) -> tensor<2x8x8xf32>
  %ex = tosa.exp %sd : (tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %sm = tosa.reduce_sum %ex {axis = 2 : i32} : (tensor<2x8x8xf32>) -> tensor<2x8x1xf32>
  %rc = tosa.reciprocal %sm : (tensor<2x8x1xf32>) -> tensor<2x8x1xf32>
  %p = tosa.mul %ex, %rc, %sh : (tensor<2x8x8xf32>, tensor<2x8x1xf32>, tensor<1xi8>) -> tensor<2x8x8xf32>
  %ctx = tosa.matmul %p, %vh, %zp, %zp : (tensor<2x8x8xf32>, tensor<2x8x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x8x8xf32>
  %ct = tosa.transpose %ctx {perms = array<i32: 1, 0, 2>} : (tensor<2x8x8xf32>) -> tensor<8x2x8xf32>
  %cm = tosa.reshape %ct, %s_model : (tensor<8x2x8xf32>, !tosa.shape<3>) -> tensor<1x8x16xf32>
  %ao = tosa.matmul %cm, %wo, %zp, %zp : (tensor<1x8x16xf32>, tensor<1x16x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x16xf32>
  %r1 = tosa.add %x, %ao : (tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>

  // Layer norm 1.
  %su1 = tosa.reduce_sum %r1 {axis = 2 : i32} : (tensor<1x8x16xf32>) -> tensor<1x8x1xf32>
  %mu1 = tosa.mul %su1, %inv16, %sh : (tensor<1x8x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x8x1xf32>
  %d1 = tosa.sub %r1, %mu1 : (tensor<1x8x16xf32>, tensor<1x8x1xf32>) -> tensor<1x8x16xf32>
  %dd1 = tosa.mul %d1, %d1, %sh : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1xi8>) -> tensor<1x8x16xf32>
  %vs1 = tosa.reduce_sum %dd1 {axis = 2 : i32} : (tensor<1x8x16xf32>) -> tensor<1x8x1xf32>
  %va1 = tosa.mul %vs1, %inv16, %sh : (tensor<1x8x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x8x1xf32>
  %ve1 = tosa.add %va1, %eps : (tensor<1x8x1xf32>, tensor<1x1x1xf32>) -> tensor<1x8x1xf32>
  %rs1 = tosa.rsqrt %ve1 : (tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
  %n1 = tosa.mul %d1, %rs1, %sh : (tensor<1x8x16xf32>, tensor<1x8x1xf32>, tensor<1xi8>) -> tensor<1x8x16xf32>
  %gn1 = tosa.mul %n1, %g1, %sh : (tensor<1x8x16xf32>, tensor<1x1x16xf32>, tensor<1xi8>) -> tensor<1x8x16xf32>
  %y1 = tosa.add %gn1, %b1 : (tensor<1x8x16xf32>, tensor<1x1x16xf32>) -> tensor<1x8x16xf32>

  // Feed-forward.
  %h = tosa.matmul %y1, %w1, %zp, %zp : (tensor<1x8x16xf32>, tensor<1x16x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x32xf32>
  %hb = tosa.add %h, %c1 : (tensor<1x8x32xf32>, tensor<1x1x32xf32>) -> tensor<1x8x32xf32>
  %hr = tosa.clamp %hb {min_val = 0.0 : f32, max_val = 3.4028235e38 : f32} : (tensor<1x8x32xf32>) -> tensor<1x8x32xf32>
  %o = tosa.matmul %hr, %w2, %zp, %zp : (tensor<1x8x32xf32>, tensor<1x32x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x16xf32>
  %ob = tosa.add %o, %c2 : (tensor<1x8x16xf32>, tensor<1x1x16xf32>) -> tensor<1x8x16xf32>
  %r2 = tosa.add %y1, %ob : (tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>

  // Layer norm 2.
  %su2 = tosa.reduce_sum %r2 {axis = 2 : i32} : (tensor<1x8x16xf32>) -> tensor<1x8x1xf32>
  %mu2 = tosa.mul %su2, %inv16, %sh : (tensor<1x8x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x8x1xf32>
  %d2 = tosa.sub %r2, %mu2 : (tensor<1x8x16xf32>, tensor<1x8x1xf32>) -> tensor<1x8x16xf32>
  %dd2 = tosa.mul %d2, %d2, %sh : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1xi8>) -> tensor<1x8x16xf32>
  %vs2 = tosa.reduce_sum %dd2 {axis = 2 : i32} : (tensor<1x8x16xf32>) -> tensor<1x8x1xf32>
  %va2 = tosa.mul %vs2, %inv16, %sh : (tensor<1x8x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x8x1xf32>
  %ve2 = tosa.add %va2, %eps : (tensor<1x8x1xf32>, tensor<1x1x1xf32>) -> tensor<1x8x1xf32>
  %rs2 = tosa.rsqrt %ve2 : (tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
  %n2 = tosa.mul %d2, %rs2, %sh : (tensor<1x8x16xf32>, tensor<1x8x1xf32>, tensor<1xi8>) -> tensor<1x8x16xf32>
  %gn2 = tosa.mul %n2, %g2, %sh : (tensor<1x8x16xf32>, tensor<1x1x16xf32>, tensor<1xi8>) -> tensor<1x8x16xf32>
  %y2 = tosa.add %gn2, %b2 : (tensor<1x8x16xf32>, tensor<1x1x16xf32>) -> tensor<1x8x16xf32>
  return %y2 : tensor<1x8x16xf32>
}
