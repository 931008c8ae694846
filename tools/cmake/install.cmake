# `cmake --install build --prefix DIR` (docs/API.md, "Installing"):
#   bin/tabula                            the CLI
#   lib/libtabula.so                      the facade (Tabula::tabula), headers in include/tabula/
#   lib/cmake/Tabula/                     find_package(Tabula) (config, version, targets)
#   lib/pkgconfig/tabula.pc               pkg-config --cflags --libs tabula
#   share/tabula/rules, share/tabula/boards   the games; boards/ beside rules/, as the loader looks
#   TABULA_PYTHON_INSTALL_DIR/tabula      the Python module (PYTHONPATH for a prefix off sys.path)
include(CMakePackageConfigHelpers)

install(TARGETS tabula RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS tabula_library EXPORT TabulaTargets LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/interpreter/api/tabula DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.hpp")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/rules/ DESTINATION ${CMAKE_INSTALL_DATADIR}/tabula/rules
        FILES_MATCHING PATTERN "*.rules")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/boards/ DESTINATION ${CMAKE_INSTALL_DATADIR}/tabula/boards
        FILES_MATCHING PATTERN "*.yaml")

set(TABULA_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/Tabula)
install(EXPORT TabulaTargets NAMESPACE Tabula:: DESTINATION ${TABULA_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/tools/cmake/TabulaConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/TabulaConfig.cmake INSTALL_DESTINATION ${TABULA_CMAKE_DIR}
                              PATH_VARS CMAKE_INSTALL_DATADIR)
# 0.x: a new minor version may change the API.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/TabulaConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/TabulaConfig.cmake ${PROJECT_BINARY_DIR}/TabulaConfigVersion.cmake
        DESTINATION ${TABULA_CMAKE_DIR})

file(RELATIVE_PATH TABULA_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" TABULA_PC_TO_PREFIX "${TABULA_PC_TO_PREFIX}")
configure_file(${PROJECT_SOURCE_DIR}/tools/cmake/tabula.pc.in ${PROJECT_BINARY_DIR}/tabula.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/tabula.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

if(TABULA_PYTHON)
  install(TARGETS tabula_python LIBRARY DESTINATION ${TABULA_PYTHON_INSTALL_DIR}/tabula)
  install(FILES ${TABULA_PYTHON_PACKAGE_FILES} ${TABULA_PYTHON_INSTALLED_LOCATIONS}
          DESTINATION ${TABULA_PYTHON_INSTALL_DIR}/tabula)
endif()
