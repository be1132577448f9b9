// Names that cross to Python stay: the module's PyInit_ and m.def's name.
#include "musa/scatter_musa.h"
#include "cpu/scatter_cpu.h"
#include "config.h"
#ifdef WITH_CUDA
static const bool with_musa = true;
#endif
PyMODINIT_FUNC PyInit__scatter_cuda(void) { return NULL; }
int scatter(int *p, bool on_musa) {
    const char *src = "musa/scatter_musa.mu";
    return on_musa ? scatter_musa(p, 0) : scatter_cpu(p);
}
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("scatter_cuda", &scatter_musa); }
