import ctypes
lib = ctypes.CDLL('libcudart.so.12')
# NVRTC's library: MUSA's file name for it is not known, said
rtc = ctypes.CDLL('libnvrtc.so.12')
