//===- RiseDialect.cpp - rise dialect, types and custom syntax -------------===//
//
// Hand-written C++ is kept to what ODS cannot express: the shorthand array
// syntax, the optional pattern-kind keyword, and a one-line forwarder from
// each op's verify() to the C type checker.
//
//===----------------------------------------------------------------------===//

#include "ariadne/Dialect/Rise/RiseDialect.h"
#include "ariadne-c/Rise.h"
#include "ariadne-c/Types.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace ariadne::rise;

#include "ariadne/Dialect/Rise/RiseOpsDialect.cpp.inc"
#include "ariadne/Dialect/Rise/RiseOpsEnums.cpp.inc"

void RiseDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "ariadne/Dialect/Rise/RiseOpsTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "ariadne/Dialect/Rise/RiseOps.cpp.inc"
      >();
}

// `!rise.array<4x8xf32>` is `4.8.f32`: the dimension list is peeled into
// nested array types, innermost last.
Type ArrayType::parse(AsmParser &parser) {
  SmallVector<int64_t> dims;
  Type elem;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(dims, /*allowDynamic=*/false) ||
      parser.parseType(elem) || parser.parseGreater())
    return {};
  if (dims.empty()) {
    parser.emitError(loc, "rise array type needs at least one size");
    return {};
  }
  MLIRContext *ctx = parser.getContext();
  for (int64_t d : llvm::reverse(dims)) {
    elem = ArrayType::getChecked([&] { return parser.emitError(loc); }, ctx,
                                 IntegerAttr::get(IndexType::get(ctx), d), elem);
    if (!elem)
      return {};
  }
  return elem;
}

// Arrays and pairs hold data only: functions are never stored (thesis 3.1.2).
LogicalResult ArrayType::verify(function_ref<InFlightDiagnostic()> emitError,
                                IntegerAttr size, Type elementType) {
  if (!size || !size.getType().isIndex() || size.getInt() <= 0)
    return emitError() << "rise array size must be positive, got "
                       << (size ? size.getInt() : 0);
  if (!riseIsDataType(wrap(elementType)))
    return emitError() << "rise array elements must be data (scalar, 1-D vector, "
                          "pair or array), got "
                       << elementType;
  return success();
}

LogicalResult PairType::verify(function_ref<InFlightDiagnostic()> emitError,
                               Type first, Type second) {
  for (Type t : {first, second})
    if (!riseIsDataType(wrap(t)))
      return emitError() << "rise pair components must be data (scalar, 1-D "
                            "vector, pair or array), got "
                         << t;
  return success();
}

void ArrayType::print(AsmPrinter &printer) const {
  printer << '<';
  Type t = *this;
  while (auto a = llvm::dyn_cast<ArrayType>(t)) {
    printer << a.getStaticSize() << 'x';
    t = a.getElementType();
  }
  printer << t << '>';
}

static ParseResult parsePatternKind(OpAsmParser &parser, PatternKindAttr &kind,
                                    IntegerAttr &dim) {
  StringRef kw;
  SMLoc loc = parser.getCurrentLocation();
  if (failed(parser.parseOptionalKeyword(&kw)))
    return success();
  std::optional<PatternKind> k = symbolizePatternKind(kw);
  if (!k)
    return parser.emitError(loc, "unknown rise pattern kind '") << kw << "'";
  kind = PatternKindAttr::get(parser.getContext(), *k);
  if (succeeded(parser.parseOptionalLParen())) {
    int32_t d;
    if (parser.parseInteger(d) || parser.parseRParen())
      return failure();
    dim = parser.getBuilder().getI32IntegerAttr(d);
  }
  return success();
}

static void printPatternKind(OpAsmPrinter &printer, Operation *,
                             PatternKindAttr kind, IntegerAttr dim) {
  if (!kind)
    return;
  printer << stringifyPatternKind(kind.getValue());
  if (dim)
    printer << '(' << dim.getInt() << ')';
  printer << ' ';
}

static ParseResult parseReduceKind(OpAsmParser &parser, PatternKindAttr &kind) {
  IntegerAttr dim;
  SMLoc loc = parser.getCurrentLocation();
  if (parsePatternKind(parser, kind, dim))
    return failure();
  if (dim)
    return parser.emitError(loc, "rise.reduce takes no dimension");
  return success();
}

static void printReduceKind(OpAsmPrinter &printer, Operation *op,
                            PatternKindAttr kind) {
  printPatternKind(printer, op, kind, {});
}

#define GET_TYPEDEF_CLASSES
#include "ariadne/Dialect/Rise/RiseOpsTypes.cpp.inc"

#define GET_OP_CLASSES
#include "ariadne/Dialect/Rise/RiseOps.cpp.inc"

// The type rules live in C (dialect/lib/verify.c) so that they are shared
// with the interpreter's and the term store's checks. The forwarders come
// from the C op list, so an ODS op that the list lacks has no verify() and
// the dialect fails to link.
#define RISE_OP(Kind, Name, OdsClass)                                          \
  LogicalResult OdsClass::verify() {                                           \
    return mlirLogicalResultIsSuccess(ariadneRiseVerifyOp(wrap(getOperation()))) \
               ? success()                                                     \
               : failure();                                                    \
  }
#include "ariadne-c/RiseOps.def"

// The C op list (ariadne-c/RiseOps.def) against ODS, at compile time: as
// many entries as ODS has ops, each named as its class, in the byte order
// that riseOpKind's binary search relies on.
namespace {
template <typename... Ops>
constexpr size_t countOps() {
  return sizeof...(Ops);
}

constexpr int compareNames(const char *a, const char *b) {
  for (; *a && *a == *b; ++a, ++b) {
  }
  return (unsigned char)*a - (unsigned char)*b;
}

constexpr bool sameName(llvm::StringLiteral ods, const char *name) {
  size_t i = 0;
  for (; i < ods.size() && name[i] == ods.data()[i]; ++i) {
  }
  return i == ods.size() && name[i] == 0;
}

constexpr bool namesSorted() {
  const char *names[] = {
#define RISE_OP(Kind, Name, OdsClass) Name,
#include "ariadne-c/RiseOps.def"
  };
  for (size_t i = 1; i < sizeof names / sizeof names[0]; ++i)
    if (compareNames(names[i - 1], names[i]) >= 0)
      return false;
  return true;
}
} // namespace

static_assert(countOps<
#define GET_OP_LIST
#include "ariadne/Dialect/Rise/RiseOps.cpp.inc"
                  >() == RISE_OP_NUM_KINDS - 1,
              "ariadne-c/RiseOps.def must list every op of RiseOps.td once");
#define RISE_OP(Kind, Name, OdsClass)                                          \
  static_assert(sameName(OdsClass::getOperationName(), Name),                  \
                "ariadne-c/RiseOps.def: " #OdsClass " is not named " Name);
#include "ariadne-c/RiseOps.def"
static_assert(namesSorted(), "ariadne-c/RiseOps.def must list the ops in byte order of "
                             "their names (riseOpKind binary-searches it)");
