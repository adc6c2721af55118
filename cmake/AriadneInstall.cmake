# `cmake --install` (included last by the top-level CMakeLists.txt):
#   lib/libAriadne.so.0.1 (soname libAriadne.so.0; exports only the public C
#     API, passes/cmake/exports.cmake), lib/ariadne/AriadnePlugin.so (the
#     mlir-opt plugin), lib/libariadne_mgpu.so, bin/ariadne* (the tools),
#   include/ariadne-c/*.h (every public header),
#   share/ariadne/runtime/ (the sources ariadne-run builds its AArch64
#     driver from),
#   lib/cmake/Ariadne/ (find_package(Ariadne): Ariadne::Ariadne,
#     Ariadne::Plugin, Ariadne::<tool>), lib/pkgconfig/ariadne.pc.
# Both package files are relocatable: test/install/run.sh installs into a
# temporary prefix and builds C programs against it with each.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(ARIADNE_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/Ariadne)
set(ARIADNE_INSTALL_PLUGINDIR ${CMAKE_INSTALL_LIBDIR}/ariadne)

set_target_properties(Ariadne PROPERTIES VERSION ${PROJECT_VERSION}
                      SOVERSION ${PROJECT_VERSION_MAJOR})
set_target_properties(AriadnePlugin PROPERTIES EXPORT_NAME Plugin)
# Consumers of the installed library: the public headers include mlir-c/*.h,
# so they need MLIR's include directory too. A sanitized libAriadne.so
# leaves the sanitizer runtime to the program, which must link it.
target_include_directories(Ariadne INTERFACE
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
  $<INSTALL_INTERFACE:${MLIR_INCLUDE_DIRS}>)
set(ARIADNE_PC_SANITIZE "")
if(ARIADNE_SANITIZE)
  target_link_options(Ariadne INTERFACE $<INSTALL_INTERFACE:-fsanitize=address,undefined>)
  set(ARIADNE_PC_SANITIZE " -fsanitize=address,undefined")
endif()

# The tools of tools/ and tools/eqsat-tables (every executable there).
set(ARIADNE_INSTALL_TOOLS "")
foreach(d tools tools/eqsat-tables)
  get_property(_targets DIRECTORY ${PROJECT_SOURCE_DIR}/${d} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(t ${_targets})
    get_target_property(_type ${t} TYPE)
    if(_type STREQUAL "EXECUTABLE")
      list(APPEND ARIADNE_INSTALL_TOOLS ${t})
    endif()
  endforeach()
endforeach()

# Installed binaries find libMLIR/libLLVM (not on the loader's path on
# Debian) and, for a program linked to it, libAriadne.so next to them.
set_target_properties(Ariadne AriadnePlugin AriadneMgpu ${ARIADNE_INSTALL_TOOLS} PROPERTIES
  INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR};${ARIADNE_LLVM_ROOT}/lib")

install(TARGETS Ariadne EXPORT AriadneTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS AriadnePlugin EXPORT AriadneTargets
        LIBRARY DESTINATION ${ARIADNE_INSTALL_PLUGINDIR})
install(TARGETS AriadneMgpu LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS ${ARIADNE_INSTALL_TOOLS} EXPORT AriadneTargets
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# ariadne-run --target=aarch64 builds its qemu driver from these
# (runtime/runtime.c looks next to the tool first).
install(FILES ${PROJECT_SOURCE_DIR}/runtime/driver.c ${PROJECT_SOURCE_DIR}/runtime/omp_serial.c
        DESTINATION ${CMAKE_INSTALL_DATADIR}/ariadne/runtime)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ariadne-c
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h" PATTERN "*.def")

install(EXPORT AriadneTargets NAMESPACE Ariadne:: DESTINATION ${ARIADNE_INSTALL_CMAKEDIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/AriadneConfig.cmake.in
  ${PROJECT_BINARY_DIR}/AriadneConfig.cmake
  INSTALL_DESTINATION ${ARIADNE_INSTALL_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/AriadneConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/AriadneConfig.cmake
              ${PROJECT_BINARY_DIR}/AriadneConfigVersion.cmake
        DESTINATION ${ARIADNE_INSTALL_CMAKEDIR})

# ariadne.pc finds its prefix from where it lies (pkgconf's ${pcfiledir}),
# so an install with --prefix elsewhere needs no reconfiguration.
set(ARIADNE_PC_UP "..")
string(REPLACE "/" ";" _libparts "${CMAKE_INSTALL_LIBDIR}")
foreach(_p ${_libparts})
  string(APPEND ARIADNE_PC_UP "/..")
endforeach()
list(GET MLIR_INCLUDE_DIRS 0 ARIADNE_MLIR_INCLUDE_DIR)
configure_file(${PROJECT_SOURCE_DIR}/cmake/ariadne.pc.in ${PROJECT_BINARY_DIR}/ariadne.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/ariadne.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
