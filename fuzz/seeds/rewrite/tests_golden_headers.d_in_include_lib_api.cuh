#pragma once
#include "plain.h"
cudaError_t api_call();
