"""Load the CUDA libraries at run time, for the driver version."""
import ctypes
import ctypes.util

_cudart = ctypes.CDLL('libmusart.so')
_cublas = ctypes.cdll.LoadLibrary(ctypes.util.find_library('mublas') or 'libmublas.so')
_nccl = ctypes.CDLL("libmccl.so", mode=ctypes.RTLD_GLOBAL)


def driver_version():
    v = ctypes.c_int()
    _cudart.musaDriverGetVersion(ctypes.byref(v))
    return v.value
