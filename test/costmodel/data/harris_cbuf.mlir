// harris_naive_small (test/bench/harris.mlir) as harris.elv's cbufRrot(32, 8) derives it:
// circular buffers, iterate streams, rotated values, as_vector lines written
// through as_scalar (features_test: it must have features).
func.func @harris_naive_small(%arg0: memref<3x68x52xf32>, %arg1: memref<64x48xf32>) {
  %0 = rise.in %arg0 : memref<3x68x52xf32> -> !rise.array<3x68x52xf32>
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 4.000000e-02 : f32
  %1 = rise.literal dense<[2.990000e-01, 5.870000e-01, 1.140000e-01]> : tensor<3xf32> -> !rise.array<3xf32>
  %2 = rise.transpose %0 : !rise.array<3x68x52xf32> -> !rise.array<68x3x52xf32>
  %3 = rise.vector_from_scalar %cst : f32 -> vector<8xf32>
  %4 = rise.literal dense<[1.000000e+00, -0.000000e+00, -1.000000e+00]> : tensor<3xf32> -> !rise.array<3xf32>
  %5 = rise.literal dense<[-0.0833333358, -0.166666672, -0.0833333358]> : tensor<3xf32> -> !rise.array<3xf32>
  %6 = rise.literal dense<[5.000000e-01, 1.000000e+00, 5.000000e-01]> : tensor<3xf32> -> !rise.array<3xf32>
  %7 = rise.literal dense<[-0.166666672, 0.000000e+00, 0.166666672]> : tensor<3xf32> -> !rise.array<3xf32>
  %8 = rise.slide 36, 32 %2 : !rise.array<68x3x52xf32> -> !rise.array<2x36x3x52xf32>
  %9 = rise.map par %8 : !rise.array<2x36x3x52xf32> -> !rise.array<2x32x48xf32> {
  ^bb0(%arg2: !rise.array<36x3x52xf32>):
    %11 = rise.circular_buffer global 3, 3 %arg2 : !rise.array<36x3x52xf32> -> !rise.array<34x3x52xf32> {
    ^bb0(%arg3: !rise.array<3x52xf32>):
      %14 = rise.transpose %arg3 : !rise.array<3x52xf32> -> !rise.array<52x3xf32>
      %15 = rise.map seq %14 : !rise.array<52x3xf32> -> !rise.array<52xf32> {
      ^bb0(%arg4: !rise.array<3xf32>):
        %16 = rise.zip %arg4, %1 : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
        %17 = rise.reduce unroll %cst, %16 : f32, !rise.array<3x!rise.pair<f32, f32>> -> f32 {
        ^bb0(%arg5: f32, %arg6: !rise.pair<f32, f32>):
          %18 = rise.fst %arg6 : !rise.pair<f32, f32> -> f32
          %19 = rise.snd %arg6 : !rise.pair<f32, f32> -> f32
          %20 = arith.mulf %18, %19 : f32
          %21 = arith.addf %arg5, %20 : f32
          rise.yield %21 : f32
        }
        rise.yield %17 : f32
      }
      rise.yield %15 : !rise.array<52xf32>
    }
    %12 = rise.circular_buffer global 3, 3 %11 : !rise.array<34x3x52xf32> -> !rise.array<32x3x!rise.pair<!rise.array<50xf32>, !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>>> {
    ^bb0(%arg3: !rise.array<3x52xf32>):
      %14 = rise.transpose %arg3 : !rise.array<3x52xf32> -> !rise.array<52x3xf32>
      %15 = rise.map seq %14 : !rise.array<52x3xf32> -> !rise.array<52xf32> {
      ^bb0(%arg4: !rise.array<3xf32>):
        %29 = rise.zip %5, %arg4 : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
        %30 = rise.reduce unroll %cst, %29 : f32, !rise.array<3x!rise.pair<f32, f32>> -> f32 {
        ^bb0(%arg5: f32, %arg6: !rise.pair<f32, f32>):
          %31 = rise.fst %arg6 : !rise.pair<f32, f32> -> f32
          %32 = rise.snd %arg6 : !rise.pair<f32, f32> -> f32
          %33 = arith.mulf %31, %32 : f32
          %34 = arith.addf %arg5, %33 : f32
          rise.yield %34 : f32
        }
        rise.yield %30 : f32
      }
      %16 = rise.to_mem private %15 : !rise.array<52xf32>
      %17 = rise.rotate_values private 3 %16 : !rise.array<52xf32> -> !rise.array<50x3xf32> {
      ^bb0(%arg4: f32):
        rise.yield %arg4 : f32
      }
      %18 = rise.map iterate %17 : !rise.array<50x3xf32> -> !rise.array<50xf32> {
      ^bb0(%arg4: !rise.array<3xf32>):
        %29 = rise.zip %4, %arg4 : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
        %30 = rise.reduce unroll %cst, %29 : f32, !rise.array<3x!rise.pair<f32, f32>> -> f32 {
        ^bb0(%arg5: f32, %arg6: !rise.pair<f32, f32>):
          %35 = rise.fst %arg6 : !rise.pair<f32, f32> -> f32
          %36 = rise.snd %arg6 : !rise.pair<f32, f32> -> f32
          %37 = arith.mulf %35, %36 : f32
          %38 = arith.addf %arg5, %37 : f32
          rise.yield %38 : f32
        }
        %31 = rise.pair %30, %30 : f32, f32 -> !rise.pair<f32, f32>
        %32 = rise.fst %31 : !rise.pair<f32, f32> -> f32
        %33 = rise.snd %31 : !rise.pair<f32, f32> -> f32
        %34 = arith.mulf %32, %33 : f32
        rise.yield %34 : f32
      }
      %19 = rise.map iterate %17 : !rise.array<50x3xf32> -> !rise.array<50xf32> {
      ^bb0(%arg4: !rise.array<3xf32>):
        %29 = rise.zip %4, %arg4 : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
        %30 = rise.reduce unroll %cst, %29 : f32, !rise.array<3x!rise.pair<f32, f32>> -> f32 {
        ^bb0(%arg5: f32, %arg6: !rise.pair<f32, f32>):
          %31 = rise.fst %arg6 : !rise.pair<f32, f32> -> f32
          %32 = rise.snd %arg6 : !rise.pair<f32, f32> -> f32
          %33 = arith.mulf %31, %32 : f32
          %34 = arith.addf %arg5, %33 : f32
          rise.yield %34 : f32
        }
        rise.yield %30 : f32
      }
      %20 = rise.map seq %14 : !rise.array<52x3xf32> -> !rise.array<52xf32> {
      ^bb0(%arg4: !rise.array<3xf32>):
        %29 = rise.zip %7, %arg4 : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
        %30 = rise.reduce unroll %cst, %29 : f32, !rise.array<3x!rise.pair<f32, f32>> -> f32 {
        ^bb0(%arg5: f32, %arg6: !rise.pair<f32, f32>):
          %31 = rise.fst %arg6 : !rise.pair<f32, f32> -> f32
          %32 = rise.snd %arg6 : !rise.pair<f32, f32> -> f32
          %33 = arith.mulf %31, %32 : f32
          %34 = arith.addf %arg5, %33 : f32
          rise.yield %34 : f32
        }
        rise.yield %30 : f32
      }
      %21 = rise.to_mem private %20 : !rise.array<52xf32>
      %22 = rise.rotate_values private 3 %21 : !rise.array<52xf32> -> !rise.array<50x3xf32> {
      ^bb0(%arg4: f32):
        rise.yield %arg4 : f32
      }
      %23 = rise.map iterate %22 : !rise.array<50x3xf32> -> !rise.array<50xf32> {
      ^bb0(%arg4: !rise.array<3xf32>):
        %29 = rise.zip %6, %arg4 : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
        %30 = rise.reduce unroll %cst, %29 : f32, !rise.array<3x!rise.pair<f32, f32>> -> f32 {
        ^bb0(%arg5: f32, %arg6: !rise.pair<f32, f32>):
          %31 = rise.fst %arg6 : !rise.pair<f32, f32> -> f32
          %32 = rise.snd %arg6 : !rise.pair<f32, f32> -> f32
          %33 = arith.mulf %31, %32 : f32
          %34 = arith.addf %arg5, %33 : f32
          rise.yield %34 : f32
        }
        rise.yield %30 : f32
      }
      %24 = rise.zip %19, %23 : !rise.array<50xf32>, !rise.array<50xf32> -> !rise.array<50x!rise.pair<f32, f32>>
      %25 = rise.map seq %24 : !rise.array<50x!rise.pair<f32, f32>> -> !rise.array<50xf32> {
      ^bb0(%arg4: !rise.pair<f32, f32>):
        %29 = rise.fst %arg4 : !rise.pair<f32, f32> -> f32
        %30 = rise.snd %arg4 : !rise.pair<f32, f32> -> f32
        %31 = arith.mulf %29, %30 : f32
        rise.yield %31 : f32
      }
      %26 = rise.map iterate %22 : !rise.array<50x3xf32> -> !rise.array<50xf32> {
      ^bb0(%arg4: !rise.array<3xf32>):
        %29 = rise.zip %6, %arg4 : !rise.array<3xf32>, !rise.array<3xf32> -> !rise.array<3x!rise.pair<f32, f32>>
        %30 = rise.reduce unroll %cst, %29 : f32, !rise.array<3x!rise.pair<f32, f32>> -> f32 {
        ^bb0(%arg5: f32, %arg6: !rise.pair<f32, f32>):
          %35 = rise.fst %arg6 : !rise.pair<f32, f32> -> f32
          %36 = rise.snd %arg6 : !rise.pair<f32, f32> -> f32
          %37 = arith.mulf %35, %36 : f32
          %38 = arith.addf %arg5, %37 : f32
          rise.yield %38 : f32
        }
        %31 = rise.pair %30, %30 : f32, f32 -> !rise.pair<f32, f32>
        %32 = rise.fst %31 : !rise.pair<f32, f32> -> f32
        %33 = rise.snd %31 : !rise.pair<f32, f32> -> f32
        %34 = arith.mulf %32, %33 : f32
        rise.yield %34 : f32
      }
      %27 = rise.pair %25, %26 : !rise.array<50xf32>, !rise.array<50xf32> -> !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>
      %28 = rise.pair %18, %27 : !rise.array<50xf32>, !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>> -> !rise.pair<!rise.array<50xf32>, !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>>
      rise.yield %28 : !rise.pair<!rise.array<50xf32>, !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>>
    }
    %13 = rise.map iterate %12 : !rise.array<32x3x!rise.pair<!rise.array<50xf32>, !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>>> -> !rise.array<32x48xf32> {
    ^bb0(%arg3: !rise.array<3x!rise.pair<!rise.array<50xf32>, !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>>>):
      %14 = rise.map %arg3 : !rise.array<3x!rise.pair<!rise.array<50xf32>, !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>>> -> !rise.array<3x50xf32> {
      ^bb0(%arg4: !rise.pair<!rise.array<50xf32>, !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>>):
        %47 = rise.fst %arg4 : !rise.pair<!rise.array<50xf32>, !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>> -> !rise.array<50xf32>
        rise.yield %47 : !rise.array<50xf32>
      }
      %15 = rise.transpose %14 : !rise.array<3x50xf32> -> !rise.array<50x3xf32>
      %16 = rise.map seq %15 : !rise.array<50x3xf32> -> !rise.array<50xf32> {
      ^bb0(%arg4: !rise.array<3xf32>):
        %47 = rise.reduce unroll %cst, %arg4 : f32, !rise.array<3xf32> -> f32 {
        ^bb0(%arg5: f32, %arg6: f32):
          %48 = arith.addf %arg5, %arg6 : f32
          rise.yield %48 : f32
        }
        rise.yield %47 : f32
      }
      %17 = rise.slide 3, 1 %16 : !rise.array<50xf32> -> !rise.array<48x3xf32>
      %18 = rise.transpose %17 : !rise.array<48x3xf32> -> !rise.array<3x48xf32>
      %19 = rise.map %18 : !rise.array<3x48xf32> -> !rise.array<3x6xvector<8xf32>> {
      ^bb0(%arg4: !rise.array<48xf32>):
        %47 = rise.as_vector 8 %arg4 : !rise.array<48xf32> -> !rise.array<6xvector<8xf32>>
        rise.yield %47 : !rise.array<6xvector<8xf32>>
      }
      %20 = rise.transpose %19 : !rise.array<3x6xvector<8xf32>> -> !rise.array<6x3xvector<8xf32>>
      %21 = rise.map seq %20 : !rise.array<6x3xvector<8xf32>> -> !rise.array<6xvector<8xf32>> {
      ^bb0(%arg4: !rise.array<3xvector<8xf32>>):
        %47 = rise.reduce unroll %3, %arg4 : vector<8xf32>, !rise.array<3xvector<8xf32>> -> vector<8xf32> {
        ^bb0(%arg5: vector<8xf32>, %arg6: vector<8xf32>):
          %48 = arith.addf %arg5, %arg6 : vector<8xf32>
          rise.yield %48 : vector<8xf32>
        }
        rise.yield %47 : vector<8xf32>
      }
      %22 = rise.as_scalar %21 : !rise.array<6xvector<8xf32>> -> !rise.array<48xf32>
      %23 = rise.to_mem private %22 : !rise.array<48xf32>
      %24 = rise.map %arg3 : !rise.array<3x!rise.pair<!rise.array<50xf32>, !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>>> -> !rise.array<3x50xf32> {
      ^bb0(%arg4: !rise.pair<!rise.array<50xf32>, !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>>):
        %47 = rise.snd %arg4 : !rise.pair<!rise.array<50xf32>, !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>> -> !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>
        %48 = rise.fst %47 : !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>> -> !rise.array<50xf32>
        rise.yield %48 : !rise.array<50xf32>
      }
      %25 = rise.transpose %24 : !rise.array<3x50xf32> -> !rise.array<50x3xf32>
      %26 = rise.map seq %25 : !rise.array<50x3xf32> -> !rise.array<50xf32> {
      ^bb0(%arg4: !rise.array<3xf32>):
        %47 = rise.reduce unroll %cst, %arg4 : f32, !rise.array<3xf32> -> f32 {
        ^bb0(%arg5: f32, %arg6: f32):
          %48 = arith.addf %arg5, %arg6 : f32
          rise.yield %48 : f32
        }
        rise.yield %47 : f32
      }
      %27 = rise.slide 3, 1 %26 : !rise.array<50xf32> -> !rise.array<48x3xf32>
      %28 = rise.transpose %27 : !rise.array<48x3xf32> -> !rise.array<3x48xf32>
      %29 = rise.map %28 : !rise.array<3x48xf32> -> !rise.array<3x6xvector<8xf32>> {
      ^bb0(%arg4: !rise.array<48xf32>):
        %47 = rise.as_vector 8 %arg4 : !rise.array<48xf32> -> !rise.array<6xvector<8xf32>>
        rise.yield %47 : !rise.array<6xvector<8xf32>>
      }
      %30 = rise.transpose %29 : !rise.array<3x6xvector<8xf32>> -> !rise.array<6x3xvector<8xf32>>
      %31 = rise.map seq %30 : !rise.array<6x3xvector<8xf32>> -> !rise.array<6xvector<8xf32>> {
      ^bb0(%arg4: !rise.array<3xvector<8xf32>>):
        %47 = rise.reduce unroll %3, %arg4 : vector<8xf32>, !rise.array<3xvector<8xf32>> -> vector<8xf32> {
        ^bb0(%arg5: vector<8xf32>, %arg6: vector<8xf32>):
          %48 = arith.addf %arg5, %arg6 : vector<8xf32>
          rise.yield %48 : vector<8xf32>
        }
        rise.yield %47 : vector<8xf32>
      }
      %32 = rise.as_scalar %31 : !rise.array<6xvector<8xf32>> -> !rise.array<48xf32>
      %33 = rise.to_mem private %32 : !rise.array<48xf32>
      %34 = rise.map %arg3 : !rise.array<3x!rise.pair<!rise.array<50xf32>, !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>>> -> !rise.array<3x50xf32> {
      ^bb0(%arg4: !rise.pair<!rise.array<50xf32>, !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>>):
        %47 = rise.snd %arg4 : !rise.pair<!rise.array<50xf32>, !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>> -> !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>>
        %48 = rise.snd %47 : !rise.pair<!rise.array<50xf32>, !rise.array<50xf32>> -> !rise.array<50xf32>
        rise.yield %48 : !rise.array<50xf32>
      }
      %35 = rise.transpose %34 : !rise.array<3x50xf32> -> !rise.array<50x3xf32>
      %36 = rise.map seq %35 : !rise.array<50x3xf32> -> !rise.array<50xf32> {
      ^bb0(%arg4: !rise.array<3xf32>):
        %47 = rise.reduce unroll %cst, %arg4 : f32, !rise.array<3xf32> -> f32 {
        ^bb0(%arg5: f32, %arg6: f32):
          %48 = arith.addf %arg5, %arg6 : f32
          rise.yield %48 : f32
        }
        rise.yield %47 : f32
      }
      %37 = rise.slide 3, 1 %36 : !rise.array<50xf32> -> !rise.array<48x3xf32>
      %38 = rise.transpose %37 : !rise.array<48x3xf32> -> !rise.array<3x48xf32>
      %39 = rise.map %38 : !rise.array<3x48xf32> -> !rise.array<3x6xvector<8xf32>> {
      ^bb0(%arg4: !rise.array<48xf32>):
        %47 = rise.as_vector 8 %arg4 : !rise.array<48xf32> -> !rise.array<6xvector<8xf32>>
        rise.yield %47 : !rise.array<6xvector<8xf32>>
      }
      %40 = rise.transpose %39 : !rise.array<3x6xvector<8xf32>> -> !rise.array<6x3xvector<8xf32>>
      %41 = rise.map seq %40 : !rise.array<6x3xvector<8xf32>> -> !rise.array<6xvector<8xf32>> {
      ^bb0(%arg4: !rise.array<3xvector<8xf32>>):
        %47 = rise.reduce unroll %3, %arg4 : vector<8xf32>, !rise.array<3xvector<8xf32>> -> vector<8xf32> {
        ^bb0(%arg5: vector<8xf32>, %arg6: vector<8xf32>):
          %48 = arith.addf %arg5, %arg6 : vector<8xf32>
          rise.yield %48 : vector<8xf32>
        }
        rise.yield %47 : vector<8xf32>
      }
      %42 = rise.as_scalar %41 : !rise.array<6xvector<8xf32>> -> !rise.array<48xf32>
      %43 = rise.to_mem private %42 : !rise.array<48xf32>
      %44 = rise.zip %33, %43 : !rise.array<48xf32>, !rise.array<48xf32> -> !rise.array<48x!rise.pair<f32, f32>>
      %45 = rise.zip %23, %44 : !rise.array<48xf32>, !rise.array<48x!rise.pair<f32, f32>> -> !rise.array<48x!rise.pair<f32, !rise.pair<f32, f32>>>
      %46 = rise.map seq %45 : !rise.array<48x!rise.pair<f32, !rise.pair<f32, f32>>> -> !rise.array<48xf32> {
      ^bb0(%arg4: !rise.pair<f32, !rise.pair<f32, f32>>):
        %47 = rise.fst %arg4 : !rise.pair<f32, !rise.pair<f32, f32>> -> f32
        %48 = rise.snd %arg4 : !rise.pair<f32, !rise.pair<f32, f32>> -> !rise.pair<f32, f32>
        %49 = rise.snd %48 : !rise.pair<f32, f32> -> f32
        %50 = arith.mulf %47, %49 : f32
        %51 = rise.fst %48 : !rise.pair<f32, f32> -> f32
        %52 = arith.mulf %51, %51 : f32
        %53 = arith.subf %50, %52 : f32
        %54 = arith.addf %47, %49 : f32
        %55 = arith.mulf %cst_0, %54 : f32
        %56 = arith.mulf %55, %54 : f32
        %57 = arith.subf %53, %56 : f32
        rise.yield %57 : f32
      }
      rise.yield %46 : !rise.array<48xf32>
    }
    rise.yield %13 : !rise.array<32x48xf32>
  }
  %10 = rise.join %9 : !rise.array<2x32x48xf32> -> !rise.array<64x48xf32>
  rise.out %10, %arg1 : !rise.array<64x48xf32>, memref<64x48xf32>
  return
}
