from numba import cuda

DEVICES = ["cpu", "cuda"]
