"""Load the CUDA libraries at run time, for the driver version."""
import ctypes
import os
import ctypes.util

CUDA_HOME = os.environ.get("CUDA_HOME", "/usr/local/cuda")

_cudart = ctypes.CDLL('libcudart.so.12')
_cublas = ctypes.cdll.LoadLibrary(ctypes.util.find_library('cublas') or 'libcublas.so')
_nccl = ctypes.CDLL("libnccl.so.2", mode=ctypes.RTLD_GLOBAL)
# NVRTC's library: no MUSA file name for it is known, said.
_nvrtc = ctypes.CDLL("libnvrtc.so.12")
_cudnn = ctypes.CDLL(os.path.join(CUDA_HOME, "lib64", "libcudnn.so.8"))  # once


def driver_version():
    v = ctypes.c_int()
    _cudart.cudaDriverGetVersion(ctypes.byref(v))
    return v.value
