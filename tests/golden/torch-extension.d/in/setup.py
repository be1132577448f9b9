import glob
import os
import os.path as osp

import torch
from setuptools import setup
from torch.utils.cpp_extension import (CUDA_HOME, BuildExtension,
                                       CUDAExtension)

KERNELS = ['scan']

# Build the CUDA kernels only where CUDA is there.
WITH_CUDA = torch.cuda.is_available() and CUDA_HOME is not None
if os.getenv('FORCE_CUDA', '0') == '1':
    WITH_CUDA = True


def get_extensions():
    sources = glob.glob(osp.join('csrc', '*.cpp'))
    extra_compile_args = {'cxx': ['-O3']}
    define_macros = []
    if WITH_CUDA:
        sources += glob.glob(osp.join('csrc', 'cuda', '*.cu'))
        sources += [osp.join('csrc', 'extra', f'{n}_kernel.cu') for n in KERNELS]
        define_macros += [('WITH_CUDA', None)]
        extra_compile_args['nvcc'] = ['-O3', '--expt-relaxed-constexpr',
                                      '-arch=sm_80', '-lineinfo']
    return [CUDAExtension('vecops._C', sources,
                          define_macros=define_macros,
                          extra_compile_args=extra_compile_args,
                          libraries=['cublas'])]


setup(
    name='vecops',
    packages=['vecops'],
    ext_modules=get_extensions(),
    cmdclass={'build_ext': BuildExtension},
)
