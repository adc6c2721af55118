// Fuzz seed: pairs (zip, unzip, pair, fst, snd), every scalar type, scalar
// function arguments, rank-0 memrefs and reduce with a pair accumulator.
func.func @minmax(%a: memref<5xi64>, %b: memref<5xi64>, %lo: memref<i64>, %hi: memref<5xi64>) {
  %x = rise.in %a : memref<5xi64> -> !rise.array<5xi64>
  %y = rise.in %b : memref<5xi64> -> !rise.array<5xi64>
  %z = rise.zip %x, %y : !rise.array<5xi64>, !rise.array<5xi64> -> !rise.array<5x!rise.pair<i64, i64>>
  %u:2 = rise.unzip %z : !rise.array<5x!rise.pair<i64, i64>> -> !rise.array<5xi64>, !rise.array<5xi64>
  %c = arith.constant 9 : i64
  %d = arith.constant -9 : i64
  %init = rise.pair %c, %d : i64, i64 -> !rise.pair<i64, i64>
  %r = rise.reduce seq %init, %u#0 : !rise.pair<i64, i64>, !rise.array<5xi64> -> !rise.pair<i64, i64> {
  ^bb0(%acc: !rise.pair<i64, i64>, %v: i64):
    %m = rise.fst %acc : !rise.pair<i64, i64> -> i64
    %n = rise.snd %acc : !rise.pair<i64, i64> -> i64
    %m2 = arith.minsi %m, %v : i64
    %n2 = arith.maxsi %n, %v : i64
    %p = rise.pair %m2, %n2 : i64, i64 -> !rise.pair<i64, i64>
    rise.yield %p : !rise.pair<i64, i64>
  }
  %f = rise.fst %r : !rise.pair<i64, i64> -> i64
  rise.out %f, %lo : i64, memref<i64>
  %s = rise.map %z : !rise.array<5x!rise.pair<i64, i64>> -> !rise.array<5xi64> {
  ^bb0(%q: !rise.pair<i64, i64>):
    %e = rise.snd %q : !rise.pair<i64, i64> -> i64
    %g = arith.subi %e, %c : i64
    rise.yield %g : i64
  }
  rise.out %s, %hi : !rise.array<5xi64>, memref<5xi64>
  return
}

func.func @scalars(%k: f32, %n: index, %m: memref<3xi1>, %o: memref<3xi32>, %w: memref<2xindex>) {
  %x = rise.in %m : memref<3xi1> -> !rise.array<3xi1>
  %r = rise.map %x : !rise.array<3xi1> -> !rise.array<3xi32> {
  ^bb0(%b: i1):
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %s = arith.select %b, %one, %zero : i32
    rise.yield %s : i32
  }
  rise.out %r, %o : !rise.array<3xi32>, memref<3xi32>
  %g = rise.generate : !rise.array<2xindex> {
  ^bb0(%i: index):
    %j = arith.addi %i, %n : index
    rise.yield %j : index
  }
  rise.out %g, %w : !rise.array<2xindex>, memref<2xindex>
  return
}
