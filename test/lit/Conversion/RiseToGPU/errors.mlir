// Every diagnostic of convert-rise-to-gpu: misplaced GPU maps, nestings
// that mix levels, workgroup memory a work-item would own, and GPU maps
// whose result would have to be materialised. The pass fails at the op.

// RUN: %rise-opt %s --pass-pipeline='builtin.module(convert-rise-to-gpu)' \
// RUN:   -split-input-file -verify-diagnostics

func.func @map_outside_kernel(%x: memref<8xf32>, %y: memref<8xf32>) {
  %a = rise.in %x : memref<8xf32> -> !rise.array<8xf32>
  // expected-error @+1 {{convert-rise-to-gpu: 'rise.map global(0)' outside a 'rise.kernel'}}
  %g = rise.map global(0) %a : !rise.array<8xf32> -> !rise.array<8xf32> {
  ^bb0(%e: f32):
    rise.yield %e : f32
  }
  rise.out %g, %y : !rise.array<8xf32>, memref<8xf32>
  return
}

// -----

func.func @dim_out_of_range(%x: memref<8xf32>, %y: memref<8xf32>) {
  %a = rise.in %x : memref<8xf32> -> !rise.array<8xf32>
  %r = rise.kernel local [8] global [8] : !rise.array<8xf32> {
    // expected-error @+1 {{convert-rise-to-gpu: 'rise.map local(1)' uses dimension 1 but the kernel has 1}}
    %g = rise.map local(1) %a : !rise.array<8xf32> -> !rise.array<8xf32> {
    ^bb0(%e: f32):
      rise.yield %e : f32
    }
    rise.yield %g : !rise.array<8xf32>
  }
  rise.out %r, %y : !rise.array<8xf32>, memref<8xf32>
  return
}

// -----

func.func @global_in_workgroup(%x: memref<2x8xf32>, %y: memref<2x8xf32>) {
  %a = rise.in %x : memref<2x8xf32> -> !rise.array<2x8xf32>
  %r = rise.kernel local [8, 1] global [8, 2] : !rise.array<2x8xf32> {
    %w = rise.map workgroup(1) %a : !rise.array<2x8xf32> -> !rise.array<2x8xf32> {
    ^bb0(%row: !rise.array<8xf32>):
      // expected-error @+1 {{convert-rise-to-gpu: 'rise.map global(0)' inside a 'workgroup' map is not supported}}
      %g = rise.map global(0) %row : !rise.array<8xf32> -> !rise.array<8xf32> {
      ^bb0(%e: f32):
        rise.yield %e : f32
      }
      rise.yield %g : !rise.array<8xf32>
    }
    rise.yield %w : !rise.array<2x8xf32>
  }
  rise.out %r, %y : !rise.array<2x8xf32>, memref<2x8xf32>
  return
}

// -----

func.func @local_in_global(%x: memref<2x8xf32>, %y: memref<2x8xf32>) {
  %a = rise.in %x : memref<2x8xf32> -> !rise.array<2x8xf32>
  %r = rise.kernel local [8, 1] global [8, 2] : !rise.array<2x8xf32> {
    %w = rise.map global(1) %a : !rise.array<2x8xf32> -> !rise.array<2x8xf32> {
    ^bb0(%row: !rise.array<8xf32>):
      // expected-error @+1 {{convert-rise-to-gpu: 'rise.map local(0)' inside a 'global' map is not supported}}
      %g = rise.map local(0) %row : !rise.array<8xf32> -> !rise.array<8xf32> {
      ^bb0(%e: f32):
        rise.yield %e : f32
      }
      rise.yield %g : !rise.array<8xf32>
    }
    rise.yield %w : !rise.array<2x8xf32>
  }
  rise.out %r, %y : !rise.array<2x8xf32>, memref<2x8xf32>
  return
}

// -----

func.func @local_in_same_local(%x: memref<2x8xf32>, %y: memref<2x8xf32>) {
  %a = rise.in %x : memref<2x8xf32> -> !rise.array<2x8xf32>
  %r = rise.kernel local [8] global [8] : !rise.array<2x8xf32> {
    %w = rise.map local(0) %a : !rise.array<2x8xf32> -> !rise.array<2x8xf32> {
    ^bb0(%row: !rise.array<8xf32>):
      // expected-error @+1 {{convert-rise-to-gpu: 'rise.map local(0)' inside a 'local' map is not supported}}
      %g = rise.map local(0) %row : !rise.array<8xf32> -> !rise.array<8xf32> {
      ^bb0(%e: f32):
        rise.yield %e : f32
      }
      rise.yield %g : !rise.array<8xf32>
    }
    rise.yield %w : !rise.array<2x8xf32>
  }
  rise.out %r, %y : !rise.array<2x8xf32>, memref<2x8xf32>
  return
}

// -----

func.func @workgroup_in_local(%x: memref<2x8xf32>, %y: memref<2x8xf32>) {
  %a = rise.in %x : memref<2x8xf32> -> !rise.array<2x8xf32>
  %r = rise.kernel local [8, 1] global [8, 2] : !rise.array<2x8xf32> {
    %w = rise.map local(1) %a : !rise.array<2x8xf32> -> !rise.array<2x8xf32> {
    ^bb0(%row: !rise.array<8xf32>):
      // expected-error @+1 {{convert-rise-to-gpu: 'rise.map workgroup(0)' inside a 'local' map is not supported}}
      %g = rise.map workgroup(0) %row : !rise.array<8xf32> -> !rise.array<8xf32> {
      ^bb0(%e: f32):
        rise.yield %e : f32
      }
      rise.yield %g : !rise.array<8xf32>
    }
    rise.yield %w : !rise.array<2x8xf32>
  }
  rise.out %r, %y : !rise.array<2x8xf32>, memref<2x8xf32>
  return
}

// -----

func.func @par_in_kernel(%x: memref<8xf32>, %y: memref<8xf32>) {
  %a = rise.in %x : memref<8xf32> -> !rise.array<8xf32>
  %r = rise.kernel local [8] global [8] : !rise.array<8xf32> {
    // expected-error @+1 {{convert-rise-to-gpu: 'rise.map par' inside a 'rise.kernel' is not supported (use the global, workgroup or local forms)}}
    %g = rise.map par %a : !rise.array<8xf32> -> !rise.array<8xf32> {
    ^bb0(%e: f32):
      rise.yield %e : f32
    }
    rise.yield %g : !rise.array<8xf32>
  }
  rise.out %r, %y : !rise.array<8xf32>, memref<8xf32>
  return
}

// -----

func.func @kernel_in_kernel(%x: memref<8xf32>, %y: memref<8xf32>) {
  %a = rise.in %x : memref<8xf32> -> !rise.array<8xf32>
  %r = rise.kernel local [8] global [8] : !rise.array<8xf32> {
    // expected-error @+1 {{convert-rise-to-gpu: 'rise.kernel' inside a kernel is not supported}}
    %k = rise.kernel local [8] global [8] : !rise.array<8xf32> {
      rise.yield %a : !rise.array<8xf32>
    }
    rise.yield %k : !rise.array<8xf32>
  }
  rise.out %r, %y : !rise.array<8xf32>, memref<8xf32>
  return
}

// -----

func.func @local_mem_on_host(%x: memref<8xf32>, %y: memref<8xf32>) {
  %a = rise.in %x : memref<8xf32> -> !rise.array<8xf32>
  // expected-error @+1 {{convert-rise-to-gpu: 'rise.to_mem local' outside a 'rise.kernel': workgroup memory exists only in a work-group}}
  %m = rise.to_mem local %a : !rise.array<8xf32>
  rise.out %m, %y : !rise.array<8xf32>, memref<8xf32>
  return
}

// -----

func.func @local_mem_in_global(%x: memref<8x4xf32>, %y: memref<8xf32>) {
  %a = rise.in %x : memref<8x4xf32> -> !rise.array<8x4xf32>
  %r = rise.kernel local [8] global [8] : !rise.array<8xf32> {
    %g = rise.map global(0) %a : !rise.array<8x4xf32> -> !rise.array<8xf32> {
    ^bb0(%row: !rise.array<4xf32>):
      // expected-error @+1 {{convert-rise-to-gpu: 'rise.to_mem local' inside a 'global' map of a value that may differ between work-items: a single work-item cannot own workgroup memory}}
      %m = rise.to_mem local %row : !rise.array<4xf32>
      %i = arith.constant 0 : index
      %v = rise.idx %m[%i] : !rise.array<4xf32> -> f32
      rise.yield %v : f32
    }
    rise.yield %g : !rise.array<8xf32>
  }
  rise.out %r, %y : !rise.array<8xf32>, memref<8xf32>
  return
}

// -----

func.func @local_mem_per_item(%x: memref<8x4xf32>, %y: memref<8xf32>) {
  %a = rise.in %x : memref<8x4xf32> -> !rise.array<8x4xf32>
  %r = rise.kernel local [8] global [8] : !rise.array<8xf32> {
    %l = rise.map local(0) %a : !rise.array<8x4xf32> -> !rise.array<8xf32> {
    ^bb0(%row: !rise.array<4xf32>):
      // expected-error @+1 {{convert-rise-to-gpu: 'rise.to_mem local' inside a 'local' map of a value that may differ between work-items: a single work-item cannot own workgroup memory}}
      %m = rise.to_mem local %row : !rise.array<4xf32>
      %i = arith.constant 0 : index
      %v = rise.idx %m[%i] : !rise.array<4xf32> -> f32
      rise.yield %v : f32
    }
    rise.yield %l : !rise.array<8xf32>
  }
  rise.out %r, %y : !rise.array<8xf32>, memref<8xf32>
  return
}

// -----

// The staged value is the same for every item, but the local map gives an
// item two elements: its trips would have to wait for each other.
func.func @local_mem_inexact_item(%x: memref<4xf32>, %y: memref<16xf32>) {
  %a = rise.in %x : memref<4xf32> -> !rise.array<4xf32>
  %ids = rise.generate : !rise.array<16xindex> {
  ^bb0(%i: index):
    rise.yield %i : index
  }
  %r = rise.kernel local [8] global [8] : !rise.array<16xf32> {
    %l = rise.map local(0) %ids : !rise.array<16xindex> -> !rise.array<16xf32> {
    ^bb0(%i: index):
      // expected-error @+1 {{convert-rise-to-gpu: workgroup memory inside a 'global' or 'local' map that does not give every work-item exactly one element (its size must equal the launch's)}}
      %m = rise.to_mem local %a : !rise.array<4xf32>
      %c0 = arith.constant 0 : index
      %v = rise.idx %m[%c0] : !rise.array<4xf32> -> f32
      rise.yield %v : f32
    }
    rise.yield %l : !rise.array<16xf32>
  }
  rise.out %r, %y : !rise.array<16xf32>, memref<16xf32>
  return
}

// -----

func.func @local_map_reused(%x: memref<8xf32>, %y: memref<8xf32>) {
  %a = rise.in %x : memref<8xf32> -> !rise.array<8xf32>
  %r = rise.kernel local [8] global [8] : !rise.array<8xf32> {
    // expected-error @+1 {{convert-rise-to-gpu: 'rise.map' read more than once (store its result with rise.to_mem) is not supported}}
    %l = rise.map local(0) %a : !rise.array<8xf32> -> !rise.array<8xf32> {
    ^bb0(%e: f32):
      %s = arith.mulf %e, %e : f32
      rise.yield %s : f32
    }
    %z = rise.zip %l, %l : !rise.array<8xf32>, !rise.array<8xf32> -> !rise.array<8x!rise.pair<f32, f32>>
    %l2 = rise.map local(0) %z : !rise.array<8x!rise.pair<f32, f32>> -> !rise.array<8xf32> {
    ^bb0(%p: !rise.pair<f32, f32>):
      %u = rise.fst %p : !rise.pair<f32, f32> -> f32
      %v = rise.snd %p : !rise.pair<f32, f32> -> f32
      %s = arith.addf %u, %v : f32
      rise.yield %s : f32
    }
    rise.yield %l2 : !rise.array<8xf32>
  }
  rise.out %r, %y : !rise.array<8xf32>, memref<8xf32>
  return
}

// -----

func.func @scalar_kernel_on_host(%x: memref<8xf32>, %y: memref<f32>) {
  %a = rise.in %x : memref<8xf32> -> !rise.array<8xf32>
  %z = arith.constant 0.0 : f32
  // expected-error @+1 {{convert-rise-to-gpu: 'rise.kernel' of a non-array read by host code (write it with rise.out) is not supported}}
  %r = rise.kernel local [1] global [1] : f32 {
    %s = rise.reduce seq %z, %a : f32, !rise.array<8xf32> -> f32 {
    ^bb0(%acc: f32, %e: f32):
      %n = arith.addf %acc, %e : f32
      rise.yield %n : f32
    }
    rise.yield %s : f32
  }
  %d = arith.addf %r, %r : f32
  rise.out %d, %y : f32, memref<f32>
  return
}
