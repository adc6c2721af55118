// The printer puts exactly one space between the op name and its input when
// a map or reduce has no kind. FileCheck ignores runs of spaces unless told
// otherwise, so ops.mlir cannot see this. (The kind directive prints its own
// trailing space, so an absent kind leaves exactly one.)
//
// RUN: %rise-opt %s | FileCheck %s --strict-whitespace

// CHECK: {{^}}    %{{.*}} = rise.map %arg0 : !rise.array<4xf32> -> !rise.array<4xf32> {
// CHECK: {{^}}    %{{.*}} = rise.reduce %{{.*}}, %arg0 : f32, !rise.array<4xf32> -> f32 {
// CHECK: {{^}}    %{{.*}} = rise.map seq %arg0 : !rise.array<4xf32> -> !rise.array<4xf32> {
func.func @f(%a: !rise.array<4xf32>, %z: f32) {
  %0 = rise.map %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  %1 = rise.reduce %z, %a : f32, !rise.array<4xf32> -> f32 {
  ^bb0(%acc: f32, %x: f32):
    rise.yield %acc : f32
  }
  %2 = rise.map seq %a : !rise.array<4xf32> -> !rise.array<4xf32> {
  ^bb0(%x: f32):
    rise.yield %x : f32
  }
  return
}
