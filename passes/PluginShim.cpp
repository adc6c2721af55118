//===- PluginShim.cpp - register Ariadne's C passes and dialect ------------===//
//
// mlir-opt can only find passes by name through the C++ registry, so this
// adaptor wraps each C pass description (passes/pass.h) in a Pass whose
// options and run are forwarded to C.
//
//===----------------------------------------------------------------------===//

#include "ariadne-c/Rise.h"
#include "ariadne/Dialect/Rise/RiseDialect.h"
#include "passes/pass.h"

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
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Ariadne", "0.1",
          [](mlir::DialectRegistry *registry) {
            registry->insert<ariadne::rise::RiseDialect>();
          }};
}
