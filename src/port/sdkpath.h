/* SPDX-License-Identifier: MIT */
/* What build files say of the CUDA toolkit itself: the libraries they
 * link (-lX, a bare name, a library's file) and the paths in its home
 * (/usr/local/cuda/bin/nvcc, $(CUDA_PATH)/lib64): each the MUSA SDK's by
 * the mappings' libraries:, link:, paths:, home_dirs: and tools:, or
 * reported. Shared by the make, CMake and Python rewriters. */
#ifndef C2M_PORT_SDKPATH_H
#define C2M_PORT_SDKPATH_H

#include <stdbool.h>
#include <stddef.h>

#include "port/scriptjob.h"

/* A library name (-lX, libraries=['X'], find_library('X')): the name at
 * noff in the item at off (what a removal takes). */
void sj_library(struct script_job *j, size_t off, size_t len, size_t noff,
                size_t nlen);
/* A library's file in the SDK's directory (the path's end at off,
 * after the home: /lib64/libcudart_static.a): its name follows the
 * library's rule as -lX does (libmusart.so; a CUDA version suffix goes,
 * and a static archive whose library becomes a shared one becomes .so),
 * is reported, or the word [woff, woff + wlen) is dropped with it
 * (then true; true also when it should be but wlen is 0: then it is
 * reported, and the path is left as it is). */
bool sj_library_file(struct script_job *j, size_t off, size_t len, size_t woff,
                     size_t wlen);
/* A path at off that begins with a CUDA home (paths:, /usr/local/cuda
 * or /usr/local/cuda-12.4): the home becomes MUSA's (with a note when a
 * version goes), lib64 after it lib (home_dirs:), a library's file
 * follows its library (sj_library_file, which may drop the word [woff,
 * woff + wlen)), and with tool, nvcc at its end the tool rule's (mcc).
 * Returns whether the path begins with a home. */
/* The length of the CUDA home that s[0..len) begins with (paths:, and a
 * version after it: /usr/local/cuda-12.4), when a '/' or its end follows;
 * else 0. *home (when home is not NULL): its entry. */
size_t sj_home_len(const struct script_job *j, const char *s, size_t len,
                   const struct script_entry **home);
bool sj_home_path(struct script_job *j, size_t off, size_t len, size_t woff,
                  size_t wlen, bool tool);
/* The rest of a path at off after a home that the port has ported or
 * that is a name for it: lib64 -> lib, and with tool, bin/nvcc -> mcc. A
 * library's file is the caller's (sj_library_file). */
void sj_home_rest(struct script_job *j, size_t off, size_t len, bool tool);
/* lib64 -> lib (home_dirs:) in the path's rest at off, right after a
 * MUSA home ($(MUSA_PATH)/lib64). */
void sj_home_dir(struct script_job *j, size_t off, size_t len);
/* The same for the directory name at off alone (a piece of a joined
 * path: os.path.join(CUDA_HOME, 'lib64')); whether an entry named it. */
bool sj_home_part(struct script_job *j, size_t off, size_t len);
/* The word at off that names nvcc, alone or at a path's end (a
 * command's program, /opt/cuda/bin/nvcc, one in the home's bin): its
 * nvcc becomes the tool rule's (mcc). Another word stays. */
void sj_home_tool(struct script_job *j, size_t off, size_t len);
/* A word at off that is, or holds after -L, -I or -Wl,-rpath,, a path
 * in the CUDA toolkit's home: sj_home_path on the path ([woff, woff +
 * wlen), when wlen is not 0, is the item a library dropped takes).
 * Returns the length of the option before the path, or (size_t)-1 when
 * the word holds no such path. */
size_t sj_home_word(struct script_job *j, size_t off, size_t len, size_t woff,
                    size_t wlen, bool tool);
/* Is s[0..len) an option that a path in the home may follow in its word
 * (nothing, -L, -I, -Wl,-rpath,)? */
bool sj_home_option(const char *s, size_t len);
/* A library's file in the home whose name the port cannot write (the
 * file's text f[0..len), then more that is not known: f'libcublas.so.{v}',
 * 'libcublas*.so*'): reported at at, with the library the port links
 * instead. */
void sj_library_partial(struct script_job *j, size_t at, const char *f,
                        size_t len, const char *more);
/* The word [a, a + wl) of a command line or a string of options ('-L/usr
 * /local/cuda/lib64 -lcudart', 'nvcc -I/usr/local/cuda/include k.cu', a
 * Python f-string's text): a word that is, or holds after -L, -I or
 * -Wl,-rpath,, a path in the home is ported by sj_home_word, and -lNAME
 * follows its library (a word dropped goes as sj_remove_word says).
 * open: the word goes on in something unknown (f'/usr/local/cuda/lib64/
 * {name}'): only its directories are a path, and a library's file begun
 * there is reported. */
void sj_home_word_in(struct script_job *j, size_t a, size_t wl, bool open);

/* The program of a command, off[0..len) of j's text without its
 * directory, said when the mappings report it (make.tools: nvidia-smi,
 * nsys, compute-sanitizer: NVIDIA's tools). */
void sj_toolkit_program(struct script_job *j, size_t off, size_t len);
/* Does the mappings' make.tools say the program at buf[off..off+len)
 * (nvprof, compute-sanitizer) rather than rename it? */
bool sj_toolkit_reports(const struct script_job *j, size_t off, size_t len);

#endif
