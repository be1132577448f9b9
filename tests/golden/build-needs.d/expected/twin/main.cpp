#include "../Common/helper_shm.h"
#include <musa_runtime.h>
int main() { musaDeviceSynchronize(); return shm_open_all(); }
