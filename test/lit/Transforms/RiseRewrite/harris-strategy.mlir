// The Harris strategy of search/strategy/strategies/harris.elv (the thesis's
// cbuf+rrot, Listing 4.12: fusion, the whole pipeline split in chunks,
// parallel chunks, separated convolutions, vectorised reductions, circular
// buffers, rotated values, private memory, unrolling): the structure it
// reaches, its agreement with the original on the interpreter (within the
// tolerance of separateConvKernel and separateSum, which reassociate), and
// its lowering through the CPU pipeline.
//
// @harris_small (3 x 13 x 11 -> 9 x 7): chunks of 3 lines, no vector width
// divides its 7-wide lines (nothing vectorised).

// RUN: ariadne-interp %s --func=harris_small --seed=5 --print > %t.ref.txt
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/harris.elv strategy="cbufRrot(3, 8)" func=harris_small})' -o %t.mlir 2>%t.err
// RUN: FileCheck %s < %t.mlir
// RUN: FileCheck %s --check-prefix=REPORT < %t.err
// RUN: ariadne-interp %t.mlir --func=harris_small --seed=5 --print > %t.out.txt
// RUN: %python %S/Inputs/compare.py %t.ref.txt %t.out.txt --rel=1e-4 --abs=1e-5
// RUN: not %python %S/Inputs/compare.py %t.ref.txt %t.out.txt
// RUN: %rise-opt %t.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// REPORT: rise-rewrite @harris_small: 197 rules fired
//
// The whole pipeline is split: the input is read in overlapping chunks of
// 3 + 4 lines (slide 7, 3), each chunk computes all its stages under one
// map par, and the chunks are joined into the output. (The filters'
// weights, constants, float to the top between the two.)
// CHECK-LABEL: func.func @harris_small
// CHECK:       %[[T:.*]] = rise.transpose %{{.*}} : !rise.array<3x13x11xf32> -> !rise.array<13x3x11xf32>
// CHECK:       %[[C:.*]] = rise.slide 7, 3 %[[T]] : !rise.array<13x3x11xf32> -> !rise.array<3x7x3x11xf32>
// CHECK-NEXT:  %[[P:.*]] = rise.map par %[[C]] : !rise.array<3x7x3x11xf32> -> !rise.array<3x3x7xf32>
// Per chunk, the thesis's fused pipeline: a ring of gray lines (7 -> 5
// windows of 3 lines), read by one ring of product-triple lines ((Ixx,
// (Ixy, Iyy)) per line, 5 -> 3 windows), read by one stream computing the
// sums and the coarsity. Each product line computes the vertical Sobel dots
// of a column into private memory and rotates them (separated convolution +
// register rotation); the sums likewise.
// CHECK:       %[[G:.*]] = rise.circular_buffer global 3, 3 %{{.*}} : !rise.array<7x3x11xf32> -> !rise.array<5x3x11xf32>
// CHECK:       %[[R:.*]] = rise.circular_buffer global 3, 3 %[[G]] : !rise.array<5x3x11xf32> -> !rise.array<3x3x!rise.pair<!rise.array<9xf32>, !rise.pair<!rise.array<9xf32>, !rise.array<9xf32>>>>
// CHECK:       %[[L:.*]] = rise.to_mem private %{{.*}} : !rise.array<11xf32>
// CHECK-NEXT:  rise.rotate_values private 3 %[[L]] : !rise.array<11xf32> -> !rise.array<9x3xf32>
// CHECK:       rise.map iterate %[[R]] : !rise.array<3x3x!rise.pair<{{.*}}>> -> !rise.array<3x7xf32>
// CHECK:       %[[S:.*]] = rise.to_mem private %{{.*}} : !rise.array<9xf32>
// CHECK-NEXT:  rise.rotate_values private 3 %[[S]] : !rise.array<9xf32> -> !rise.array<7x3xf32>
// CHECK:       rise.join %[[P]] : !rise.array<3x3x7xf32> -> !rise.array<9x7xf32>
// One stream: no other circular buffer, no other iterate over a buffer.
// RUN: FileCheck %s --check-prefix=ONE < %t.mlir
// ONE-COUNT-2: rise.circular_buffer
// ONE-NOT:     rise.circular_buffer
// ONE:         func.func @harris_chunks
// Every other window became a buffer or a rotation; every pattern is
// chosen (but maps that only project a ring slot's lines: views), every
// reduction unrolled.
// RUN: FileCheck %s --check-prefix=LOW < %t.mlir
// LOW-NOT:     rise.reduce %
// LOW-NOT:     rise.reduce seq
// LOW:         func.func @harris_chunks
// RUN: FileCheck %s --check-prefix=VIEWS < %t.mlir
// VIEWS:       rise.map par
// VIEWS-NOT:   rise.map %{{.*}} : !rise.array<{{[0-9x]+}}xf32>
// VIEWS:       func.func @harris_chunks
// RUN: FileCheck %s --check-prefix=WINDOWS < %t.mlir
// WINDOWS:     rise.slide 7, 3
// WINDOWS-NOT: rise.slide
// WINDOWS:     func.func @harris_chunks

// @harris_chunks: test/bench/harris.mlir's harris_naive_small (3 x 68 x 52
// -> 64 x 48) with the thesis's chunks of 32 lines and vectors of 8: the
// horizontal 3-sums of the 48-wide output lines are vectorised (6 vectors
// of 8, read from the column sums through slide and transpose).
// RUN: ariadne-interp %s --func=harris_chunks --seed=3 --print > %t.cref.txt
// RUN: %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/harris.elv func=harris_chunks})' -o %t.chunks.mlir 2>%t.chunks.err
// RUN: FileCheck %s --check-prefix=CHUNKS < %t.chunks.mlir
// RUN: FileCheck %s --check-prefix=CHUNKS-REPORT < %t.chunks.err
// RUN: ariadne-interp %t.chunks.mlir --func=harris_chunks --seed=3 --print > %t.chunks.txt
// RUN: %python %S/Inputs/compare.py %t.cref.txt %t.chunks.txt --rel=1e-4 --abs=1e-5
// RUN: %rise-opt %t.chunks.mlir --pass-pipeline='builtin.module(rise-to-llvm)' -o /dev/null
// Natively, 2 chunks on 2 threads (per-thread rings, pair slots as a ring
// per component, under the map par):
// RUN: ariadne-run %t.chunks.mlir --func=harris_chunks --threads=2 --reps=1 --warmup=0 | FileCheck %s --check-prefix=NATIVE
// NATIVE: @harris_chunks argument 1 matches the interpreter
// CHUNKS-LABEL: func.func @harris_chunks
// CHUNKS:      rise.slide 36, 32 %{{.*}} : !rise.array<68x3x52xf32> -> !rise.array<2x36x3x52xf32>
// CHUNKS-NEXT: rise.map par
// CHUNKS:      rise.circular_buffer global 3, 3 %{{.*}} : !rise.array<36x3x52xf32> -> !rise.array<34x3x52xf32>
// CHUNKS:      rise.circular_buffer global 3, 3 %{{.*}} : !rise.array<34x3x52xf32> -> !rise.array<32x3x!rise.pair<!rise.array<50xf32>, !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>>>
// CHUNKS:      rise.rotate_values private 3
// CHUNKS:      rise.as_vector 8 %{{.*}} : !rise.array<48xf32> -> !rise.array<6xvector<8xf32>>
// CHUNKS:      rise.reduce unroll %{{.*}}, %{{.*}} : vector<8xf32>, !rise.array<3xvector<8xf32>> -> vector<8xf32>
// CHUNKS:      %[[V:.*]] = rise.as_scalar %{{.*}} : !rise.array<6xvector<8xf32>> -> !rise.array<48xf32>
// CHUNKS-NEXT: rise.to_mem private %[[V]] : !rise.array<48xf32>
// CHUNKS:      rise.join %{{.*}} : !rise.array<2x32x48xf32> -> !rise.array<64x48xf32>
// CHUNKS-REPORT: rise-rewrite @harris_chunks: 200 rules fired

// The default (main: chunks of 32) does not divide 9 lines: the failure
// names the split in the prelude (prelude.elv, where the pipeline steps
// are defined) and the calls in the file that led there.
// RUN: not %rise-opt %s --pass-pipeline='builtin.module(rise-rewrite{strategy-file=%ariadne_src/search/strategy/strategies/harris.elv func=harris_small})' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MAIN
// MAIN: error: rise-rewrite: strategy failed on @harris_small: search/strategy/strategies/prelude.elv:{{[0-9]+}}:{{[0-9]+}}: 'outermost(isMap, splitJoin(n))' found no location where it applies (at term path root; {{[0-9]+}} rules fired before;
// MAIN-SAME: in splitPipeline(n) at {{.*}}harris.elv:{{[0-9:]+}}, cbufRrot(32, 8) at {{.*}}harris.elv:{{[0-9:]+}}, cbuf+rrotVersion at {{.*}}harris.elv:{{[0-9:]+}}, main at strategy:1:1)

func.func @harris_small(%in: memref<3x13x11xf32>, %out: memref<9x7xf32>) {
  %rgb = rise.in %in : memref<3x13x11xf32> -> !rise.array<3x13x11xf32>
  %zero = arith.constant 0.0 : f32
  %kappa = arith.constant 0.04 : f32
  %gw = rise.literal dense<[0.299, 0.587, 0.114]> : tensor<3xf32> -> !rise.array<3xf32>
  %sx = rise.literal dense<[[-0.0833333358, 0.0, 0.0833333358], [-0.166666672, 0.0, 0.166666672], [-0.0833333358, 0.0, 0.0833333358]]> : tensor<3x3xf32> -> !rise.array<3x3xf32>
  %sy = rise.literal dense<[[-0.0833333358, -0.166666672, -0.0833333358], [0.0, 0.0, 0.0], [0.0833333358, 0.166666672, 0.0833333358]]> : tensor<3x3xf32> -> !rise.array<3x3xf32>
  %sxf = rise.join %sx : !rise.array<3x3xf32> -> !rise.array<9xf32>
  %syf = rise.join %sy : !rise.array<3x3xf32> -> !rise.array<9xf32>
  // grayscale
  %chw = rise.transpose %rgb : !rise.array<3x13x11xf32> -> !rise.array<13x3x11xf32>
  %pix = rise.map %chw : !rise.array<13x3x11xf32> -> !rise.array<13x11x3xf32> {
  ^bb0(%cl: !rise.array<3x11xf32>):
    %cw = rise.transpose %cl : !rise.array<3x11xf32> -> !rise.array<11x3xf32>
    rise.yield %cw : !rise.array<11x3xf32>
  }
  %gray = rise.map %pix : !rise.array<13x11x3xf32> -> !rise.array<13x11xf32> {
  ^bb0(%line: !rise.array<11x3xf32>):
    %inner = rise.map %line : !rise.array<11x3xf32> -> !rise.array<11xf32> {
    ^bb0(%rgbpx: !rise.array<3xf32>):
      %gzip = rise.zip %rgbpx, %gw : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
      %gprod = rise.map %gzip : !rise.array<3x!rise.pair<f32, f32>> -> !rise.array<3xf32> {
      ^bb0(%p: !rise.pair<f32, f32>):
        %l = rise.fst %p : !rise.pair<f32, f32> -> f32
        %r = rise.snd %p : !rise.pair<f32, f32> -> f32
        %m = arith.mulf %l, %r : f32
        rise.yield %m : f32
      }
      %gsum = rise.reduce %zero, %gprod : f32, !rise.array<3xf32> -> f32 {
      ^bb0(%acc: f32, %v: f32):
        %s = arith.addf %acc, %v : f32
        rise.yield %s : f32
      }
      rise.yield %gsum : f32
    }
    rise.yield %inner : !rise.array<11xf32>
  }
  // sobel: Ix = conv3x3 Sx gray, Iy = conv3x3 Sy gray
  %gnbh_rows = rise.map %gray : !rise.array<13x11xf32> -> !rise.array<13x9x3xf32> {
  ^bb0(%row: !rise.array<11xf32>):
    %win = rise.slide 3, 1 %row : !rise.array<11xf32> -> !rise.array<9x3xf32>
    rise.yield %win : !rise.array<9x3xf32>
  }
  %gnbh_cols = rise.slide 3, 1 %gnbh_rows : !rise.array<13x9x3xf32> -> !rise.array<11x3x9x3xf32>
  %gnbh = rise.map %gnbh_cols : !rise.array<11x3x9x3xf32> -> !rise.array<11x9x3x3xf32> {
  ^bb0(%band: !rise.array<3x9x3xf32>):
    %t = rise.transpose %band : !rise.array<3x9x3xf32> -> !rise.array<9x3x3xf32>
    rise.yield %t : !rise.array<9x3x3xf32>
  }
  %ix = rise.map %gnbh : !rise.array<11x9x3x3xf32> -> !rise.array<11x9xf32> {
  ^bb0(%line1: !rise.array<9x3x3xf32>):
    %inner1 = rise.map %line1 : !rise.array<9x3x3xf32> -> !rise.array<9xf32> {
    ^bb0(%nb: !rise.array<3x3xf32>):
      %nflat = rise.join %nb : !rise.array<3x3xf32> -> !rise.array<9xf32>
      %czip = rise.zip %sxf, %nflat : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
      %cprod = rise.map %czip : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
      ^bb0(%p1: !rise.pair<f32, f32>):
        %l1 = rise.fst %p1 : !rise.pair<f32, f32> -> f32
        %r1 = rise.snd %p1 : !rise.pair<f32, f32> -> f32
        %m1 = arith.mulf %l1, %r1 : f32
        rise.yield %m1 : f32
      }
      %csum = rise.reduce %zero, %cprod : f32, !rise.array<9xf32> -> f32 {
      ^bb0(%acc1: f32, %v1: f32):
        %s1 = arith.addf %acc1, %v1 : f32
        rise.yield %s1 : f32
      }
      rise.yield %csum : f32
    }
    rise.yield %inner1 : !rise.array<9xf32>
  }
  %iy = rise.map %gnbh : !rise.array<11x9x3x3xf32> -> !rise.array<11x9xf32> {
  ^bb0(%line2: !rise.array<9x3x3xf32>):
    %inner2 = rise.map %line2 : !rise.array<9x3x3xf32> -> !rise.array<9xf32> {
    ^bb0(%nb1: !rise.array<3x3xf32>):
      %nflat1 = rise.join %nb1 : !rise.array<3x3xf32> -> !rise.array<9xf32>
      %czip1 = rise.zip %syf, %nflat1 : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
      %cprod1 = rise.map %czip1 : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
      ^bb0(%p2: !rise.pair<f32, f32>):
        %l2 = rise.fst %p2 : !rise.pair<f32, f32> -> f32
        %r2 = rise.snd %p2 : !rise.pair<f32, f32> -> f32
        %m2 = arith.mulf %l2, %r2 : f32
        rise.yield %m2 : f32
      }
      %csum1 = rise.reduce %zero, %cprod1 : f32, !rise.array<9xf32> -> f32 {
      ^bb0(%acc2: f32, %v2: f32):
        %s2 = arith.addf %acc2, %v2 : f32
        rise.yield %s2 : f32
      }
      rise.yield %csum1 : f32
    }
    rise.yield %inner2 : !rise.array<9xf32>
  }
  // products: Ixx = Ix*Ix, Ixy = Ix*Iy, Iyy = Iy*Iy
  %zrows = rise.zip %ix, %ix : !rise.array<11x9xf32>, !rise.array<11x9xf32> -> !rise.array<11x!rise.pair<!rise.array<9xf32>, !rise.array<9xf32>>>
  %z = rise.map %zrows : !rise.array<11x!rise.pair<!rise.array<9xf32>, !rise.array<9xf32>>> -> !rise.array<11x9x!rise.pair<f32, f32>> {
  ^bb0(%p3: !rise.pair<!rise.array<9xf32>, !rise.array<9xf32>>):
    %l3 = rise.fst %p3 : !rise.pair<!rise.array<9xf32>, !rise.array<9xf32>> -> !rise.array<9xf32>
    %r3 = rise.snd %p3 : !rise.pair<!rise.array<9xf32>, !rise.array<9xf32>> -> !rise.array<9xf32>
    %zl = rise.zip %l3, %r3 : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
    rise.yield %zl : !rise.array<9x!rise.pair<f32, f32>>
  }
  %ixx = rise.map %z : !rise.array<11x9x!rise.pair<f32, f32>> -> !rise.array<11x9xf32> {
  ^bb0(%line3: !rise.array<9x!rise.pair<f32, f32>>):
    %inner3 = rise.map %line3 : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
    ^bb0(%pp: !rise.pair<f32, f32>):
      %l4 = rise.fst %pp : !rise.pair<f32, f32> -> f32
      %r4 = rise.snd %pp : !rise.pair<f32, f32> -> f32
      %m3 = arith.mulf %l4, %r4 : f32
      rise.yield %m3 : f32
    }
    rise.yield %inner3 : !rise.array<9xf32>
  }
  %zrows1 = rise.zip %ix, %iy : !rise.array<11x9xf32>, !rise.array<11x9xf32> -> !rise.array<11x!rise.pair<!rise.array<9xf32>, !rise.array<9xf32>>>
  %z1 = rise.map %zrows1 : !rise.array<11x!rise.pair<!rise.array<9xf32>, !rise.array<9xf32>>> -> !rise.array<11x9x!rise.pair<f32, f32>> {
  ^bb0(%p4: !rise.pair<!rise.array<9xf32>, !rise.array<9xf32>>):
    %l5 = rise.fst %p4 : !rise.pair<!rise.array<9xf32>, !rise.array<9xf32>> -> !rise.array<9xf32>
    %r5 = rise.snd %p4 : !rise.pair<!rise.array<9xf32>, !rise.array<9xf32>> -> !rise.array<9xf32>
    %zl1 = rise.zip %l5, %r5 : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
    rise.yield %zl1 : !rise.array<9x!rise.pair<f32, f32>>
  }
  %ixy = rise.map %z1 : !rise.array<11x9x!rise.pair<f32, f32>> -> !rise.array<11x9xf32> {
  ^bb0(%line4: !rise.array<9x!rise.pair<f32, f32>>):
    %inner4 = rise.map %line4 : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
    ^bb0(%pp1: !rise.pair<f32, f32>):
      %l6 = rise.fst %pp1 : !rise.pair<f32, f32> -> f32
      %r6 = rise.snd %pp1 : !rise.pair<f32, f32> -> f32
      %m4 = arith.mulf %l6, %r6 : f32
      rise.yield %m4 : f32
    }
    rise.yield %inner4 : !rise.array<9xf32>
  }
  %zrows2 = rise.zip %iy, %iy : !rise.array<11x9xf32>, !rise.array<11x9xf32> -> !rise.array<11x!rise.pair<!rise.array<9xf32>, !rise.array<9xf32>>>
  %z2 = rise.map %zrows2 : !rise.array<11x!rise.pair<!rise.array<9xf32>, !rise.array<9xf32>>> -> !rise.array<11x9x!rise.pair<f32, f32>> {
  ^bb0(%p5: !rise.pair<!rise.array<9xf32>, !rise.array<9xf32>>):
    %l7 = rise.fst %p5 : !rise.pair<!rise.array<9xf32>, !rise.array<9xf32>> -> !rise.array<9xf32>
    %r7 = rise.snd %p5 : !rise.pair<!rise.array<9xf32>, !rise.array<9xf32>> -> !rise.array<9xf32>
    %zl2 = rise.zip %l7, %r7 : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
    rise.yield %zl2 : !rise.array<9x!rise.pair<f32, f32>>
  }
  %iyy = rise.map %z2 : !rise.array<11x9x!rise.pair<f32, f32>> -> !rise.array<11x9xf32> {
  ^bb0(%line5: !rise.array<9x!rise.pair<f32, f32>>):
    %inner5 = rise.map %line5 : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
    ^bb0(%pp2: !rise.pair<f32, f32>):
      %l8 = rise.fst %pp2 : !rise.pair<f32, f32> -> f32
      %r8 = rise.snd %pp2 : !rise.pair<f32, f32> -> f32
      %m5 = arith.mulf %l8, %r8 : f32
      rise.yield %m5 : f32
    }
    rise.yield %inner5 : !rise.array<9xf32>
  }
  // 3x3 sums: Sxx, Sxy, Syy
  %sxx_nbh_rows = rise.map %ixx : !rise.array<11x9xf32> -> !rise.array<11x7x3xf32> {
  ^bb0(%row1: !rise.array<9xf32>):
    %win1 = rise.slide 3, 1 %row1 : !rise.array<9xf32> -> !rise.array<7x3xf32>
    rise.yield %win1 : !rise.array<7x3xf32>
  }
  %sxx_nbh_cols = rise.slide 3, 1 %sxx_nbh_rows : !rise.array<11x7x3xf32> -> !rise.array<9x3x7x3xf32>
  %sxx_nbh = rise.map %sxx_nbh_cols : !rise.array<9x3x7x3xf32> -> !rise.array<9x7x3x3xf32> {
  ^bb0(%band1: !rise.array<3x7x3xf32>):
    %t1 = rise.transpose %band1 : !rise.array<3x7x3xf32> -> !rise.array<7x3x3xf32>
    rise.yield %t1 : !rise.array<7x3x3xf32>
  }
  %sxx = rise.map %sxx_nbh : !rise.array<9x7x3x3xf32> -> !rise.array<9x7xf32> {
  ^bb0(%line6: !rise.array<7x3x3xf32>):
    %inner6 = rise.map %line6 : !rise.array<7x3x3xf32> -> !rise.array<7xf32> {
    ^bb0(%nb2: !rise.array<3x3xf32>):
      %nflat2 = rise.join %nb2 : !rise.array<3x3xf32> -> !rise.array<9xf32>
      %bsum = rise.reduce %zero, %nflat2 : f32, !rise.array<9xf32> -> f32 {
      ^bb0(%acc3: f32, %v3: f32):
        %s3 = arith.addf %acc3, %v3 : f32
        rise.yield %s3 : f32
      }
      rise.yield %bsum : f32
    }
    rise.yield %inner6 : !rise.array<7xf32>
  }
  %sxy_nbh_rows = rise.map %ixy : !rise.array<11x9xf32> -> !rise.array<11x7x3xf32> {
  ^bb0(%row2: !rise.array<9xf32>):
    %win2 = rise.slide 3, 1 %row2 : !rise.array<9xf32> -> !rise.array<7x3xf32>
    rise.yield %win2 : !rise.array<7x3xf32>
  }
  %sxy_nbh_cols = rise.slide 3, 1 %sxy_nbh_rows : !rise.array<11x7x3xf32> -> !rise.array<9x3x7x3xf32>
  %sxy_nbh = rise.map %sxy_nbh_cols : !rise.array<9x3x7x3xf32> -> !rise.array<9x7x3x3xf32> {
  ^bb0(%band2: !rise.array<3x7x3xf32>):
    %t2 = rise.transpose %band2 : !rise.array<3x7x3xf32> -> !rise.array<7x3x3xf32>
    rise.yield %t2 : !rise.array<7x3x3xf32>
  }
  %sxy = rise.map %sxy_nbh : !rise.array<9x7x3x3xf32> -> !rise.array<9x7xf32> {
  ^bb0(%line7: !rise.array<7x3x3xf32>):
    %inner7 = rise.map %line7 : !rise.array<7x3x3xf32> -> !rise.array<7xf32> {
    ^bb0(%nb3: !rise.array<3x3xf32>):
      %nflat3 = rise.join %nb3 : !rise.array<3x3xf32> -> !rise.array<9xf32>
      %bsum1 = rise.reduce %zero, %nflat3 : f32, !rise.array<9xf32> -> f32 {
      ^bb0(%acc4: f32, %v4: f32):
        %s4 = arith.addf %acc4, %v4 : f32
        rise.yield %s4 : f32
      }
      rise.yield %bsum1 : f32
    }
    rise.yield %inner7 : !rise.array<7xf32>
  }
  %syy_nbh_rows = rise.map %iyy : !rise.array<11x9xf32> -> !rise.array<11x7x3xf32> {
  ^bb0(%row3: !rise.array<9xf32>):
    %win3 = rise.slide 3, 1 %row3 : !rise.array<9xf32> -> !rise.array<7x3xf32>
    rise.yield %win3 : !rise.array<7x3xf32>
  }
  %syy_nbh_cols = rise.slide 3, 1 %syy_nbh_rows : !rise.array<11x7x3xf32> -> !rise.array<9x3x7x3xf32>
  %syy_nbh = rise.map %syy_nbh_cols : !rise.array<9x3x7x3xf32> -> !rise.array<9x7x3x3xf32> {
  ^bb0(%band3: !rise.array<3x7x3xf32>):
    %t3 = rise.transpose %band3 : !rise.array<3x7x3xf32> -> !rise.array<7x3x3xf32>
    rise.yield %t3 : !rise.array<7x3x3xf32>
  }
  %syy = rise.map %syy_nbh : !rise.array<9x7x3x3xf32> -> !rise.array<9x7xf32> {
  ^bb0(%line8: !rise.array<7x3x3xf32>):
    %inner8 = rise.map %line8 : !rise.array<7x3x3xf32> -> !rise.array<7xf32> {
    ^bb0(%nb4: !rise.array<3x3xf32>):
      %nflat4 = rise.join %nb4 : !rise.array<3x3xf32> -> !rise.array<9xf32>
      %bsum2 = rise.reduce %zero, %nflat4 : f32, !rise.array<9xf32> -> f32 {
      ^bb0(%acc5: f32, %v5: f32):
        %s5 = arith.addf %acc5, %v5 : f32
        rise.yield %s5 : f32
      }
      rise.yield %bsum2 : f32
    }
    rise.yield %inner8 : !rise.array<7xf32>
  }
  // coarsity: det - kappa * trace * trace
  %zxyrows = rise.zip %sxy, %syy : !rise.array<9x7xf32>, !rise.array<9x7xf32> -> !rise.array<9x!rise.pair<!rise.array<7xf32>, !rise.array<7xf32>>>
  %zxy = rise.map %zxyrows : !rise.array<9x!rise.pair<!rise.array<7xf32>, !rise.array<7xf32>>> -> !rise.array<9x7x!rise.pair<f32, f32>> {
  ^bb0(%p6: !rise.pair<!rise.array<7xf32>, !rise.array<7xf32>>):
    %l9 = rise.fst %p6 : !rise.pair<!rise.array<7xf32>, !rise.array<7xf32>> -> !rise.array<7xf32>
    %r9 = rise.snd %p6 : !rise.pair<!rise.array<7xf32>, !rise.array<7xf32>> -> !rise.array<7xf32>
    %zl3 = rise.zip %l9, %r9 : !rise.array<7xf32>, !rise.array<7xf32> -> !rise.array<7x!rise.pair<f32, f32>>
    rise.yield %zl3 : !rise.array<7x!rise.pair<f32, f32>>
  }
  %zallrows = rise.zip %sxx, %zxy : !rise.array<9x7xf32>, !rise.array<9x7x!rise.pair<f32, f32>> -> !rise.array<9x!rise.pair<!rise.array<7xf32>, !rise.array<7x!rise.pair<f32, f32>>>>
  %zall = rise.map %zallrows : !rise.array<9x!rise.pair<!rise.array<7xf32>, !rise.array<7x!rise.pair<f32, f32>>>> -> !rise.array<9x7x!rise.pair<f32, !rise.pair<f32, f32>>> {
  ^bb0(%p7: !rise.pair<!rise.array<7xf32>, !rise.array<7x!rise.pair<f32, f32>>>):
    %l10 = rise.fst %p7 : !rise.pair<!rise.array<7xf32>, !rise.array<7x!rise.pair<f32, f32>>> -> !rise.array<7xf32>
    %r10 = rise.snd %p7 : !rise.pair<!rise.array<7xf32>, !rise.array<7x!rise.pair<f32, f32>>> -> !rise.array<7x!rise.pair<f32, f32>>
    %zl4 = rise.zip %l10, %r10 : !rise.array<7xf32>, !rise.array<7x!rise.pair<f32, f32>> -> !rise.array<7x!rise.pair<f32, !rise.pair<f32, f32>>>
    rise.yield %zl4 : !rise.array<7x!rise.pair<f32, !rise.pair<f32, f32>>>
  }
  %res = rise.map %zall : !rise.array<9x7x!rise.pair<f32, !rise.pair<f32, f32>>> -> !rise.array<9x7xf32> {
  ^bb0(%line9: !rise.array<7x!rise.pair<f32, !rise.pair<f32, f32>>>):
    %inner9 = rise.map %line9 : !rise.array<7x!rise.pair<f32, !rise.pair<f32, f32>>> -> !rise.array<7xf32> {
    ^bb0(%q: !rise.pair<f32, !rise.pair<f32, f32>>):
      %qxx = rise.fst %q : !rise.pair<f32, !rise.pair<f32, f32>> -> f32
      %qr = rise.snd %q : !rise.pair<f32, !rise.pair<f32, f32>> -> !rise.pair<f32, f32>
      %qxy = rise.fst %qr : !rise.pair<f32, f32> -> f32
      %qyy = rise.snd %qr : !rise.pair<f32, f32> -> f32
      %dp = arith.mulf %qxx, %qyy : f32
      %dm = arith.mulf %qxy, %qxy : f32
      %det = arith.subf %dp, %dm : f32
      %trace = arith.addf %qxx, %qyy : f32
      %kt = arith.mulf %kappa, %trace : f32
      %ktt = arith.mulf %kt, %trace : f32
      %corner = arith.subf %det, %ktt : f32
      rise.yield %corner : f32
    }
    rise.yield %inner9 : !rise.array<7xf32>
  }
  rise.out %res, %out : !rise.array<9x7xf32>, memref<9x7xf32>
  return
}

func.func @harris_chunks(%in: memref<3x68x52xf32>, %out: memref<64x48xf32>) {
  %rgb = rise.in %in : memref<3x68x52xf32> -> !rise.array<3x68x52xf32>
  %zero = arith.constant 0.0 : f32
  %kappa = arith.constant 0.04 : f32
  %gw = rise.literal dense<[0.299, 0.587, 0.114]> : tensor<3xf32> -> !rise.array<3xf32>
  %sx = rise.literal dense<[[-0.0833333358, 0.0, 0.0833333358], [-0.166666672, 0.0, 0.166666672], [-0.0833333358, 0.0, 0.0833333358]]> : tensor<3x3xf32> -> !rise.array<3x3xf32>
  %sy = rise.literal dense<[[-0.0833333358, -0.166666672, -0.0833333358], [0.0, 0.0, 0.0], [0.0833333358, 0.166666672, 0.0833333358]]> : tensor<3x3xf32> -> !rise.array<3x3xf32>
  %sxf = rise.join %sx : !rise.array<3x3xf32> -> !rise.array<9xf32>
  %syf = rise.join %sy : !rise.array<3x3xf32> -> !rise.array<9xf32>
  // grayscale
  %chw = rise.transpose %rgb : !rise.array<3x68x52xf32> -> !rise.array<68x3x52xf32>
  %pix = rise.map %chw : !rise.array<68x3x52xf32> -> !rise.array<68x52x3xf32> {
  ^bb0(%cl: !rise.array<3x52xf32>):
    %cw = rise.transpose %cl : !rise.array<3x52xf32> -> !rise.array<52x3xf32>
    rise.yield %cw : !rise.array<52x3xf32>
  }
  %gray = rise.map %pix : !rise.array<68x52x3xf32> -> !rise.array<68x52xf32> {
  ^bb0(%line: !rise.array<52x3xf32>):
    %inner = rise.map %line : !rise.array<52x3xf32> -> !rise.array<52xf32> {
    ^bb0(%rgbpx: !rise.array<3xf32>):
      %gzip = rise.zip %rgbpx, %gw : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
      %gprod = rise.map %gzip : !rise.array<3x!rise.pair<f32, f32>> -> !rise.array<3xf32> {
      ^bb0(%p: !rise.pair<f32, f32>):
        %l = rise.fst %p : !rise.pair<f32, f32> -> f32
        %r = rise.snd %p : !rise.pair<f32, f32> -> f32
        %m = arith.mulf %l, %r : f32
        rise.yield %m : f32
      }
      %gsum = rise.reduce %zero, %gprod : f32, !rise.array<3xf32> -> f32 {
      ^bb0(%acc: f32, %v: f32):
        %s = arith.addf %acc, %v : f32
        rise.yield %s : f32
      }
      rise.yield %gsum : f32
    }
    rise.yield %inner : !rise.array<52xf32>
  }
  // sobel: Ix = conv3x3 Sx gray, Iy = conv3x3 Sy gray
  %gnbh_rows = rise.map %gray : !rise.array<68x52xf32> -> !rise.array<68x50x3xf32> {
  ^bb0(%row: !rise.array<52xf32>):
    %win = rise.slide 3, 1 %row : !rise.array<52xf32> -> !rise.array<50x3xf32>
    rise.yield %win : !rise.array<50x3xf32>
  }
  %gnbh_cols = rise.slide 3, 1 %gnbh_rows : !rise.array<68x50x3xf32> -> !rise.array<66x3x50x3xf32>
  %gnbh = rise.map %gnbh_cols : !rise.array<66x3x50x3xf32> -> !rise.array<66x50x3x3xf32> {
  ^bb0(%band: !rise.array<3x50x3xf32>):
    %t = rise.transpose %band : !rise.array<3x50x3xf32> -> !rise.array<50x3x3xf32>
    rise.yield %t : !rise.array<50x3x3xf32>
  }
  %ix = rise.map %gnbh : !rise.array<66x50x3x3xf32> -> !rise.array<66x50xf32> {
  ^bb0(%line1: !rise.array<50x3x3xf32>):
    %inner1 = rise.map %line1 : !rise.array<50x3x3xf32> -> !rise.array<50xf32> {
    ^bb0(%nb: !rise.array<3x3xf32>):
      %nflat = rise.join %nb : !rise.array<3x3xf32> -> !rise.array<9xf32>
      %czip = rise.zip %sxf, %nflat : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
      %cprod = rise.map %czip : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
      ^bb0(%p1: !rise.pair<f32, f32>):
        %l1 = rise.fst %p1 : !rise.pair<f32, f32> -> f32
        %r1 = rise.snd %p1 : !rise.pair<f32, f32> -> f32
        %m1 = arith.mulf %l1, %r1 : f32
        rise.yield %m1 : f32
      }
      %csum = rise.reduce %zero, %cprod : f32, !rise.array<9xf32> -> f32 {
      ^bb0(%acc1: f32, %v1: f32):
        %s1 = arith.addf %acc1, %v1 : f32
        rise.yield %s1 : f32
      }
      rise.yield %csum : f32
    }
    rise.yield %inner1 : !rise.array<50xf32>
  }
  %iy = rise.map %gnbh : !rise.array<66x50x3x3xf32> -> !rise.array<66x50xf32> {
  ^bb0(%line2: !rise.array<50x3x3xf32>):
    %inner2 = rise.map %line2 : !rise.array<50x3x3xf32> -> !rise.array<50xf32> {
    ^bb0(%nb1: !rise.array<3x3xf32>):
      %nflat1 = rise.join %nb1 : !rise.array<3x3xf32> -> !rise.array<9xf32>
      %czip1 = rise.zip %syf, %nflat1 : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
      %cprod1 = rise.map %czip1 : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
      ^bb0(%p2: !rise.pair<f32, f32>):
        %l2 = rise.fst %p2 : !rise.pair<f32, f32> -> f32
        %r2 = rise.snd %p2 : !rise.pair<f32, f32> -> f32
        %m2 = arith.mulf %l2, %r2 : f32
        rise.yield %m2 : f32
      }
      %csum1 = rise.reduce %zero, %cprod1 : f32, !rise.array<9xf32> -> f32 {
      ^bb0(%acc2: f32, %v2: f32):
        %s2 = arith.addf %acc2, %v2 : f32
        rise.yield %s2 : f32
      }
      rise.yield %csum1 : f32
    }
    rise.yield %inner2 : !rise.array<50xf32>
  }
  // products: Ixx = Ix*Ix, Ixy = Ix*Iy, Iyy = Iy*Iy
  %zrows = rise.zip %ix, %ix : !rise.array<66x50xf32>, !rise.array<66x50xf32> -> !rise.array<66x!rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>>
  %z = rise.map %zrows : !rise.array<66x!rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>> -> !rise.array<66x50x!rise.pair<f32, f32>> {
  ^bb0(%p3: !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>):
    %l3 = rise.fst %p3 : !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>> -> !rise.array<50xf32>
    %r3 = rise.snd %p3 : !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>> -> !rise.array<50xf32>
    %zl = rise.zip %l3, %r3 : !rise.array<50xf32>, !rise.array<50xf32> -> !rise.array<50x!rise.pair<f32, f32>>
    rise.yield %zl : !rise.array<50x!rise.pair<f32, f32>>
  }
  %ixx = rise.map %z : !rise.array<66x50x!rise.pair<f32, f32>> -> !rise.array<66x50xf32> {
  ^bb0(%line3: !rise.array<50x!rise.pair<f32, f32>>):
    %inner3 = rise.map %line3 : !rise.array<50x!rise.pair<f32, f32>> -> !rise.array<50xf32> {
    ^bb0(%pp: !rise.pair<f32, f32>):
      %l4 = rise.fst %pp : !rise.pair<f32, f32> -> f32
      %r4 = rise.snd %pp : !rise.pair<f32, f32> -> f32
      %m3 = arith.mulf %l4, %r4 : f32
      rise.yield %m3 : f32
    }
    rise.yield %inner3 : !rise.array<50xf32>
  }
  %zrows1 = rise.zip %ix, %iy : !rise.array<66x50xf32>, !rise.array<66x50xf32> -> !rise.array<66x!rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>>
  %z1 = rise.map %zrows1 : !rise.array<66x!rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>> -> !rise.array<66x50x!rise.pair<f32, f32>> {
  ^bb0(%p4: !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>):
    %l5 = rise.fst %p4 : !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>> -> !rise.array<50xf32>
    %r5 = rise.snd %p4 : !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>> -> !rise.array<50xf32>
    %zl1 = rise.zip %l5, %r5 : !rise.array<50xf32>, !rise.array<50xf32> -> !rise.array<50x!rise.pair<f32, f32>>
    rise.yield %zl1 : !rise.array<50x!rise.pair<f32, f32>>
  }
  %ixy = rise.map %z1 : !rise.array<66x50x!rise.pair<f32, f32>> -> !rise.array<66x50xf32> {
  ^bb0(%line4: !rise.array<50x!rise.pair<f32, f32>>):
    %inner4 = rise.map %line4 : !rise.array<50x!rise.pair<f32, f32>> -> !rise.array<50xf32> {
    ^bb0(%pp1: !rise.pair<f32, f32>):
      %l6 = rise.fst %pp1 : !rise.pair<f32, f32> -> f32
      %r6 = rise.snd %pp1 : !rise.pair<f32, f32> -> f32
      %m4 = arith.mulf %l6, %r6 : f32
      rise.yield %m4 : f32
    }
    rise.yield %inner4 : !rise.array<50xf32>
  }
  %zrows2 = rise.zip %iy, %iy : !rise.array<66x50xf32>, !rise.array<66x50xf32> -> !rise.array<66x!rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>>
  %z2 = rise.map %zrows2 : !rise.array<66x!rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>> -> !rise.array<66x50x!rise.pair<f32, f32>> {
  ^bb0(%p5: !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>):
    %l7 = rise.fst %p5 : !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>> -> !rise.array<50xf32>
    %r7 = rise.snd %p5 : !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>> -> !rise.array<50xf32>
    %zl2 = rise.zip %l7, %r7 : !rise.array<50xf32>, !rise.array<50xf32> -> !rise.array<50x!rise.pair<f32, f32>>
    rise.yield %zl2 : !rise.array<50x!rise.pair<f32, f32>>
  }
  %iyy = rise.map %z2 : !rise.array<66x50x!rise.pair<f32, f32>> -> !rise.array<66x50xf32> {
  ^bb0(%line5: !rise.array<50x!rise.pair<f32, f32>>):
    %inner5 = rise.map %line5 : !rise.array<50x!rise.pair<f32, f32>> -> !rise.array<50xf32> {
    ^bb0(%pp2: !rise.pair<f32, f32>):
      %l8 = rise.fst %pp2 : !rise.pair<f32, f32> -> f32
      %r8 = rise.snd %pp2 : !rise.pair<f32, f32> -> f32
      %m5 = arith.mulf %l8, %r8 : f32
      rise.yield %m5 : f32
    }
    rise.yield %inner5 : !rise.array<50xf32>
  }
  // 3x3 sums: Sxx, Sxy, Syy
  %sxx_nbh_rows = rise.map %ixx : !rise.array<66x50xf32> -> !rise.array<66x48x3xf32> {
  ^bb0(%row1: !rise.array<50xf32>):
    %win1 = rise.slide 3, 1 %row1 : !rise.array<50xf32> -> !rise.array<48x3xf32>
    rise.yield %win1 : !rise.array<48x3xf32>
  }
  %sxx_nbh_cols = rise.slide 3, 1 %sxx_nbh_rows : !rise.array<66x48x3xf32> -> !rise.array<64x3x48x3xf32>
  %sxx_nbh = rise.map %sxx_nbh_cols : !rise.array<64x3x48x3xf32> -> !rise.array<64x48x3x3xf32> {
  ^bb0(%band1: !rise.array<3x48x3xf32>):
    %t1 = rise.transpose %band1 : !rise.array<3x48x3xf32> -> !rise.array<48x3x3xf32>
    rise.yield %t1 : !rise.array<48x3x3xf32>
  }
  %sxx = rise.map %sxx_nbh : !rise.array<64x48x3x3xf32> -> !rise.array<64x48xf32> {
  ^bb0(%line6: !rise.array<48x3x3xf32>):
    %inner6 = rise.map %line6 : !rise.array<48x3x3xf32> -> !rise.array<48xf32> {
    ^bb0(%nb2: !rise.array<3x3xf32>):
      %nflat2 = rise.join %nb2 : !rise.array<3x3xf32> -> !rise.array<9xf32>
      %bsum = rise.reduce %zero, %nflat2 : f32, !rise.array<9xf32> -> f32 {
      ^bb0(%acc3: f32, %v3: f32):
        %s3 = arith.addf %acc3, %v3 : f32
        rise.yield %s3 : f32
      }
      rise.yield %bsum : f32
    }
    rise.yield %inner6 : !rise.array<48xf32>
  }
  %sxy_nbh_rows = rise.map %ixy : !rise.array<66x50xf32> -> !rise.array<66x48x3xf32> {
  ^bb0(%row2: !rise.array<50xf32>):
    %win2 = rise.slide 3, 1 %row2 : !rise.array<50xf32> -> !rise.array<48x3xf32>
    rise.yield %win2 : !rise.array<48x3xf32>
  }
  %sxy_nbh_cols = rise.slide 3, 1 %sxy_nbh_rows : !rise.array<66x48x3xf32> -> !rise.array<64x3x48x3xf32>
  %sxy_nbh = rise.map %sxy_nbh_cols : !rise.array<64x3x48x3xf32> -> !rise.array<64x48x3x3xf32> {
  ^bb0(%band2: !rise.array<3x48x3xf32>):
    %t2 = rise.transpose %band2 : !rise.array<3x48x3xf32> -> !rise.array<48x3x3xf32>
    rise.yield %t2 : !rise.array<48x3x3xf32>
  }
  %sxy = rise.map %sxy_nbh : !rise.array<64x48x3x3xf32> -> !rise.array<64x48xf32> {
  ^bb0(%line7: !rise.array<48x3x3xf32>):
    %inner7 = rise.map %line7 : !rise.array<48x3x3xf32> -> !rise.array<48xf32> {
    ^bb0(%nb3: !rise.array<3x3xf32>):
      %nflat3 = rise.join %nb3 : !rise.array<3x3xf32> -> !rise.array<9xf32>
      %bsum1 = rise.reduce %zero, %nflat3 : f32, !rise.array<9xf32> -> f32 {
      ^bb0(%acc4: f32, %v4: f32):
        %s4 = arith.addf %acc4, %v4 : f32
        rise.yield %s4 : f32
      }
      rise.yield %bsum1 : f32
    }
    rise.yield %inner7 : !rise.array<48xf32>
  }
  %syy_nbh_rows = rise.map %iyy : !rise.array<66x50xf32> -> !rise.array<66x48x3xf32> {
  ^bb0(%row3: !rise.array<50xf32>):
    %win3 = rise.slide 3, 1 %row3 : !rise.array<50xf32> -> !rise.array<48x3xf32>
    rise.yield %win3 : !rise.array<48x3xf32>
  }
  %syy_nbh_cols = rise.slide 3, 1 %syy_nbh_rows : !rise.array<66x48x3xf32> -> !rise.array<64x3x48x3xf32>
  %syy_nbh = rise.map %syy_nbh_cols : !rise.array<64x3x48x3xf32> -> !rise.array<64x48x3x3xf32> {
  ^bb0(%band3: !rise.array<3x48x3xf32>):
    %t3 = rise.transpose %band3 : !rise.array<3x48x3xf32> -> !rise.array<48x3x3xf32>
    rise.yield %t3 : !rise.array<48x3x3xf32>
  }
  %syy = rise.map %syy_nbh : !rise.array<64x48x3x3xf32> -> !rise.array<64x48xf32> {
  ^bb0(%line8: !rise.array<48x3x3xf32>):
    %inner8 = rise.map %line8 : !rise.array<48x3x3xf32> -> !rise.array<48xf32> {
    ^bb0(%nb4: !rise.array<3x3xf32>):
      %nflat4 = rise.join %nb4 : !rise.array<3x3xf32> -> !rise.array<9xf32>
      %bsum2 = rise.reduce %zero, %nflat4 : f32, !rise.array<9xf32> -> f32 {
      ^bb0(%acc5: f32, %v5: f32):
        %s5 = arith.addf %acc5, %v5 : f32
        rise.yield %s5 : f32
      }
      rise.yield %bsum2 : f32
    }
    rise.yield %inner8 : !rise.array<48xf32>
  }
  // coarsity: det - kappa * trace * trace
  %zxyrows = rise.zip %sxy, %syy : !rise.array<64x48xf32>, !rise.array<64x48xf32> -> !rise.array<64x!rise.pair<!rise.array<48xf32>, !rise.array<48xf32>>>
  %zxy = rise.map %zxyrows : !rise.array<64x!rise.pair<!rise.array<48xf32>, !rise.array<48xf32>>> -> !rise.array<64x48x!rise.pair<f32, f32>> {
  ^bb0(%p6: !rise.pair<!rise.array<48xf32>, !rise.array<48xf32>>):
    %l9 = rise.fst %p6 : !rise.pair<!rise.array<48xf32>, !rise.array<48xf32>> -> !rise.array<48xf32>
    %r9 = rise.snd %p6 : !rise.pair<!rise.array<48xf32>, !rise.array<48xf32>> -> !rise.array<48xf32>
    %zl3 = rise.zip %l9, %r9 : !rise.array<48xf32>, !rise.array<48xf32> -> !rise.array<48x!rise.pair<f32, f32>>
    rise.yield %zl3 : !rise.array<48x!rise.pair<f32, f32>>
  }
  %zallrows = rise.zip %sxx, %zxy : !rise.array<64x48xf32>, !rise.array<64x48x!rise.pair<f32, f32>> -> !rise.array<64x!rise.pair<!rise.array<48xf32>, !rise.array<48x!rise.pair<f32, f32>>>>
  %zall = rise.map %zallrows : !rise.array<64x!rise.pair<!rise.array<48xf32>, !rise.array<48x!rise.pair<f32, f32>>>> -> !rise.array<64x48x!rise.pair<f32, !rise.pair<f32, f32>>> {
  ^bb0(%p7: !rise.pair<!rise.array<48xf32>, !rise.array<48x!rise.pair<f32, f32>>>):
    %l10 = rise.fst %p7 : !rise.pair<!rise.array<48xf32>, !rise.array<48x!rise.pair<f32, f32>>> -> !rise.array<48xf32>
    %r10 = rise.snd %p7 : !rise.pair<!rise.array<48xf32>, !rise.array<48x!rise.pair<f32, f32>>> -> !rise.array<48x!rise.pair<f32, f32>>
    %zl4 = rise.zip %l10, %r10 : !rise.array<48xf32>, !rise.array<48x!rise.pair<f32, f32>> -> !rise.array<48x!rise.pair<f32, !rise.pair<f32, f32>>>
    rise.yield %zl4 : !rise.array<48x!rise.pair<f32, !rise.pair<f32, f32>>>
  }
  %res = rise.map %zall : !rise.array<64x48x!rise.pair<f32, !rise.pair<f32, f32>>> -> !rise.array<64x48xf32> {
  ^bb0(%line9: !rise.array<48x!rise.pair<f32, !rise.pair<f32, f32>>>):
    %inner9 = rise.map %line9 : !rise.array<48x!rise.pair<f32, !rise.pair<f32, f32>>> -> !rise.array<48xf32> {
    ^bb0(%q: !rise.pair<f32, !rise.pair<f32, f32>>):
      %qxx = rise.fst %q : !rise.pair<f32, !rise.pair<f32, f32>> -> f32
      %qr = rise.snd %q : !rise.pair<f32, !rise.pair<f32, f32>> -> !rise.pair<f32, f32>
      %qxy = rise.fst %qr : !rise.pair<f32, f32> -> f32
      %qyy = rise.snd %qr : !rise.pair<f32, f32> -> f32
      %dp = arith.mulf %qxx, %qyy : f32
      %dm = arith.mulf %qxy, %qxy : f32
      %det = arith.subf %dp, %dm : f32
      %trace = arith.addf %qxx, %qyy : f32
      %kt = arith.mulf %kappa, %trace : f32
      %ktt = arith.mulf %kt, %trace : f32
      %corner = arith.subf %det, %ktt : f32
      rise.yield %corner : f32
    }
    rise.yield %inner9 : !rise.array<48xf32>
  }
  rise.out %res, %out : !rise.array<64x48xf32>, memref<64x48xf32>
  return
}
