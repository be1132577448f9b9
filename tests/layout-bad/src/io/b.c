#include "port/missing.h"
