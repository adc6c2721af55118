//===- Registration.cpp - Ariadne's C passes in MLIR's pass registry ------===//
//
// MLIR finds passes by name only through its C++ registry, so each C pass
// description (include/ariadne-c/Pass.h) is wrapped in a Pass whose
// options, statistics and run are forwarded to C. ariRegisterAllPasses()
// is the one entry point: the mlir-opt plugin (PluginShim.cpp) calls it, and
// libAriadne.so exports it for C programs (mlirParsePassPipeline). A pass is
// one line in ariPassList (registry.c), a pipeline one line in kPipelines.
//
// Options are real pass options (mlir::Pass::Option), so that `--help` lists
// them and a pass prints with them (--dump-pass-pipeline, crash
// reproducers); the C option parser stays the one that reads them, and the
// option objects mirror the values it parsed.
//
// Statistics: Debian's libMLIR is a release build, whose pass-statistics
// report is compiled out (LLVM_ENABLE_STATS is 0: `--mlir-pass-statistics`
// prints an empty report for every pass, MLIR's own included). The C
// counters are therefore summed here over the clones of one pass and
// printed in MLIR's list format after that report, when the pipeline that
// ran them is destroyed and the tool was asked for statistics.
//
//===----------------------------------------------------------------------===//

#include "ariadne-c/Pass.h"
#include "passes/gpu/rise_to_gpu.h"
#include "passes/linalg_to_rise.h"
#include "passes/lower/rise_to_affine.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include "llvm/ADT/StringExtras.h"

#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

namespace {

// Counters of one pass in one pipeline, shared by its clones; printed when
// the last clone is destroyed. Reference-counted by hand: std::shared_ptr
// would leave libstdc++'s unique type-info symbols in libAriadne.so's
// dynamic symbol table (test/layers/exports.py).
struct Counters {
  const AriPassInfo *info;
  std::atomic<unsigned> refs{1};
  std::mutex lock;
  std::vector<uint64_t> sums;
  bool ran = false;

  explicit Counters(const AriPassInfo *info) : info(info), sums(info->numStatistics) {}
  Counters *retain() {
    refs.fetch_add(1);
    return this;
  }
  void release() {
    if (refs.fetch_sub(1) == 1)
      delete this;
  }
  void add(const std::vector<uint64_t> &v) {
    std::lock_guard<std::mutex> g(lock);
    for (size_t i = 0; i < v.size(); ++i)
      sums[i] += v[i];
    ran = true;
  }
  ~Counters() {
    if (!ran || sums.empty() || !statisticsRequested())
      return;
    // MLIR's list format: "  pass\n    (S) value name - description".
    size_t nameWidth = 0, valueWidth = 0;
    for (size_t i = 0; i < sums.size(); ++i) {
      nameWidth = std::max(nameWidth, std::strlen(info->statistics[i].name));
      valueWidth = std::max(valueWidth, llvm::utostr(sums[i]).size());
    }
    llvm::raw_ostream &os = llvm::errs();
    os << "  " << info->argument << "\n";
    for (size_t i = 0; i < sums.size(); ++i)
      os << "    (S) " << llvm::right_justify(llvm::utostr(sums[i]), valueWidth) << " "
         << llvm::left_justify(info->statistics[i].name, nameWidth) << " - "
         << info->statistics[i].help << "\n";
    os.flush();
  }
  // mlir-opt's flag (registerPassManagerCLOptions); a C program that never
  // registered it gets no report.
  static bool statisticsRequested() {
    auto &opts = llvm::cl::getRegisteredOptions(llvm::cl::SubCommand::getTopLevel());
    auto it = opts.find("mlir-pass-statistics");
    return it != opts.end() && it->second->getNumOccurrences() > 0;
  }
};

class CPass : public mlir::Pass {
public:
  explicit CPass(const AriPassInfo *info)
      : Pass(mlir::TypeID::getFromOpaquePointer(info)), info(info), opts(info->optionsSize),
        counters(new Counters(info)) {
    info->setDefaults(opts.data());
    declareOptions();
  }
  // A clone shares the counters and copies the parsed options; Pass::clone
  // then copies the option objects' values too.
  CPass(const CPass &other)
      : Pass(other), info(other.info), opts(other.opts), counters(other.counters->retain()) {
    declareOptions();
  }
  ~CPass() override { counters->release(); }
  CPass &operator=(const CPass &) = delete;

  llvm::StringRef getName() const override { return info->argument; }
  llvm::StringRef getArgument() const override { return info->argument; }
  llvm::StringRef getDescription() const override { return info->description; }
  bool canScheduleOn(mlir::RegisteredOperationName) const override { return true; }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    for (size_t i = 0; i < info->numDependentDialects; ++i)
      mlirDialectHandleInsertDialect(info->dependentDialects[i](), wrap(&registry));
  }
  std::unique_ptr<mlir::Pass> clonePass() const override {
    return std::make_unique<CPass>(*this);
  }
  mlir::LogicalResult initializeOptions(
      llvm::StringRef text,
      llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> onError) override {
    char err[512];
    if (!ariOptionsParse(info, text.str().c_str(), opts.data(), err, sizeof err))
      return onError(err);
    mirrorOptions();
    return mlir::success();
  }
  void runOnOperation() override {
    std::vector<uint64_t> counts(info->numStatistics);
    if (mlirLogicalResultIsFailure(
            ariPassRun(info, wrap(getOperation()), opts.data(), counts.data())))
      signalPassFailure();
    counters->add(counts);
  }

private:
  template <typename T> using Opt = mlir::Pass::Option<T>;

  // One option object per C option, in table order.
  void declareOptions() {
    for (size_t i = 0; i < info->numOptions; ++i) {
      const AriOptionDesc &d = info->options[i];
      std::string help = d.help ? d.help : "";
      if (d.choices)
        help += std::string(" (") + d.choices + ")";
      helps.push_back(std::make_unique<std::string>(help));
      llvm::cl::desc desc(*helps.back());
      switch (d.kind) {
      case ARI_OPT_STRING:
        strOpts.push_back(std::make_unique<Opt<std::string>>(*this, d.name, desc));
        break;
      case ARI_OPT_INT:
        intOpts.push_back(std::make_unique<Opt<int64_t>>(*this, d.name, desc));
        break;
      case ARI_OPT_BOOL:
        boolOpts.push_back(std::make_unique<Opt<bool>>(*this, d.name, desc));
        break;
      }
    }
    mirrorOptions();
  }
  // Copies the C option values (defaults or parsed) into the option objects.
  void mirrorOptions() {
    size_t s = 0, n = 0, b = 0;
    for (size_t i = 0; i < info->numOptions; ++i) {
      const AriOptionDesc &d = info->options[i];
      const char *slot = opts.data() + d.offset;
      switch (d.kind) {
      case ARI_OPT_STRING:
        *strOpts[s++] = std::string(slot);
        break;
      case ARI_OPT_INT: {
        int64_t v;
        std::memcpy(&v, slot, sizeof v);
        *intOpts[n++] = v;
        break;
      }
      case ARI_OPT_BOOL: {
        bool v;
        std::memcpy(&v, slot, sizeof v);
        *boolOpts[b++] = v;
        break;
      }
      }
    }
  }

  const AriPassInfo *info;
  std::vector<char> opts;
  Counters *counters;
  std::vector<std::unique_ptr<std::string>> helps;
  std::vector<std::unique_ptr<Opt<std::string>>> strOpts;
  std::vector<std::unique_ptr<Opt<int64_t>>> intOpts;
  std::vector<std::unique_ptr<Opt<bool>>> boolOpts;
};

// rise-to-nvvm's options, for --help; the C side parses the text.
struct NVVMOptions : mlir::PassPipelineOptions<NVVMOptions> {
  Option<std::string> chip{*this, "chip", llvm::cl::desc("GPU architecture (sm_80|sm_90)"),
                           llvm::cl::init("sm_90")};
  Option<std::string> host{*this, "host",
                           llvm::cl::desc("host code: llvm (MLIR's runtime calls) or gpu "
                                          "(gpu.launch_func kept) (llvm|gpu)"),
                           llvm::cl::init("llvm")};
  Option<bool> fma{*this, "fma", llvm::cl::desc("fuse mul+add into fma"), llvm::cl::init(false)};
};

// A pipeline's text from its options (NULL and a message on bad ones); the
// text lives in C so that C users can run the same sequence.
using PipelineText = const char *(*)(const char *options, char *err, size_t errCap);
// Lists a pipeline's options for --help.
using PipelineHelp = void (*)(llvm::function_ref<void(const mlir::detail::PassOptions &)>);

template <typename OptionsT>
void pipelineHelp(llvm::function_ref<void(const mlir::detail::PassOptions &)> fn) {
  OptionsT o;
  fn(o);
}
struct NoOptions : mlir::PassPipelineOptions<NoOptions> {};

// Every pipeline: name, description, and either a fixed text (no options)
// or a function of the options with the options struct --help shows.
struct PipelineEntry {
  const char *name;
  const char *description;
  const char *(*fixed)(void);
  PipelineText withOptions;
  PipelineHelp help;
};
const PipelineEntry kPipelines[] = {
    {"rise-to-llvm", "Lower rise functions to the LLVM dialect (OpenMP for par)",
     ariRiseToLLVMPipeline, nullptr, pipelineHelp<NoOptions>},
    {"rise-to-llvm-fma", "rise-to-llvm with convert-rise-to-affine{fma=true} (mul+add fused)",
     ariRiseToLLVMFmaPipeline, nullptr, pipelineHelp<NoOptions>},
    {"rise-to-nvvm", "Lower rise kernels to gpu.module(NVVM) + host LLVM (PTX ISA 8.0)", nullptr,
     ariRiseToNVVMPipeline, pipelineHelp<NVVMOptions>},
    {"tosa-to-rise", "Import tosa into rise: tosa-to-linalg-pipeline, then convert-linalg-to-rise",
     ariTosaToRisePipeline, nullptr, pipelineHelp<NoOptions>},
};

// Its "builtin.module(" ... ")" is stripped to nest the passes in pm.
void registerPipeline(const PipelineEntry *e) {
  if (mlir::PassPipelineInfo::lookup(e->name))
    return;
  mlir::registerPassPipeline(
      e->name, e->description,
      [e](mlir::OpPassManager &pm, llvm::StringRef options,
          llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> onError) {
        char err[256];
        const char *p = nullptr;
        if (e->withOptions)
          p = e->withOptions(options.str().c_str(), err, sizeof err);
        else if (!options.trim().empty())
          std::snprintf(err, sizeof err, "%s takes no options", e->name);
        else
          p = e->fixed();
        if (!p)
          return onError(err);
        llvm::StringRef t = p;
        t = t.drop_front(sizeof("builtin.module(") - 1).drop_back(1);
        return mlir::parsePassPipeline(t, pm);
      },
      e->help);
}

} // namespace

extern "C" void ariRegisterAllPasses(void) {
  size_t n = 0;
  const AriPassInfo *const *list = ariPassList(&n);
  for (size_t i = 0; i < n; ++i) {
    const AriPassInfo *info = list[i];
    // Registering a name twice is a fatal error in MLIR: a second call (or
    // the plugin and libAriadne.so in one process) keeps the first.
    if (mlir::PassInfo::lookup(info->argument))
      continue;
    mlir::registerPass([info] { return std::make_unique<CPass>(info); });
  }
  for (const PipelineEntry &e : kPipelines)
    registerPipeline(&e);
}
