//===- PluginShim.cpp - register Ariadne's C passes and dialect ------------===//
//
// mlir-opt can only find passes by name through the C++ registry, so this
// adaptor wraps each C pass description (include/ariadne-c/Pass.h) in a Pass whose
// options and run are forwarded to C.
//
//===----------------------------------------------------------------------===//

#include "ariadne-c/Rise.h"
#include "ariadne/Dialect/Rise/RiseDialect.h"
#include "passes/lower/rise_to_affine.h"
#include "passes/gpu/rise_to_gpu.h"
#include "passes/linalg_to_rise.h"
#include "ariadne-c/Pass.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

#include <vector>

namespace {
class CPass : public mlir::Pass {
public:
  explicit CPass(const AriPassInfo *info)
      : Pass(mlir::TypeID::getFromOpaquePointer(info)), info(info),
        opts(info->optionsSize) {
    info->setDefaults(opts.data());
  }
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
    return mlir::success();
  }
  void runOnOperation() override {
    if (mlirLogicalResultIsFailure(info->run(wrap(getOperation()), opts.data())))
      signalPassFailure();
  }

private:
  const AriPassInfo *info;
  std::vector<char> opts;
};
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Ariadne", "0.1", []() {
            size_t n = 0;
            const AriPassInfo *const *list = ariPassList(&n);
            for (size_t i = 0; i < n; ++i) {
              const AriPassInfo *info = list[i];
              mlir::registerPass([info] { return std::make_unique<CPass>(info); });
            }
            // The pipeline text lives in C (rise_to_affine.c) so that C users
            // can run the same sequence through mlirParsePassPipeline.
            mlir::registerPassPipeline(
                "rise-to-llvm", "Lower rise functions to the LLVM dialect (OpenMP for par)",
                [](mlir::OpPassManager &pm, llvm::StringRef options,
                   llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> onError) {
                  if (!options.empty())
                    return onError("rise-to-llvm takes no options");
                  llvm::StringRef text = ariRiseToLLVMPipeline();
                  // Strip "builtin.module(" ... ")" to nest the passes in pm.
                  text = text.drop_front(sizeof("builtin.module(") - 1).drop_back(1);
                  return mlir::parsePassPipeline(text, pm);
                },
                [](llvm::function_ref<void(const mlir::detail::PassOptions &)>) {});
            mlir::registerPassPipeline(
                "rise-to-llvm-fma",
                "rise-to-llvm with convert-rise-to-affine{fma=true} (mul+add fused)",
                [](mlir::OpPassManager &pm, llvm::StringRef options,
                   llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> onError) {
                  if (!options.empty())
                    return onError("rise-to-llvm-fma takes no options");
                  llvm::StringRef text = ariRiseToLLVMFmaPipeline();
                  text = text.drop_front(sizeof("builtin.module(") - 1).drop_back(1);
                  return mlir::parsePassPipeline(text, pm);
                },
                [](llvm::function_ref<void(const mlir::detail::PassOptions &)>) {});
            mlir::registerPassPipeline(
                "tosa-to-rise",
                "Import tosa into rise: tosa-to-linalg-pipeline, then convert-linalg-to-rise",
                [](mlir::OpPassManager &pm, llvm::StringRef options,
                   llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> onError) {
                  if (!options.empty())
                    return onError("tosa-to-rise takes no options");
                  llvm::StringRef text = ariTosaToRisePipeline();
                  text = text.drop_front(sizeof("builtin.module(") - 1).drop_back(1);
                  return mlir::parsePassPipeline(text, pm);
                },
                [](llvm::function_ref<void(const mlir::detail::PassOptions &)>) {});
            // Options (chip=sm_80|sm_90, fma=true) are read by the C side.
            mlir::registerPassPipeline(
                "rise-to-nvvm",
                "Lower rise kernels to gpu.module(NVVM) + host LLVM (chip=sm_80|sm_90, +ptx80)",
                [](mlir::OpPassManager &pm, llvm::StringRef options,
                   llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> onError) {
                  char err[256];
                  const char *p = ariRiseToNVVMPipeline(options.str().c_str(), err, sizeof err);
                  if (!p)
                    return onError(err);
                  llvm::StringRef text = p;
                  text = text.drop_front(sizeof("builtin.module(") - 1).drop_back(1);
                  return mlir::parsePassPipeline(text, pm);
                },
                [](llvm::function_ref<void(const mlir::detail::PassOptions &)>) {});
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Ariadne", "0.1",
          [](mlir::DialectRegistry *registry) {
            registry->insert<ariadne::rise::RiseDialect>();
          }};
}
