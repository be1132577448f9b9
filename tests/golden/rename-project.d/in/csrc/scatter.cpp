// Names that cross to Python stay: the module's PyInit_ and m.def's name.
#include "cuda/scatter_cuda.h"
#include "cpu/scatter_cpu.h"
#include "config.h"
#ifdef WITH_CUDA
static const bool with_cuda = true;
#endif
PyMODINIT_FUNC PyInit__scatter_cuda(void) { return NULL; }
int scatter(int *p, bool on_cuda) {
    const char *src = "cuda/scatter_cuda.cu";
    return on_cuda ? scatter_cuda(p, 0) : scatter_cpu(p);
}
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("scatter_cuda", &scatter_cuda); }
