//===- PluginShim.cpp - the mlir-opt plugin's entry points ----------------===//
//
// mlir-opt --load-pass-plugin / --load-dialect-plugin call these. The passes
// and pipelines are registered by ariRegisterAllPasses (Registration.cpp),
// the same entry point C programs call through libAriadne.so.
//
//===----------------------------------------------------------------------===//

#include "ariadne-c/Pass.h"
#include "ariadne/Dialect/Rise/RiseDialect.h"

#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Ariadne", "0.1", [] { ariRegisterAllPasses(); }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Ariadne", "0.1",
          [](mlir::DialectRegistry *registry) {
            registry->insert<ariadne::rise::RiseDialect>();
          }};
}
