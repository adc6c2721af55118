// Errors of the hand-written parsers in dialect/lib/RiseDialect.cpp: the
// pattern-kind keyword of map and reduce, and the shorthand array type.
// RUN: %rise-opt %s -split-input-file -verify-diagnostics

func.func @map_unknown_kind(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{unknown rise pattern kind 'parallel'}}
  %0 = rise.map parallel %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @reduce_unknown_kind(%a: !rise.array<4xf32>, %z: f32) {
  // expected-error @+1 {{unknown rise pattern kind 'tree'}}
  %0 = rise.reduce tree %z, %a : f32, !rise.array<4xf32> -> f32 {
  ^bb0(%acc: f32, %x: f32):
    rise.yield %acc : f32
  }
  return
}

// -----

func.func @reduce_with_dim(%a: !rise.array<4xf32>, %z: f32) {
  // expected-error @+1 {{rise.reduce takes no dimension}}
  %0 = rise.reduce seq(0) %z, %a : f32, !rise.array<4xf32> -> f32 {
  ^bb0(%acc: f32, %x: f32):
    rise.yield %acc : f32
  }
  return
}

// -----

func.func @map_dim_not_integer(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{expected integer value}}
  %0 = rise.map global(x) %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

func.func @map_dim_unclosed(%a: !rise.array<4xf32>) {
  // expected-error @+1 {{expected ')'}}
  %0 = rise.map global(0 %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}

// -----

// expected-error @+1 {{rise array size must be positive, got 0}}
func.func @array_zero(%a: !rise.array<0xf32>) {
  return
}

// -----

// Every size of the shorthand is checked, not only the outer one.
// expected-error @+1 {{rise array size must be positive, got 0}}
func.func @array_inner_zero(%a: !rise.array<4x0xf32>) {
  return
}

// -----

// parseDimensionList does not accept a sign, so a negative size fails
// before the rise parser sees it.
// expected-error @+1 {{expected non-function type}}
func.func @array_negative(%a: !rise.array<-1xf32>) {
  return
}

// -----

// expected-error @+1 {{rise array type needs at least one size}}
func.func @array_no_size(%a: !rise.array<f32>) {
  return
}

// -----

// Sizes are static today.
// expected-error @+1 {{expected static shape}}
func.func @array_dynamic(%a: !rise.array<?xf32>) {
  return
}

// -----

// expected-error @+1 {{expected ','}}
func.func @pair_one_component(%a: !rise.pair<f32>) {
  return
}
