#include "kern.mu"
#include "util.muh"
