// The linear-algebra primitives of the Knossos paper's benchmarks.
// Scalars are f32 function arguments; the last argument is always the output.
//
// @axpy(%a, %x: n, %y: n, %out: n):   out[i] = a*x[i] + y[i]
// @scal(%a, %x: n, %out: n):          out[i] = a*x[i]
// @gemm(%alpha, %beta, %A: m x k, %B: k x n, %C: m x n, %out: m x n):
//     out[i][j] = alpha*(sum_k A[i][k]*B[k][j]) + beta*C[i][j]
//     (the sum is a left fold from 0; %C is only read, not updated in place)
// @outer(%x: m, %y: n, %out: m x n):  out[i][j] = x[i]*y[j]
//
// Full sizes: axpy/scal n = 1048576, gemm 1024 x 1024 x 1024, outer 1024 x 1024.
// _small: axpy/scal n = 37, gemm m = 7, k = 9, n = 5, outer 7 x 13.

func.func @axpy(%a: f32, %x: memref<1048576xf32>, %y: memref<1048576xf32>, %out: memref<1048576xf32>) {
  %xs = rise.in %x : memref<1048576xf32> -> !rise.array<1048576xf32>
  %ys = rise.in %y : memref<1048576xf32> -> !rise.array<1048576xf32>
  %xy = rise.zip %xs, %ys : !rise.array<1048576xf32>, !rise.array<1048576xf32> -> !rise.array<1048576x!rise.pair<f32, f32>>
  %res = rise.map %xy : !rise.array<1048576x!rise.pair<f32, f32>> -> !rise.array<1048576xf32> {
  ^bb0(%p: !rise.pair<f32, f32>):
    %xi = rise.fst %p : !rise.pair<f32, f32> -> f32
    %yi = rise.snd %p : !rise.pair<f32, f32> -> f32
    %ax = arith.mulf %a, %xi : f32
    %r = arith.addf %ax, %yi : f32
    rise.yield %r : f32
  }
  rise.out %res, %out : !rise.array<1048576xf32>, memref<1048576xf32>
  return
}

func.func @axpy_small(%a: f32, %x: memref<37xf32>, %y: memref<37xf32>, %out: memref<37xf32>) {
  %xs = rise.in %x : memref<37xf32> -> !rise.array<37xf32>
  %ys = rise.in %y : memref<37xf32> -> !rise.array<37xf32>
  %xy = rise.zip %xs, %ys : !rise.array<37xf32>, !rise.array<37xf32> -> !rise.array<37x!rise.pair<f32, f32>>
  %res = rise.map %xy : !rise.array<37x!rise.pair<f32, f32>> -> !rise.array<37xf32> {
  ^bb0(%p: !rise.pair<f32, f32>):
    %xi = rise.fst %p : !rise.pair<f32, f32> -> f32
    %yi = rise.snd %p : !rise.pair<f32, f32> -> f32
    %ax = arith.mulf %a, %xi : f32
    %r = arith.addf %ax, %yi : f32
    rise.yield %r : f32
  }
  rise.out %res, %out : !rise.array<37xf32>, memref<37xf32>
  return
}

func.func @scal(%a: f32, %x: memref<1048576xf32>, %out: memref<1048576xf32>) {
  %xs = rise.in %x : memref<1048576xf32> -> !rise.array<1048576xf32>
  %res = rise.map %xs : !rise.array<1048576xf32> -> !rise.array<1048576xf32> {
  ^bb0(%xi: f32):
    %r = arith.mulf %a, %xi : f32
    rise.yield %r : f32
  }
  rise.out %res, %out : !rise.array<1048576xf32>, memref<1048576xf32>
  return
}

func.func @scal_small(%a: f32, %x: memref<37xf32>, %out: memref<37xf32>) {
  %xs = rise.in %x : memref<37xf32> -> !rise.array<37xf32>
  %res = rise.map %xs : !rise.array<37xf32> -> !rise.array<37xf32> {
  ^bb0(%xi: f32):
    %r = arith.mulf %a, %xi : f32
    rise.yield %r : f32
  }
  rise.out %res, %out : !rise.array<37xf32>, memref<37xf32>
  return
}

func.func @gemm(%alpha: f32, %beta: f32, %A: memref<1024x1024xf32>, %B: memref<1024x1024xf32>, %C: memref<1024x1024xf32>, %out: memref<1024x1024xf32>) {
  %a = rise.in %A : memref<1024x1024xf32> -> !rise.array<1024x1024xf32>
  %b = rise.in %B : memref<1024x1024xf32> -> !rise.array<1024x1024xf32>
  %c = rise.in %C : memref<1024x1024xf32> -> !rise.array<1024x1024xf32>
  %bt = rise.transpose %b : !rise.array<1024x1024xf32> -> !rise.array<1024x1024xf32>
  %zero = arith.constant 0.0 : f32
  %ab = rise.map %a : !rise.array<1024x1024xf32> -> !rise.array<1024x1024xf32> {
  ^bb0(%arow: !rise.array<1024xf32>):
    %abrow = rise.map %bt : !rise.array<1024x1024xf32> -> !rise.array<1024xf32> {
    ^bb0(%bcol: !rise.array<1024xf32>):
      %dzip = rise.zip %arow, %bcol : !rise.array<1024xf32>, !rise.array<1024xf32> -> !rise.array<1024x!rise.pair<f32, f32>>
      %dprod = rise.map %dzip : !rise.array<1024x!rise.pair<f32, f32>> -> !rise.array<1024xf32> {
      ^bb0(%p: !rise.pair<f32, f32>):
        %l = rise.fst %p : !rise.pair<f32, f32> -> f32
        %r = rise.snd %p : !rise.pair<f32, f32> -> f32
        %m = arith.mulf %l, %r : f32
        rise.yield %m : f32
      }
      %dsum = rise.reduce %zero, %dprod : f32, !rise.array<1024xf32> -> f32 {
      ^bb0(%acc: f32, %v: f32):
        %s = arith.addf %acc, %v : f32
        rise.yield %s : f32
      }
      rise.yield %dsum : f32
    }
    rise.yield %abrow : !rise.array<1024xf32>
  }
  %zrows = rise.zip %ab, %c : !rise.array<1024x1024xf32>, !rise.array<1024x1024xf32> -> !rise.array<1024x!rise.pair<!rise.array<1024xf32>, !rise.array<1024xf32>>>
  %z = rise.map %zrows : !rise.array<1024x!rise.pair<!rise.array<1024xf32>, !rise.array<1024xf32>>> -> !rise.array<1024x1024x!rise.pair<f32, f32>> {
  ^bb0(%p1: !rise.pair<!rise.array<1024xf32>, !rise.array<1024xf32>>):
    %l1 = rise.fst %p1 : !rise.pair<!rise.array<1024xf32>, !rise.array<1024xf32>> -> !rise.array<1024xf32>
    %r1 = rise.snd %p1 : !rise.pair<!rise.array<1024xf32>, !rise.array<1024xf32>> -> !rise.array<1024xf32>
    %zl = rise.zip %l1, %r1 : !rise.array<1024xf32>, !rise.array<1024xf32> -> !rise.array<1024x!rise.pair<f32, f32>>
    rise.yield %zl : !rise.array<1024x!rise.pair<f32, f32>>
  }
  %res = rise.map %z : !rise.array<1024x1024x!rise.pair<f32, f32>> -> !rise.array<1024x1024xf32> {
  ^bb0(%line: !rise.array<1024x!rise.pair<f32, f32>>):
    %inner = rise.map %line : !rise.array<1024x!rise.pair<f32, f32>> -> !rise.array<1024xf32> {
    ^bb0(%p2: !rise.pair<f32, f32>):
      %abij = rise.fst %p2 : !rise.pair<f32, f32> -> f32
      %cij = rise.snd %p2 : !rise.pair<f32, f32> -> f32
      %sab = arith.mulf %alpha, %abij : f32
      %sc = arith.mulf %beta, %cij : f32
      %r = arith.addf %sab, %sc : f32
      rise.yield %r : f32
    }
    rise.yield %inner : !rise.array<1024xf32>
  }
  rise.out %res, %out : !rise.array<1024x1024xf32>, memref<1024x1024xf32>
  return
}

func.func @gemm_small(%alpha: f32, %beta: f32, %A: memref<7x9xf32>, %B: memref<9x5xf32>, %C: memref<7x5xf32>, %out: memref<7x5xf32>) {
  %a = rise.in %A : memref<7x9xf32> -> !rise.array<7x9xf32>
  %b = rise.in %B : memref<9x5xf32> -> !rise.array<9x5xf32>
  %c = rise.in %C : memref<7x5xf32> -> !rise.array<7x5xf32>
  %bt = rise.transpose %b : !rise.array<9x5xf32> -> !rise.array<5x9xf32>
  %zero = arith.constant 0.0 : f32
  %ab = rise.map %a : !rise.array<7x9xf32> -> !rise.array<7x5xf32> {
  ^bb0(%arow: !rise.array<9xf32>):
    %abrow = rise.map %bt : !rise.array<5x9xf32> -> !rise.array<5xf32> {
    ^bb0(%bcol: !rise.array<9xf32>):
      %dzip = rise.zip %arow, %bcol : !rise.array<9xf32>, !rise.array<9xf32> -> !rise.array<9x!rise.pair<f32, f32>>
      %dprod = rise.map %dzip : !rise.array<9x!rise.pair<f32, f32>> -> !rise.array<9xf32> {
      ^bb0(%p: !rise.pair<f32, f32>):
        %l = rise.fst %p : !rise.pair<f32, f32> -> f32
        %r = rise.snd %p : !rise.pair<f32, f32> -> f32
        %m = arith.mulf %l, %r : f32
        rise.yield %m : f32
      }
      %dsum = rise.reduce %zero, %dprod : f32, !rise.array<9xf32> -> f32 {
      ^bb0(%acc: f32, %v: f32):
        %s = arith.addf %acc, %v : f32
        rise.yield %s : f32
      }
      rise.yield %dsum : f32
    }
    rise.yield %abrow : !rise.array<5xf32>
  }
  %zrows = rise.zip %ab, %c : !rise.array<7x5xf32>, !rise.array<7x5xf32> -> !rise.array<7x!rise.pair<!rise.array<5xf32>, !rise.array<5xf32>>>
  %z = rise.map %zrows : !rise.array<7x!rise.pair<!rise.array<5xf32>, !rise.array<5xf32>>> -> !rise.array<7x5x!rise.pair<f32, f32>> {
  ^bb0(%p1: !rise.pair<!rise.array<5xf32>, !rise.array<5xf32>>):
    %l1 = rise.fst %p1 : !rise.pair<!rise.array<5xf32>, !rise.array<5xf32>> -> !rise.array<5xf32>
    %r1 = rise.snd %p1 : !rise.pair<!rise.array<5xf32>, !rise.array<5xf32>> -> !rise.array<5xf32>
    %zl = rise.zip %l1, %r1 : !rise.array<5xf32>, !rise.array<5xf32> -> !rise.array<5x!rise.pair<f32, f32>>
    rise.yield %zl : !rise.array<5x!rise.pair<f32, f32>>
  }
  %res = rise.map %z : !rise.array<7x5x!rise.pair<f32, f32>> -> !rise.array<7x5xf32> {
  ^bb0(%line: !rise.array<5x!rise.pair<f32, f32>>):
    %inner = rise.map %line : !rise.array<5x!rise.pair<f32, f32>> -> !rise.array<5xf32> {
    ^bb0(%p2: !rise.pair<f32, f32>):
      %abij = rise.fst %p2 : !rise.pair<f32, f32> -> f32
      %cij = rise.snd %p2 : !rise.pair<f32, f32> -> f32
      %sab = arith.mulf %alpha, %abij : f32
      %sc = arith.mulf %beta, %cij : f32
      %r = arith.addf %sab, %sc : f32
      rise.yield %r : f32
    }
    rise.yield %inner : !rise.array<5xf32>
  }
  rise.out %res, %out : !rise.array<7x5xf32>, memref<7x5xf32>
  return
}

func.func @outer(%x: memref<1024xf32>, %y: memref<1024xf32>, %out: memref<1024x1024xf32>) {
  %xs = rise.in %x : memref<1024xf32> -> !rise.array<1024xf32>
  %ys = rise.in %y : memref<1024xf32> -> !rise.array<1024xf32>
  %res = rise.map %xs : !rise.array<1024xf32> -> !rise.array<1024x1024xf32> {
  ^bb0(%xi: f32):
    %row = rise.map %ys : !rise.array<1024xf32> -> !rise.array<1024xf32> {
    ^bb0(%yj: f32):
      %r = arith.mulf %xi, %yj : f32
      rise.yield %r : f32
    }
    rise.yield %row : !rise.array<1024xf32>
  }
  rise.out %res, %out : !rise.array<1024x1024xf32>, memref<1024x1024xf32>
  return
}

func.func @outer_small(%x: memref<7xf32>, %y: memref<13xf32>, %out: memref<7x13xf32>) {
  %xs = rise.in %x : memref<7xf32> -> !rise.array<7xf32>
  %ys = rise.in %y : memref<13xf32> -> !rise.array<13xf32>
  %res = rise.map %xs : !rise.array<7xf32> -> !rise.array<7x13xf32> {
  ^bb0(%xi: f32):
    %row = rise.map %ys : !rise.array<13xf32> -> !rise.array<13xf32> {
    ^bb0(%yj: f32):
      %r = arith.mulf %xi, %yj : f32
      rise.yield %r : f32
    }
    rise.yield %row : !rise.array<13xf32>
  }
  rise.out %res, %out : !rise.array<7x13xf32>, memref<7x13xf32>
  return
}
