/* SPDX-License-Identifier: MIT */
/* The CMake modules of a shadow SDK's cmake/, one line a string: the
 * MUSA language (EnableMUSALanguage and the CMake*MUSA* modules),
 * FindMUSAToolkit and FindMUSA; build/shadow.c fills in their @WORDS@. */
#include "build/shadow_text.h"

static const char *const enable_lang[] = {
    "# EnableMUSALanguage.cmake of a shadow MUSA SDK (cuda2musa "
    "--shadow-sdk).\n",
    "# include(EnableMUSALanguage) after project(), then "
    "enable_language(MUSA):\n",
    "# the MUSA language is this directory's "
    "CMakeDetermineMUSACompiler.cmake,\n",
    "# CMakeMUSAInformation.cmake and CMakeTestMUSACompiler.cmake, compiled "
    "by\n",
    "# the SDK's mcc. As with the MUSA SDK, only the Ninja generators build "
    "it.\n",
    "if(NOT CMAKE_GENERATOR MATCHES \"Ninja\")\n",
    "  message(FATAL_ERROR \"the MUSA language builds with a Ninja generator "
    "\"\n",
    "          \"only (cmake -G Ninja), as with the MUSA SDK\")\n",
    "endif()\n",
    "list(FIND CMAKE_MODULE_PATH \"${CMAKE_CURRENT_LIST_DIR}\" _musa_at)\n",
    "if(_musa_at EQUAL -1)\n",
    "  list(PREPEND CMAKE_MODULE_PATH \"${CMAKE_CURRENT_LIST_DIR}\")\n",
    "endif()\n",
    "unset(_musa_at)\n",
};

static const char *const determine[] = {
    "# Finds mcc for enable_language(MUSA) (shadow MUSA SDK, cuda2musa\n",
    "# --shadow-sdk): CMAKE_MUSA_COMPILER, else $MUSACXX, else this SDK's.\n",
    "if(NOT CMAKE_GENERATOR MATCHES \"Ninja\")\n",
    "  message(FATAL_ERROR \"the MUSA language builds with a Ninja generator "
    "\"\n",
    "          \"only (cmake -G Ninja), as with the MUSA SDK\")\n",
    "endif()\n",
    "if(NOT CMAKE_MUSA_COMPILER)\n",
    "  if(DEFINED ENV{MUSACXX} AND NOT \"$ENV{MUSACXX}\" STREQUAL \"\")\n",
    "    set(CMAKE_MUSA_COMPILER \"$ENV{MUSACXX}\")\n",
    "  else()\n",
    "    get_filename_component(_musa_root \"${CMAKE_CURRENT_LIST_DIR}\" "
    "DIRECTORY)\n",
    "    set(CMAKE_MUSA_COMPILER \"${_musa_root}/bin/mcc\")\n",
    "    unset(_musa_root)\n",
    "  endif()\n",
    "endif()\n",
    "# A name alone (mcc), as CMake takes CMAKE_CUDA_COMPILER=nvcc: this "
    "SDK's,\n",
    "# else the PATH's.\n",
    "if(NOT IS_ABSOLUTE \"${CMAKE_MUSA_COMPILER}\")\n",
    "  get_filename_component(_musa_root \"${CMAKE_CURRENT_LIST_DIR}\" "
    "DIRECTORY)\n",
    "  find_program(_musa_compiler NAMES \"${CMAKE_MUSA_COMPILER}\"\n",
    "               HINTS \"${_musa_root}/bin\" NO_CACHE)\n",
    "  if(_musa_compiler)\n",
    "    set(CMAKE_MUSA_COMPILER \"${_musa_compiler}\" CACHE FILEPATH \"MUSA "
    "compiler\"\n",
    "        FORCE)\n",
    "  endif()\n",
    "  unset(_musa_compiler)\n",
    "  unset(_musa_root)\n",
    "endif()\n",
    "set(CMAKE_MUSA_COMPILER \"${CMAKE_MUSA_COMPILER}\" CACHE FILEPATH \"MUSA "
    "compiler\")\n",
    "if(NOT EXISTS \"${CMAKE_MUSA_COMPILER}\")\n",
    "  message(FATAL_ERROR \"no MUSA compiler at '${CMAKE_MUSA_COMPILER}'\")\n",
    "endif()\n",
    "set(CMAKE_MUSA_COMPILER_ID \"MCC\")\n",
    "set(CMAKE_MUSA_COMPILER_ENV_VAR \"MUSACXX\")\n",
    "set(CMAKE_MUSA_SOURCE_FILE_EXTENSIONS mu)\n",
    "set(CMAKE_MUSA_OUTPUT_EXTENSION .o)\n",
    "# The SDK of the compiler (bin/mcc's parent), whose runtime every MUSA\n",
    "# target links, as CUDA's link cudart.\n",
    "get_filename_component(_musa_bin \"${CMAKE_MUSA_COMPILER}\" REALPATH)\n",
    "get_filename_component(_musa_bin \"${_musa_bin}\" DIRECTORY)\n",
    "get_filename_component(CMAKE_MUSA_COMPILER_TOOLKIT_ROOT "
    "\"${_musa_bin}\" DIRECTORY)\n",
    "unset(_musa_bin)\n",
    "# ar and the other binary tools, for a project of the MUSA language\n",
    "# alone (project(x LANGUAGES MUSA)), as CUDA's finds them.\n",
    "set(_CMAKE_PROCESSING_LANGUAGE \"MUSA\")\n",
    "include(CMakeFindBinUtils)\n",
    "unset(_CMAKE_PROCESSING_LANGUAGE)\n",
    "configure_file(\"${CMAKE_CURRENT_LIST_DIR}/CMakeMUSACompiler.cmake.in\"\n",
    "               \"${CMAKE_PLATFORM_INFO_DIR}/CMakeMUSACompiler.cmake\" "
    "@ONLY)\n",
};

static const char *const compiler_in[] = {
    "set(CMAKE_MUSA_COMPILER \"@CMAKE_MUSA_COMPILER@\")\n",
    "set(CMAKE_MUSA_COMPILER_ID \"MCC\")\n",
    "# (the shadow's compiler is the SDK's version)\n",
    "set(CMAKE_MUSA_COMPILER_VERSION \"@MUSA_TOOLKIT_VERSION@\")\n",
    "set(CMAKE_MUSA_COMPILER_ENV_VAR \"MUSACXX\")\n",
    "set(CMAKE_MUSA_COMPILER_LOADED 1)\n",
    "set(CMAKE_MUSA_SOURCE_FILE_EXTENSIONS mu)\n",
    "set(CMAKE_MUSA_LINKER_PREFERENCE 15)\n",
    "set(CMAKE_MUSA_LINKER_PREFERENCE_PROPAGATES 1)\n",
    "set(CMAKE_MUSA_OUTPUT_EXTENSION .o)\n",
    "set(CMAKE_MUSA_COMPILER_TOOLKIT_ROOT "
    "\"@CMAKE_MUSA_COMPILER_TOOLKIT_ROOT@\")\n",
    "# Linked into a target that has MUSA objects and another linker "
    "language.\n",
    "set(CMAKE_MUSA_IMPLICIT_LINK_LIBRARIES\n",
    "    \"@CMAKE_MUSA_COMPILER_TOOLKIT_ROOT@/lib/libmusart.so\")\n",
    "set(CMAKE_MUSA_IMPLICIT_LINK_DIRECTORIES \"\")\n",
};

static const char *const information[] = {
    "# How CMake compiles and links the MUSA language with mcc (shadow MUSA\n",
    "# SDK, cuda2musa --shadow-sdk). CMAKE_MUSA_FLAGS (and $MUSAFLAGS) go to\n",
    "# every compile; the target properties MUSA_ARCHITECTURES (numbers: 21 "
    "22\n",
    "# 31 for mp_21 mp_22 mp_31; from CMAKE_MUSA_ARCHITECTURES) and\n",
    "# MUSA_STANDARD (from CMAKE_MUSA_STANDARD) become --offload-arch=mp_XX\n",
    "# and -std=c++XX.\n",
    "include(CMakeInitializeConfigs)\n",
    "set(CMAKE_MUSA_FLAGS_INIT \"$ENV{MUSAFLAGS} ${CMAKE_MUSA_FLAGS_INIT}\")\n",
    "string(APPEND CMAKE_MUSA_FLAGS_DEBUG_INIT \" -g\")\n",
    "string(APPEND CMAKE_MUSA_FLAGS_RELEASE_INIT \" -O3 -DNDEBUG\")\n",
    "string(APPEND CMAKE_MUSA_FLAGS_RELWITHDEBINFO_INIT \" -O2 -g "
    "-DNDEBUG\")\n",
    "string(APPEND CMAKE_MUSA_FLAGS_MINSIZEREL_INIT \" -Os -DNDEBUG\")\n",
    "cmake_initialize_per_config_variable(CMAKE_MUSA_FLAGS \"Flags used by "
    "mcc\")\n",
    "# The runtime, in every link of a MUSA target, as CUDA's link cudart:\n",
    "# where mcc links (CMAKE_MUSA_STANDARD_LIBRARIES), and where another\n",
    "# linker does (CMAKE_MUSA_IMPLICIT_LINK_LIBRARIES).\n",
    "if(EXISTS \"${CMAKE_MUSA_COMPILER_TOOLKIT_ROOT}/lib/libmusart.so\")\n",
    "  set(CMAKE_MUSA_STANDARD_LIBRARIES_INIT\n",
    "      \"\\\"${CMAKE_MUSA_COMPILER_TOOLKIT_ROOT}/lib/libmusart.so\\\"\")\n",
    "endif()\n",
    "set(CMAKE_MUSA_STANDARD_LIBRARIES "
    "\"${CMAKE_MUSA_STANDARD_LIBRARIES_INIT}\"\n",
    "    CACHE STRING \"Libraries linked by default with all MUSA "
    "applications.\")\n",
    "mark_as_advanced(CMAKE_MUSA_STANDARD_LIBRARIES)\n",
    "\n",
    "set(CMAKE_INCLUDE_FLAG_MUSA \"-I\")\n",
    "set(CMAKE_INCLUDE_SYSTEM_FLAG_MUSA \"-isystem \")\n",
    "set(CMAKE_MUSA_COMPILE_OPTIONS_PIC \"-fPIC\")\n",
    "set(CMAKE_SHARED_LIBRARY_MUSA_FLAGS \"-fPIC\")\n",
    "set(CMAKE_SHARED_LIBRARY_CREATE_MUSA_FLAGS \"-shared\")\n",
    "set(CMAKE_SHARED_LIBRARY_SONAME_MUSA_FLAG \"-Wl,-soname,\")\n",
    "set(CMAKE_SHARED_LIBRARY_RUNTIME_MUSA_FLAG \"-Wl,-rpath,\")\n",
    "set(CMAKE_SHARED_LIBRARY_RUNTIME_MUSA_FLAG_SEP \":\")\n",
    /* (an executable's too: one linking the project's shared library
     * runs from the build tree, from a review) */
    "set(CMAKE_EXECUTABLE_RUNTIME_MUSA_FLAG \"-Wl,-rpath,\")\n",
    "set(CMAKE_EXECUTABLE_RUNTIME_MUSA_FLAG_SEP \":\")\n",
    "set(CMAKE_MUSA_DEPFILE_FORMAT gcc)\n",
    "set(CMAKE_MUSA_DEPENDS_USE_COMPILER TRUE)\n",
    "set(CMAKE_DEPFILE_FLAGS_MUSA \"-MD -MT <DEP_TARGET> -MF <DEP_FILE>\")\n",
    "set(CMAKE_MUSA_COMPILE_OBJECT\n",
    "    \"<CMAKE_MUSA_COMPILER> -x musa <DEFINES> <INCLUDES> <FLAGS> -o "
    "<OBJECT> -c <SOURCE>\")\n",
    "set(CMAKE_MUSA_LINK_EXECUTABLE\n",
    "    \"<CMAKE_MUSA_COMPILER> <FLAGS> <CMAKE_MUSA_LINK_FLAGS> <LINK_FLAGS> "
    "<OBJECTS> -o <TARGET> <LINK_LIBRARIES>\")\n",
    "set(CMAKE_MUSA_CREATE_SHARED_LIBRARY\n",
    "    \"<CMAKE_MUSA_COMPILER> <CMAKE_SHARED_LIBRARY_MUSA_FLAGS> "
    "<LANGUAGE_COMPILE_FLAGS> <LINK_FLAGS> "
    "<CMAKE_SHARED_LIBRARY_CREATE_MUSA_FLAGS> <SONAME_FLAG><TARGET_SONAME> -o "
    "<TARGET> <OBJECTS> <LINK_LIBRARIES>\")\n",
    "set(CMAKE_MUSA_CREATE_SHARED_MODULE "
    "\"${CMAKE_MUSA_CREATE_SHARED_LIBRARY}\")\n",
    "set(CMAKE_MUSA_CREATE_STATIC_LIBRARY\n",
    "    \"<CMAKE_AR> qc <TARGET> <LINK_FLAGS> <OBJECTS>\"\n",
    "    \"<CMAKE_RANLIB> <TARGET>\")\n",
    "\n",
    "# The architectures and the standard, per target: the properties, which\n",
    "# CMAKE_MUSA_ARCHITECTURES and CMAKE_MUSA_STANDARD give every target "
    "that\n",
    "# has none (their values where the target's directory ends).\n",
    "if(CMAKE_VERSION VERSION_LESS 3.19)\n",
    "  message(FATAL_ERROR \"the MUSA language needs CMake 3.19 or newer\")\n",
    "endif()\n",
    "function(_musa_target_defaults dir)\n",
    "  get_property(targets DIRECTORY \"${dir}\" PROPERTY "
    "BUILDSYSTEM_TARGETS)\n",
    "  foreach(prop ARCHITECTURES STANDARD)\n",
    "    get_directory_property(v DIRECTORY \"${dir}\" DEFINITION "
    "CMAKE_MUSA_${prop})\n",
    "    foreach(t IN LISTS targets)\n",
    "      get_property(given TARGET ${t} PROPERTY MUSA_${prop} SET)\n",
    "      if(NOT given AND NOT \"${v}\" STREQUAL \"\")\n",
    "        set_property(TARGET ${t} PROPERTY MUSA_${prop} ${v})\n",
    "      endif()\n",
    "    endforeach()\n",
    "  endforeach()\n",
    "  # Each target's options, made before the language was enabled\n",
    "  # (add_library, then enable_language(MUSA) and target_sources) too.\n",
    "  foreach(t IN LISTS targets)\n",
    "    get_property(type TARGET ${t} PROPERTY TYPE)\n",
    "    if(NOT type MATCHES \"^(INTERFACE_LIBRARY|UTILITY)$\")\n",
    "      # (first: the target's own -std=c++20 comes after, and wins)\n",
    "      get_property(own TARGET ${t} PROPERTY COMPILE_OPTIONS)\n",
    "      set_property(TARGET ${t} PROPERTY COMPILE_OPTIONS\n",
    "        \"$<$<AND:$<COMPILE_LANGUAGE:MUSA>,$<BOOL:$<TARGET_PROPERTY:"
    "MUSA_ARCHITECTURES>>>:--offload-arch=mp_$<JOIN:$<TARGET_PROPERTY:"
    "MUSA_ARCHITECTURES>,;--offload-arch=mp_>>\"\n",
    "        \"$<$<AND:$<COMPILE_LANGUAGE:MUSA>,$<BOOL:$<TARGET_PROPERTY:"
    "MUSA_STANDARD>>>:-std=c++$<TARGET_PROPERTY:MUSA_STANDARD>>\"\n",
    "        ${own})\n",
    "    endif()\n",
    "  endforeach()\n",
    "  get_property(subs DIRECTORY \"${dir}\" PROPERTY SUBDIRECTORIES)\n",
    "  foreach(s IN LISTS subs)\n",
    "    _musa_target_defaults(\"${s}\")\n",
    "  endforeach()\n",
    "endfunction()\n",
    "get_property(_musa_deferred GLOBAL PROPERTY _MUSA_DEFAULTS_DEFERRED)\n",
    "if(NOT _musa_deferred)\n",
    "  set_property(GLOBAL PROPERTY _MUSA_DEFAULTS_DEFERRED TRUE)\n",
    "  cmake_language(DEFER DIRECTORY \"${CMAKE_SOURCE_DIR}\"\n",
    "                 CALL _musa_target_defaults \"${CMAKE_SOURCE_DIR}\")\n",
    "endif()\n",
    "unset(_musa_deferred)\n",

    "set(CMAKE_MUSA_INFORMATION_LOADED 1)\n",
};

static const char *const test[] = {
    "# Whether mcc compiles a MUSA unit (shadow MUSA SDK, cuda2musa\n",
    "# --shadow-sdk): once per build tree.\n",
    "if(NOT CMAKE_MUSA_COMPILER_WORKS)\n",
    "  set(_musa_dir \"${CMAKE_PLATFORM_INFO_DIR}/CMakeMUSACompilerTest\")\n",
    "  file(MAKE_DIRECTORY \"${_musa_dir}\")\n",
    "  file(WRITE \"${_musa_dir}/test.mu\"\n",
    "       \"__global__ void k(int *p) { p[threadIdx.x] = 1; }\\n\"\n",
    "       \"int main() { return 0; }\\n\")\n",
    "  execute_process(\n",
    "    COMMAND \"${CMAKE_MUSA_COMPILER}\" -x musa -c test.mu -o test.o\n",
    "    WORKING_DIRECTORY \"${_musa_dir}\"\n",
    "    RESULT_VARIABLE _musa_rc OUTPUT_VARIABLE _musa_out ERROR_VARIABLE "
    "_musa_out)\n",
    "  if(NOT _musa_rc EQUAL 0)\n",
    "    message(FATAL_ERROR \"The MUSA compiler '${CMAKE_MUSA_COMPILER}' "
    "cannot \"\n",
    "            \"compile a MUSA unit:\\n${_musa_out}\")\n",
    "  endif()\n",
    "  message(STATUS \"Check for working MUSA compiler: "
    "${CMAKE_MUSA_COMPILER} - works\")\n",
    "  set(CMAKE_MUSA_COMPILER_WORKS TRUE CACHE INTERNAL \"\")\n",
    "  unset(_musa_dir)\n",
    "  unset(_musa_rc)\n",
    "  unset(_musa_out)\n",
    "endif()\n",
};

static const char *const find_toolkit[] = {
    "# FindMUSAToolkit.cmake of a shadow MUSA SDK (cuda2musa --shadow-sdk):\n",
    "# find_package(MUSAToolkit) gives MUSAToolkit_FOUND, _VERSION (and\n",
    "# _VERSION_MAJOR, _MINOR, _PATCH), _INCLUDE_DIRS, _LIBRARY_DIR,\n",
    "# _LIBRARY_ROOT, _TARGET_DIR, _BIN_DIR, _MCC_EXECUTABLE, and an "
    "imported\n",
    "# target MUSA::<lib> for each library of the SDK (MUSA::musart,\n",
    "# MUSA::mublas, ...; MUSA::musa_driver is MUSA::musa), each resolving "
    "to\n",
    "# the CUDA library it stands in for. This SDK has no static libraries:\n",
    "# MUSA::<lib>_static, for the libraries whose static target the\n",
    "# mappings name (@MUSA_STATIC_LIBS@), links the shared one. The SDK is "
    "this\n",
    "# file's parent directory, or MUSAToolkit_ROOT, $MUSA_HOME, "
    "$MUSA_PATH.\n",
    "if(MUSAToolkit_ROOT)\n",
    "  set(_musa_root \"${MUSAToolkit_ROOT}\")\n",
    "else()\n",
    "  get_filename_component(_musa_root \"${CMAKE_CURRENT_LIST_DIR}\" "
    "DIRECTORY)\n",
    "endif()\n",
    "if(NOT EXISTS \"${_musa_root}/include/musa_shadow/names.h\")\n",
    "  foreach(_musa_env MUSA_HOME MUSA_PATH)\n",
    "    if(DEFINED ENV{${_musa_env}} AND EXISTS "
    "\"$ENV{${_musa_env}}/include\")\n",
    "      set(_musa_root \"$ENV{${_musa_env}}\")\n",
    "      break()\n",
    "    endif()\n",
    "  endforeach()\n",
    "endif()\n",
    "set(MUSAToolkit_ROOT_DIR \"${_musa_root}\")\n",
    "set(MUSAToolkit_INCLUDE_DIRS \"${_musa_root}/include\")\n",
    "set(MUSAToolkit_LIBRARY_DIR \"${_musa_root}/lib\")\n",
    "set(MUSAToolkit_BIN_DIR \"${_musa_root}/bin\")\n",
    "set(MUSAToolkit_MCC_EXECUTABLE \"${_musa_root}/bin/mcc\")\n",
    "set(MUSAToolkit_LIBRARY_ROOT \"${_musa_root}\")\n",
    "set(MUSAToolkit_TARGET_DIR \"${_musa_root}\")\n",
    "set(MUSAToolkit_VERSION \"@MUSA_TOOLKIT_VERSION@\")\n",
    "string(REPLACE \".\" \";\" _musa_v \"${MUSAToolkit_VERSION}\")\n",
    "list(GET _musa_v 0 MUSAToolkit_VERSION_MAJOR)\n",
    "list(GET _musa_v 1 MUSAToolkit_VERSION_MINOR)\n",
    "list(GET _musa_v 2 MUSAToolkit_VERSION_PATCH)\n",
    "unset(_musa_v)\n",
    "set(_musa_libs @MUSA_LIBS@)\n",
    "set(_musa_static @MUSA_STATIC_LIBS@)\n",
    "find_library(MUSAToolkit_musart_LIBRARY musart\n",
    "             PATHS \"${MUSAToolkit_LIBRARY_DIR}\" NO_DEFAULT_PATH)\n",
    "include(FindPackageHandleStandardArgs)\n",
    "find_package_handle_standard_args(MUSAToolkit\n",
    "  REQUIRED_VARS MUSAToolkit_INCLUDE_DIRS MUSAToolkit_musart_LIBRARY\n",
    "  VERSION_VAR MUSAToolkit_VERSION)\n",
    "if(MUSAToolkit_FOUND)\n",
    "  if(NOT TARGET MUSA::toolkit)\n",
    "    add_library(MUSA::toolkit INTERFACE IMPORTED)\n",
    "    set_target_properties(MUSA::toolkit PROPERTIES\n",
    "      INTERFACE_INCLUDE_DIRECTORIES \"${MUSAToolkit_INCLUDE_DIRS}\")\n",
    "  endif()\n",
    "  foreach(_musa_lib IN LISTS _musa_libs)\n",
    "    set(_musa_file \"${MUSAToolkit_LIBRARY_DIR}/lib${_musa_lib}.so\")\n",
    "    if(EXISTS \"${_musa_file}\" AND NOT TARGET MUSA::${_musa_lib})\n",
    "      set(MUSAToolkit_${_musa_lib}_LIBRARY \"${_musa_file}\")\n",
    "      add_library(MUSA::${_musa_lib} SHARED IMPORTED)\n",
    "      set_target_properties(MUSA::${_musa_lib} PROPERTIES\n",
    "        IMPORTED_LOCATION \"${_musa_file}\"\n",
    "        INTERFACE_INCLUDE_DIRECTORIES \"${MUSAToolkit_INCLUDE_DIRS}\")\n",
    "    endif()\n",
    "    list(FIND _musa_static \"${_musa_lib}\" _musa_i)\n",
    "    if(TARGET MUSA::${_musa_lib} AND NOT _musa_i EQUAL -1 AND\n",
    "       NOT TARGET MUSA::${_musa_lib}_static)\n",
    "      add_library(MUSA::${_musa_lib}_static INTERFACE IMPORTED)\n",
    "      set_target_properties(MUSA::${_musa_lib}_static PROPERTIES\n",
    "        INTERFACE_LINK_LIBRARIES MUSA::${_musa_lib})\n",
    "    endif()\n",
    "  endforeach()\n",
    "  if(TARGET MUSA::musa AND NOT TARGET MUSA::musa_driver)\n",
    "    add_library(MUSA::musa_driver INTERFACE IMPORTED)\n",
    "    set_target_properties(MUSA::musa_driver PROPERTIES\n",
    "      INTERFACE_LINK_LIBRARIES MUSA::musa)\n",
    "  endif()\n",
    "endif()\n",
    "unset(_musa_root)\n",
    "unset(_musa_libs)\n",
    "unset(_musa_static)\n",
    "unset(_musa_i)\n",
    "unset(_musa_lib)\n",
    "unset(_musa_file)\n",
    "unset(_musa_env)\n",
};

static const char *const find_musa[] = {
    "# FindMUSA.cmake of a shadow MUSA SDK (cuda2musa --shadow-sdk), the\n",
    "# pre-5.1 style: find_package(MUSA) gives MUSA_FOUND, MUSA_VERSION,\n",
    "# MUSA_TOOLKIT_ROOT_DIR, MUSA_INCLUDE_DIRS, MUSA_LIBRARIES (musart),\n",
    "# MUSA_MCC_EXECUTABLE, and musa_add_executable(), musa_add_library() "
    "and\n",
    "# musa_include_directories(); these link MUSA_LIBRARIES with the "
    "keyword\n",
    "# MUSA_LINK_LIBRARIES_KEYWORD (PRIVATE, PUBLIC, INTERFACE or empty, as\n",
    "# FindCUDA's CUDA_LINK_LIBRARIES_KEYWORD), so that a later\n",
    "# target_link_libraries() may use that signature. Sources ending in .mu "
    "or\n",
    "# .cu, and those with\n",
    "# the MUSA_SOURCE_PROPERTY_FORMAT OBJ property, are compiled by mcc -x\n",
    "# musa with MUSA_MCC_FLAGS (a list; --offload-arch=mp_XX goes there) "
    "and\n",
    "# the directories of musa_include_directories(); the rest by CMake.\n",
    "get_filename_component(MUSA_TOOLKIT_ROOT_DIR "
    "\"${CMAKE_CURRENT_LIST_DIR}\" DIRECTORY)\n",
    "set(MUSA_INCLUDE_DIRS \"${MUSA_TOOLKIT_ROOT_DIR}/include\")\n",
    "set(MUSA_MCC_EXECUTABLE \"${MUSA_TOOLKIT_ROOT_DIR}/bin/mcc\")\n",
    "set(MUSA_VERSION \"@MUSA_TOOLKIT_VERSION@\")\n",
    "string(REPLACE \".\" \";\" _musa_v \"${MUSA_VERSION}\")\n",
    "list(GET _musa_v 0 MUSA_VERSION_MAJOR)\n",
    "list(GET _musa_v 1 MUSA_VERSION_MINOR)\n",
    "unset(_musa_v)\n",
    "find_library(MUSA_musart_LIBRARY musart\n",
    "             PATHS \"${MUSA_TOOLKIT_ROOT_DIR}/lib\" NO_DEFAULT_PATH)\n",
    "set(MUSA_LIBRARIES \"${MUSA_musart_LIBRARY}\")\n",
    "include(FindPackageHandleStandardArgs)\n",
    "find_package_handle_standard_args(MUSA\n",
    "  REQUIRED_VARS MUSA_INCLUDE_DIRS MUSA_musart_LIBRARY "
    "MUSA_MCC_EXECUTABLE\n",
    "  VERSION_VAR MUSA_VERSION)\n",
    "set(MUSA_MCC_FLAGS \"\" CACHE STRING \"Flags for mcc (a list)\")\n",
    "if(MUSA_LINK_LIBRARIES_KEYWORD AND\n",
    "   NOT MUSA_LINK_LIBRARIES_KEYWORD MATCHES "
    "\"^(PRIVATE|PUBLIC|INTERFACE)$\")\n",
    "  message(FATAL_ERROR \"MUSA_LINK_LIBRARIES_KEYWORD is "
    "'${MUSA_LINK_LIBRARIES_KEYWORD}': \"\n",
    "          \"PRIVATE, PUBLIC, INTERFACE or empty\")\n",
    "endif()\n",
    "\n",
    "function(musa_include_directories)\n",
    "  set_property(DIRECTORY APPEND PROPERTY MUSA_INCLUDE_DIRS ${ARGN})\n",
    "  include_directories(${ARGN})\n",
    "endfunction()\n",
    "\n",
    "# The mcc objects of a target's sources: their paths in ${out_var}, and\n",
    "# the other sources in ${rest_var}.\n",
    "function(_musa_compile target pic out_var rest_var)\n",
    "  if(MUSA_SEPARABLE_COMPILATION)\n",
    "    message(FATAL_ERROR \"MUSA_SEPARABLE_COMPILATION isn't supported\")\n",
    "  endif()\n",
    "  get_property(incs DIRECTORY PROPERTY MUSA_INCLUDE_DIRS)\n",
    "  get_property(dirincs DIRECTORY PROPERTY INCLUDE_DIRECTORIES)\n",
    "  get_property(defs DIRECTORY PROPERTY COMPILE_DEFINITIONS)\n",
    "  set(flags ${MUSA_MCC_FLAGS})\n",
    "  separate_arguments(flags)\n",
    "  set(all ${incs} ${dirincs})\n",
    "  list(REMOVE_DUPLICATES all)\n",
    "  foreach(i IN LISTS all)\n",
    "    list(APPEND flags \"-I${i}\")\n",
    "  endforeach()\n",
    "  foreach(d IN LISTS defs)\n",
    "    list(APPEND flags \"-D${d}\")\n",
    "  endforeach()\n",
    "  if(pic)\n",
    "    list(APPEND flags -fPIC)\n",
    "  endif()\n",
    "  # FindCUDA's OPTIONS: mcc's options for this target's MUSA units.\n",
    "  set(srcs)\n",
    "  set(in_opts OFF)\n",
    "  foreach(a IN LISTS ARGN)\n",
    "    if(a STREQUAL \"OPTIONS\")\n",
    "      set(in_opts ON)\n",
    "    elseif(in_opts)\n",
    "      list(APPEND flags \"${a}\")\n",
    "    else()\n",
    "      list(APPEND srcs \"${a}\")\n",
    "    endif()\n",
    "  endforeach()\n",
    "  set(objs)\n",
    "  set(rest)\n",
    "  foreach(src IN LISTS srcs)\n",
    "    get_filename_component(abs \"${src}\" ABSOLUTE)\n",
    "    get_filename_component(ext \"${src}\" LAST_EXT)\n",
    "    get_source_file_property(fmt \"${abs}\" "
    "MUSA_SOURCE_PROPERTY_FORMAT)\n",
    "    if(ext STREQUAL \".mu\" OR ext STREQUAL \".cu\" OR fmt STREQUAL "
    "\"OBJ\")\n",
    "      file(RELATIVE_PATH rel \"${CMAKE_CURRENT_SOURCE_DIR}\" "
    "\"${abs}\")\n",
    "      string(REPLACE \"..\" \"__\" rel \"${rel}\")\n",
    "      set(obj "
    "\"${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${target}.musa/${rel}.o\")\n",
    "      get_filename_component(objdir \"${obj}\" DIRECTORY)\n",
    "      add_custom_command(OUTPUT \"${obj}\"\n",
    "        COMMAND ${CMAKE_COMMAND} -E make_directory \"${objdir}\"\n",
    "        COMMAND \"${MUSA_MCC_EXECUTABLE}\" -x musa ${flags} -MD -MF "
    "\"${obj}.d\"\n",
    "                -c \"${abs}\" -o \"${obj}\"\n",
    "        DEPENDS \"${abs}\" DEPFILE \"${obj}.d\"\n",
    "        COMMENT \"Building MUSA object ${rel}.o\" VERBATIM)\n",
    "      list(APPEND objs \"${obj}\")\n",
    "    else()\n",
    "      list(APPEND rest \"${src}\")\n",
    "    endif()\n",
    "  endforeach()\n",
    "  set(${out_var} ${objs} PARENT_SCOPE)\n",
    "  set(${rest_var} ${rest} PARENT_SCOPE)\n",
    "endfunction()\n",
    "\n",
    "function(musa_add_executable name)\n",
    "  _musa_compile(${name} OFF objs rest ${ARGN})\n",
    "  add_executable(${name} ${rest} ${objs})\n",
    "  set_target_properties(${name} PROPERTIES LINKER_LANGUAGE CXX)\n",
    "  target_include_directories(${name} PRIVATE ${MUSA_INCLUDE_DIRS})\n",
    "  target_link_libraries(${name} ${MUSA_LINK_LIBRARIES_KEYWORD} "
    "${MUSA_LIBRARIES})\n",
    "endfunction()\n",
    "\n",
    "function(musa_add_library name)\n",
    "  set(kind)\n",
    "  set(args ${ARGN})\n",
    "  list(GET args 0 first)\n",
    "  if(first MATCHES \"^(STATIC|SHARED|MODULE)$\")\n",
    "    set(kind ${first})\n",
    "    list(REMOVE_AT args 0)\n",
    "  endif()\n",
    "  set(pic OFF)\n",
    "  if(kind STREQUAL \"SHARED\" OR kind STREQUAL \"MODULE\" OR\n",
    "     (NOT kind AND BUILD_SHARED_LIBS))\n",
    "    set(pic ON)\n",
    "  endif()\n",
    "  _musa_compile(${name} ${pic} objs rest ${args})\n",
    "  add_library(${name} ${kind} ${rest} ${objs})\n",
    "  set_target_properties(${name} PROPERTIES LINKER_LANGUAGE CXX)\n",
    "  target_include_directories(${name} PRIVATE ${MUSA_INCLUDE_DIRS})\n",
    "  target_link_libraries(${name} ${MUSA_LINK_LIBRARIES_KEYWORD} "
    "${MUSA_LIBRARIES})\n",
    "endfunction()\n",
};

const struct shadow_text shadow_text_enable_lang = {
    enable_lang, sizeof(enable_lang) / sizeof(enable_lang[0])};
const struct shadow_text shadow_text_determine = {
    determine, sizeof(determine) / sizeof(determine[0])};
const struct shadow_text shadow_text_compiler_in = {
    compiler_in, sizeof(compiler_in) / sizeof(compiler_in[0])};
const struct shadow_text shadow_text_information = {
    information, sizeof(information) / sizeof(information[0])};
const struct shadow_text shadow_text_test = {test,
                                             sizeof(test) / sizeof(test[0])};
const struct shadow_text shadow_text_find_toolkit = {
    find_toolkit, sizeof(find_toolkit) / sizeof(find_toolkit[0])};
const struct shadow_text shadow_text_find_musa = {
    find_musa, sizeof(find_musa) / sizeof(find_musa[0])};
