import ctypes
lib = ctypes.CDLL('libcudart.so.12')
