#include "helper_shm.h"
int shm_open_all(void) { return 0; }
