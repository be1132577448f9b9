#include "util/a.h"
void f(void) { exit(1); /* exit(2) */ }
