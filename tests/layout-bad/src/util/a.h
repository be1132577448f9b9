#include "io/b.h"
