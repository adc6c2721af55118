/*===- costmodel/features.h - features of terms for the cost models -------===*\
 *
 * Turns a term of the store (search/term/term.h) into numbers a cost model
 * reads: one record per loop level and one fixed-length vector of doubles
 * per program, without lowering it, so that a search can score thousands
 * of candidates per second (about 20 us for a 200-node program; see
 * docs/costmodel.md, "Features", for every feature and the measurement).
 *
 * What is counted follows convert-rise-to-affine (passes/lower/
 * rise_to_affine.h) and the interpreter's work counters (rise-stats):
 *   - every map, reduce, generate and ring fill is a loop LEVEL: map and
 *     reduce run their lambda `extent` times (`map vec` over <w>t: w lanes),
 *     generate its function once per element, circular_buffer/rotate_values
 *     their load once per input element. Level 0 is the program itself;
 *   - each distinct subterm is computed once per iteration of the innermost
 *     level whose binder it uses (shared SSA values, loop-invariant code
 *     hoisted): a closed term once per run;
 *   - a map is LAZY until it is consumed: read element-wise by a map or
 *     reduce of the same scope, and used once, it is fused (computed per
 *     element read, in the reader's level, where the element is used);
 *     written by a root or to_mem (through join/split/transpose/as_scalar)
 *     it writes in place;
 *     otherwise -- `map par`/GPU maps read by a pattern, used twice, read
 *     from inside a lambda, through idx or other views -- it is
 *     materialised into a temporary buffer (an allocation, stores, then
 *     loads);
 *   - views (zip, split, join, transpose, slide, pad, as_vector, idx, ...)
 *     are index arithmetic: an element read is a load from the buffer
 *     underneath at an affine offset of the enclosing loop indices, from
 *     which its stride and footprint follow;
 *   - to_mem, materialised maps, array accumulators and rings allocate,
 *     once per run or once per iteration of the innermost enclosing
 *     parallel level (the lowering's per-thread buffers).
 * On imported programs without rewrites, flops and transcendentals equal
 * rise-stats' (test/costmodel/features_test.c checks every example whose
 * import merged no duplicate ops).
 *
 * Counts are totals per program run: a level's figures are already
 * multiplied by the trip counts of its enclosing levels.
 *
 * Memory: all working memory lives in an AriFeatWork (an arena reset per
 * call), so that extraction does no malloc once the work area has grown
 * to the size of the largest program seen.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ARIADNE_COSTMODEL_FEATURES_H
#define ARIADNE_COSTMODEL_FEATURES_H

#include "search/term/term.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The layout of the program vector: model files record it and refuse a
 * vector of another version. Bump it whenever a feature is added, removed,
 * reordered or changes meaning. */
#define ARI_FEAT_VERSION 1

/* Arithmetic op classes of the histogram (rows). */
#define ARI_FEAT_OPCLASSES(X)                                                         \
  X(ADD, "add", "addf/addi/subf/subi")                                               \
  X(MUL, "mul", "mulf/muli")                                                         \
  X(DIV, "div", "divf/remf and the integer divisions and remainders")                \
  X(FMA, "fma", "math.fma")                                                          \
  X(MINMAX, "minmax", "maximumf/minimumf/maxnumf/minnumf/maxsi/minsi/maxui/minui")   \
  X(CMP, "cmp", "cmpf/cmpi")                                                         \
  X(SELECT, "select", "arith.select")                                                \
  X(CAST, "cast", "ext/trunc/int<->float/index_cast/bitcast")                        \
  X(BITS, "bits", "andi/ori/xori/shli/shrsi/shrui")                                  \
  X(UNARY, "unary", "negf/absf/absi/copysign/floor/ceil/round")                      \
  X(TRANS, "trans", "transcendentals: exp/log/sqrt/rsqrt/sin/cos/tan/tanh/pow/...")  \
  X(OTHER, "other", "any other op")

/* Scalar types of the histogram (columns), by the op's result element
 * type (cmp: by its operands'). */
#define ARI_FEAT_SCALARS(X)                 \
  X(F16, "f16", "f16 and bf16")             \
  X(F32, "f32", "f32")                      \
  X(F64, "f64", "f64")                      \
  X(I1, "i1", "i1")                         \
  X(I32, "i32", "i8, i16 and i32")          \
  X(I64, "i64", "i64")                      \
  X(INDEX, "index", "index")

enum {
#define ARI_FEAT_X(id, name, doc) ARI_FEAT_OPC_##id,
  ARI_FEAT_OPCLASSES(ARI_FEAT_X)
#undef ARI_FEAT_X
  ARI_FEAT_NUM_OPCLASSES
};
enum {
#define ARI_FEAT_X(id, name, doc) ARI_FEAT_TY_##id,
  ARI_FEAT_SCALARS(ARI_FEAT_X)
#undef ARI_FEAT_X
  ARI_FEAT_NUM_SCALARS
};

/* The program vector's scalar features: X(ID, name, unit, meaning). The
 * histogram of ops (ARI_FEAT_NUM_OPCLASSES x ARI_FEAT_NUM_SCALARS entries,
 * named ops_<class>_<type>) follows them, from ARI_FEAT_HIST. */
#define ARI_FEAT_PROGRAM(X)                                                                    \
  X(FLOPS, "flops", "FLOP", "floating-point operations (rise-stats' flops: fma counts 2)")     \
  X(TRANSCENDENTALS, "transcendentals", "ops", "transcendental ops (rise-stats' list)")        \
  X(OPS, "ops", "ops", "all arith/math op executions but constants, per lane")                 \
  X(INT_OPS, "int_ops", "ops", "op executions on integer or index values")                     \
  X(VECTOR_OPS, "vector_ops", "ops", "op lanes run as vector instructions (map vec, vectors)")    \
  X(BYTES_LOADED, "bytes_loaded", "B", "bytes loaded from buffers (inputs, temporaries, ...)") \
  X(BYTES_STORED, "bytes_stored", "B", "bytes stored into buffers (outputs, temporaries)")     \
  X(BYTES_UNIT, "bytes_unit_stride", "B", "bytes moved with stride 1 in their level's index")  \
  X(BYTES_STRIDED, "bytes_strided", "B", "bytes moved with a larger constant stride")          \
  X(BYTES_INVARIANT, "bytes_invariant", "B", "bytes moved at an offset its level does not vary") \
  X(BYTES_GATHER, "bytes_gather", "B", "bytes moved at offsets that are not affine")            \
  X(FOOTPRINT, "footprint", "B", "unique bytes the whole run touches (level 0's footprint)")   \
  X(REUSE, "reuse", "ratio", "(bytes_loaded + bytes_stored) / footprint; 0 if no footprint")   \
  X(INPUT_BYTES, "input_bytes", "B", "size of the input buffers read (rise.in)")                \
  X(OUTPUT_BYTES, "output_bytes", "B", "size of the values written by the roots")              \
  X(ALLOC_BYTES, "alloc_bytes", "B", "bytes of all buffers the run allocates, each once")       \
  X(ALLOCS, "allocs", "count", "allocations executed (per parallel iteration when inside one)") \
  X(HEAP_ALLOCS, "heap_allocs", "count", "of those, heap ones (global or over 256 KiB)")        \
  X(TO_MEM_BYTES, "to_mem_bytes", "B", "bytes of the to_mem buffers (their working set)")       \
  X(RING_BYTES, "ring_bytes", "B", "bytes of the circular-buffer rings")                       \
  X(TEMP_BYTES, "temp_bytes", "B", "bytes of materialised maps and array accumulators")         \
  X(MAX_BUFFER_BYTES, "max_buffer_bytes", "B", "the largest allocated buffer")                  \
  X(LEVELS, "levels", "count", "loop levels (level 0, the program, not counted)")              \
  X(MAX_DEPTH, "max_depth", "count", "deepest loop nesting")                                    \
  X(LEVELS_SEQ, "levels_seq", "count", "levels run sequentially (seq, copies, ring fills)")   \
  X(LEVELS_PAR, "levels_par", "count", "`par` levels")                                          \
  X(LEVELS_VEC, "levels_vec", "count", "`vec` levels")                                          \
  X(LEVELS_UNROLL, "levels_unroll", "count", "`unroll` levels")                                 \
  X(LEVELS_GPU, "levels_gpu", "count", "global/workgroup/local levels")                         \
  X(LEVELS_STREAM, "levels_stream", "count", "stream/iterate levels")                           \
  X(LEVELS_HIGH, "levels_high", "count", "levels with no low-level choice yet (kind none)")     \
  X(MATERIALISED, "materialised", "count", "maps materialised into temporaries")                \
  X(FUSED, "fused", "count", "producer maps and generates fused into their reader")             \
  X(PAR_EXTENT, "par_extent", "iters", "extent of the outermost parallel level (1 if none)")    \
  X(PAR_MAX, "par_max", "iters", "most parallel iterations nested (product of par extents)")    \
  X(WORK_PER_TASK, "work_per_task", "ops", "ops per iteration of the outermost parallel level") \
  X(BYTES_PER_TASK, "bytes_per_task", "B", "bytes moved per iteration of that level")           \
  X(FOOTPRINT_PER_TASK, "footprint_per_task", "B", "unique bytes per iteration of that level")  \
  X(PAR_FRACTION, "par_fraction", "ratio", "fraction of ops run inside a parallel level")       \
  X(VEC_FRACTION, "vec_fraction", "ratio", "vector_ops / ops")               \
  X(MEAN_VEC_WIDTH, "mean_vec_width", "lanes", "mean lanes per op instruction, op-weighted") \
  X(HOT_DEPTH, "hot_depth", "count", "depth of the hot level (the level with most ops+moves)")  \
  X(HOT_EXTENT, "hot_extent", "iters", "its extent")                                            \
  X(HOT_KIND, "hot_kind", "enum", "its pattern kind (AriPatternKind value)")                   \
  X(HOT_VEC_WIDTH, "hot_vec_width", "lanes", "its vector width")                                \
  X(HOT_TRIPS, "hot_trips", "iters", "iterations of its body per run")                          \
  X(HOT_OPS, "hot_ops", "ops", "ops executed in it (not in nested levels)")                     \
  X(HOT_FLOPS, "hot_flops", "FLOP", "flops executed in it")                                     \
  X(HOT_BYTES_LOADED, "hot_bytes_loaded", "B", "bytes it loads")                                \
  X(HOT_BYTES_STORED, "hot_bytes_stored", "B", "bytes it stores")                               \
  X(HOT_UNIT_FRACTION, "hot_unit_fraction", "ratio", "fraction of its bytes moved unit-stride") \
  X(HOT_FOOTPRINT, "hot_footprint", "B", "unique bytes of one execution of it")                 \
  X(HOT_FOOTPRINT_ITER, "hot_footprint_iter", "B", "unique bytes of one iteration of it")

enum {
#define ARI_FEAT_X(id, name, unit, doc) ARI_FEAT_##id,
  ARI_FEAT_PROGRAM(ARI_FEAT_X)
#undef ARI_FEAT_X
  ARI_FEAT_HIST, /* ops_<class>_<type>: index ARI_FEAT_HIST + class * NUM_SCALARS + type */
  ARI_FEAT_COUNT = ARI_FEAT_HIST + ARI_FEAT_NUM_OPCLASSES * ARI_FEAT_NUM_SCALARS
};

/* What makes a loop level. */
typedef enum AriFeatLoop {
  ARI_FEAT_LOOP_PROGRAM, /* level 0: the run itself, extent 1 */
  ARI_FEAT_LOOP_MAP,     /* a map, materialised or written in place */
  ARI_FEAT_LOOP_REDUCE,
  ARI_FEAT_LOOP_GENERATE, /* a generate materialised */
  ARI_FEAT_LOOP_RING,     /* circular_buffer / rotate_values: the load per input element */
  ARI_FEAT_LOOP_COPY      /* an array value copied into a buffer */
} AriFeatLoop;

/* One loop level. Every count is a total per run (already multiplied by
 * the enclosing levels' trips) and covers this level's own body only, not
 * its nested levels; footprints cover the nested levels too. */
typedef struct AriFeatLevel {
  AriFeatLoop loop;
  AriPatternKind pattern; /* seq, par, vec, ...; SEQ for copies and rings */
  int parent;             /* index of the enclosing level; -1 for level 0 */
  unsigned depth;         /* 0 for level 0, 1 for an outermost loop, ... */
  int64_t extent;         /* iterations per execution */
  int64_t vecWidth;       /* lanes: w for `map vec` over <w>t, else 1 */
  double outerTrips;      /* executions of the loop: product of enclosing extents */
  double trips;           /* iterations of its body per run: outerTrips * extent */
  double parallel;        /* product of the par/GPU extents of it and its ancestors */
  double ops[ARI_FEAT_NUM_OPCLASSES][ARI_FEAT_NUM_SCALARS];
  double opsTotal, flops, transcendentals, intOps;
  double libmCalls; /* op lanes lowered to a C library call (exp, log, sin, tanh, pow, ...;
                       not sqrt): one call per lane, vector forms scalarised */
  double vectorOps; /* op lanes run as vector instructions: on vector operands, or in a
                       `map vec` level (itself or an enclosing one) */
  double laneOps;   /* sum over op executions of opsTotal times their instruction's lanes */
  double bytesLoaded, bytesStored;
  double bytesUnit, bytesStrided, bytesInvariant, bytesGather; /* loads + stores */
  double gatherLanes; /* vector lanes loaded or stored one by one: a vector whose lanes are
                         not adjacent in memory (a column's), a scalar load and an insert
                         (or an extract and a store) each */
  double accLanes;  /* a reduce: the scalars of its accumulator when it is held in
                       registers (a vector: its lanes; an R-tuple of them, R times
                       that): independent chains; 0 for an array accumulator */
  bool exactStep;   /* a reduce whose step is one exactly associative op of the
                       accumulator and the element (max/min of floats, integer add, mul,
                       and, or, xor, max, min): LLVM vectorises it without fast-math, so
                       it is no chain (a float add is one) */
  double pageSteps; /* steps of its strided accesses into a new page (4 KiB): in a reduce,
                       every step of a page or more; in any loop, steps of s < 4 KiB
                       (counted s / 4 KiB each) when one pass walks more than 64 pages
                       (a TLB's worth); gathers excluded */
  double footprint;     /* unique bytes one execution touches, nested levels included */
  double footprintIter; /* unique bytes one iteration touches */
  double allocs, heapAllocs; /* executed per run, of the buffers homed here */
  double toMemBytes, ringBytes, tempBytes; /* working set of buffers homed here */
  double subtreeOps, subtreeBytes; /* opsTotal / loads+stores of it and its nested levels */
} AriFeatLevel;

/* What a buffer holds. */
typedef enum AriFeatBufKind {
  ARI_FEAT_BUF_INPUT,   /* a rise.in argument */
  ARI_FEAT_BUF_OUTPUT,  /* a root's destination */
  ARI_FEAT_BUF_LITERAL, /* a rise.literal (constant data) */
  ARI_FEAT_BUF_TEMP,    /* a materialised map or an array accumulator */
  ARI_FEAT_BUF_TO_MEM,  /* a to_mem buffer */
  ARI_FEAT_BUF_RING     /* a circular_buffer's ring of `alloc` slots */
} AriFeatBufKind;

/* One buffer: its working set and where it lives. */
typedef struct AriFeatBuffer {
  AriFeatBufKind kind;
  int level;        /* the level it is allocated in (0: once per run) */
  double bytes;     /* its size */
  double footprint; /* unique bytes of it the run touches (at most bytes) */
  double loaded, stored; /* bytes moved from and to it per run */
} AriFeatBuffer;

typedef struct AriFeatures {
  unsigned version; /* ARI_FEAT_VERSION */
  double v[ARI_FEAT_COUNT];
  unsigned numLevels;
  const AriFeatLevel *levels; /* level 0 first, parents before children */
  unsigned numBuffers;
  const AriFeatBuffer *buffers;
  /* levels and buffers live in the work area until its next use */
} AriFeatures;

typedef enum AriFeatStatus {
  ARI_FEAT_OK = 0,
  ARI_FEAT_ERR_BAD_TERM,    /* NULL, not a data term, or not closed */
  ARI_FEAT_ERR_UNSUPPORTED, /* a function that is not a lambda, a lambda used as data, ... */
  ARI_FEAT_ERR_TOO_DEEP,    /* terms nested over 2000 deep, arrays of rank above
                               ARI_FEAT_MAX_RANK */
  ARI_FEAT_ERR_NOMEM
} AriFeatStatus;

enum { ARI_FEAT_MAX_RANK = 12 };

/* A reusable work area (arena and tables); every call needs one (NULL is
 * ARI_FEAT_ERR_BAD_TERM). NULL when out of memory. */
typedef struct AriFeatWork AriFeatWork;
AriFeatWork *ariFeatWorkCreate(void);
void ariFeatWorkDestroy(AriFeatWork *w); /* NULL is a no-op */

/* A reason for the last failure of a call with this work area, naming the
 * offending term's kind ("" after success). */
const char *ariFeatWorkError(const AriFeatWork *w);

/* Features of the closed data term `t`, taken as a program whose result is
 * written to an output buffer. `s` is t's store: terms with APP redexes are
 * beta-normalised into it first. On failure *out is zeroed, the status says
 * what is wrong and ariFeatWorkError why. */
AriFeatStatus ariCostFeatures(AriTermStore *s, AriTerm *t, AriFeatures *out, AriFeatWork *w);

/* The same for a function: OUT roots are written to their argument, RETURN
 * roots returned, KEEP roots computed (rise-stats counts them too); shared
 * subterms are computed once for all roots. */
AriFeatStatus ariCostFeaturesFunc(AriTermStore *s, const AriTermFunc *f, AriFeatures *out,
                                  AriFeatWork *w);

/* The name of feature i of the program vector (NULL when out of range),
 * its unit and its one-line meaning; the index of a name, -1 if none. */
const char *ariFeatName(unsigned i);
const char *ariFeatUnit(unsigned i);
const char *ariFeatDoc(unsigned i);
int ariFeatIndex(const char *name);

/* "ok", "bad term", ... */
const char *ariFeatStatusName(AriFeatStatus st);

#ifdef __cplusplus
}
#endif

#endif /* ARIADNE_COSTMODEL_FEATURES_H */
