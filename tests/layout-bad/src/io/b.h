#include "util/a.h"
