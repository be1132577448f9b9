#pragma once
__device__ __host__ inline bool isCudaReady() { return true; }
