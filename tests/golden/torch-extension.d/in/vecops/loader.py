"""Load the CUDA libraries at run time, for the driver version."""
import ctypes
import ctypes.util

_cudart = ctypes.CDLL('libcudart.so.12')
_cublas = ctypes.cdll.LoadLibrary(ctypes.util.find_library('cublas') or 'libcublas.so')
_nccl = ctypes.CDLL("libnccl.so.2", mode=ctypes.RTLD_GLOBAL)


def driver_version():
    v = ctypes.c_int()
    _cudart.cudaDriverGetVersion(ctypes.byref(v))
    return v.value
