"""Load the CUDA libraries at run time, for the driver version."""
import ctypes
import os
import ctypes.util

CUDA_HOME = os.environ.get("MUSA_HOME", "/usr/local/musa")

_cudart = ctypes.CDLL('libmusart.so')
_cublas = ctypes.cdll.LoadLibrary(ctypes.util.find_library('mublas') or 'libmublas.so')
_nccl = ctypes.CDLL("libmccl.so", mode=ctypes.RTLD_GLOBAL)
# NVRTC's library: no MUSA file name for it is known, said.
_nvrtc = ctypes.CDLL("libnvrtc.so.12")
_cudnn = ctypes.CDLL(os.path.join(CUDA_HOME, "lib", "libcudnn.so.8"))  # once


def driver_version():
    v = ctypes.c_int()
    _cudart.musaDriverGetVersion(ctypes.byref(v))
    return v.value
