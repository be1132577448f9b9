#include "scatter_musa.h"
#include "../musa/utils_musa.muh"
int scatter_musa(int *p, musaStream_t stream) {
    CHECK_MUSA(p);
    return isMusaReady() ? (int)musaGetLastError() : 0;
}
