// rise-eqsat{report-format=json}: one JSON object per function on the
// report (here a file), with the fields of ariadne-eqsat --report=json's
// goals; a guide that is not satisfied is said in the object only.

// RUN: %rise-opt %S/guides.mlir --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=fuseSplit func=f report=%t.json report-format=json})' -o /dev/null
// RUN: %python -c "import json,sys; [print(d['pass'], d['func'], d['goal'], d['found'], [(g['guide'], g['stop'], g['iterations'] > 0, g['e_nodes'] >= g['e_classes'] > 0) for g in d['guides']]) for d in map(json.loads, open(sys.argv[1]))]" %t.json | FileCheck %s
// CHECK: rise-eqsat f goal fuseSplit True [('fuse', 'goal', True, True), ('split', 'goal', True, True)]

// --dump-pass-pipeline keeps the option.
// RUN: %rise-opt %S/guides.mlir --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides goal=fuseSplit func=f report=none report-format=json})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: report-format=json

// RUN: not %rise-opt %S/guides.mlir --pass-pipeline='builtin.module(rise-eqsat{guides=%S/Inputs/small.guides report-format=xml})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: report-format
