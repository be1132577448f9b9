// Hand-written MUSA: copied byte for byte, never ported again, even though
// it mentions cudaMalloc in code.
#include "musa_compat.h"
void f(void **p) { cudaMalloc(p, 16); musaFree(*p); }
