// rise-rewrite{report-format=json}: one JSON object per function on the
// report's output; progress=N: a line every N rules fired (the time in it
// is not checked).

// RUN: %rise-opt %S/rewrite.mlir --pass-pipeline='builtin.module(rise-rewrite{strategy="normalize(mapFusion) ; splitJoin(2) @ outermost(isMap)" report-format=json output=%t.json})' -o /dev/null
// RUN: %python -c "import json,sys; [print(d['pass'], d['func'], d['fired'], d['tried'] >= d['fired'], d['strategy_steps'] > 0, d['changed']) for d in map(json.loads, open(sys.argv[1]))]" %t.json | FileCheck %s
// CHECK: rise-rewrite twomaps 2 True True True
// CHECK: rise-rewrite other 2 True True True

// RUN: %rise-opt %S/rewrite.mlir --pass-pipeline='builtin.module(rise-rewrite{strategy="normalize(mapFusion) ; splitJoin(2) @ outermost(isMap)" report=false progress=1})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROGRESS
// PROGRESS: rise-rewrite @twomaps: progress: 1 rules fired, {{[0-9.]+}} s
// PROGRESS: rise-rewrite @twomaps: progress: 2 rules fired, {{[0-9.]+}} s
// PROGRESS-NOT: rise-rewrite @twomaps: #

// RUN: not %rise-opt %S/rewrite.mlir --pass-pipeline='builtin.module(rise-rewrite{strategy=id report-format=yaml})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: report-format
