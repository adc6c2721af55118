# -*- Python -*-
# lit configuration for Ariadne's FileCheck tests. The build-specific paths
# come from lit.site.cfg.py, which CMake generates in the build directory.

import os
import shutil
import subprocess
import sys

import lit.formats
import lit.util

config.name = "Ariadne"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py",
                   "lit.site.cfg.py.in"]

if not hasattr(config, "ariadne_plugin"):
    lit_config.fatal("run lit on the build directory (build/test/lit), whose "
                     "lit.site.cfg.py CMake generates")

config.test_source_root = config.lit_test_src_root
config.test_exec_root = config.lit_test_obj_root

# The LLVM 22 tools (mlir-opt, FileCheck, not, split-file) must win over any
# other LLVM on PATH; Ariadne's own C tools come next.
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.ariadne_bin_dir, config.environment.get("PATH", "")])
# Diagnostics and stats must not depend on the user's locale or terminal.
config.environment["LC_ALL"] = "C"

plugin = config.ariadne_plugin
mlir_opt = os.path.join(config.llvm_tools_dir, "mlir-opt")

# In a sanitizer build the plugin's C code is instrumented but Debian's
# mlir-opt is not, so the shared sanitizer runtime is preloaded into it.
if config.ariadne_sanitize:
    config.available_features.add("asan")
    runtime = subprocess.run([config.c_compiler, "-print-file-name=libclang_rt.asan-x86_64.so"],
                             capture_output=True, text=True).stdout.strip()
    if not os.path.isabs(runtime) or not os.path.exists(runtime):
        lit_config.fatal("sanitized build, but the shared ASan runtime was not found")
    config.environment["ASAN_OPTIONS"] = os.environ.get("ASAN_OPTIONS", "detect_leaks=1")
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    mlir_opt = "env LD_PRELOAD=%s %s" % (runtime, mlir_opt)

# ariadne-run --target=aarch64 builds its driver with the cross compiler.
if shutil.which("aarch64-linux-gnu-gcc"):
    config.available_features.add("aarch64-cross-cc")

# Tests call mlir-opt only through these, never by bare name, so that the
# sanitizer set-up above applies. Longest names first: lit substitutes in
# list order.
config.substitutions.append(
    ("%rise-opt", "%s --load-dialect-plugin=%s --load-pass-plugin=%s" % (mlir_opt, plugin, plugin)))
config.substitutions.append(("%mlir_opt", mlir_opt))
config.substitutions.append(("%ariadne_bin", config.ariadne_bin_dir))
config.substitutions.append(("%ariadne_lib", config.ariadne_lib))
config.substitutions.append(("%ariadne_src", config.ariadne_src_root))
config.substitutions.append(("%plugin", plugin))
config.substitutions.append(("%python", sys.executable))
# The C compiler of the build (GPU host stubs are compiled in tests).
config.substitutions.append(("%cc", config.c_compiler))
