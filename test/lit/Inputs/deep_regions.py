# Writes a function whose rise.map regions nest DEPTH deep (argv[1]). With a
# second argument LIMIT, the map that opens region LIMIT+1 carries an
# expected-error for -verify-diagnostics (import's region depth limit).
# Each level reduces the next level's map, so the nesting is live in the
# term: map(lam(reduce(.., map(lam(...))))).
import sys

depth = int(sys.argv[1])
limit = int(sys.argv[2]) if len(sys.argv) > 2 else None
arr = "!rise.array<1xf32>"
out = ["func.func @deep(%a: memref<1xf32>, %o: memref<1xf32>) {",
       "  %in = rise.in %a : memref<1xf32> -> " + arr]
src = "%in"
for k in range(depth):
    ind = ""
    if limit is not None and k == limit:
        out.append(ind + "// expected-error @below {{regions nested deeper than %d}}" % limit)
    out.append("%s%%m%d = rise.map %s : %s -> %s {" % (ind, k, src, arr, arr))
    out.append("%s^bb0(%%x%d: f32):" % (ind, k))
    src = "%in"
out.append("rise.yield %%x%d : f32" % (depth - 1))
for k in reversed(range(depth)):
    ind = ""
    out.append(ind + "}")
    if k > 0:
        out.append("%s%%r%d = rise.reduce %%x%d, %%m%d : f32, %s -> f32 {" % (ind, k, k - 1, k, arr))
        out.append(ind + "^bb0(%%p%d: f32, %%q%d: f32):" % (k, k))
        out.append(ind + "  %%s%d = arith.addf %%p%d, %%q%d : f32" % (k, k, k))
        out.append(ind + "  rise.yield %%s%d : f32" % k)
        out.append(ind + "}")
        out.append(ind + "rise.yield %%r%d : f32" % k)
out.append("  rise.out %m0, %o : " + arr + ", memref<1xf32>")
out.append("  return")
out.append("}")
print("\n".join(out))
