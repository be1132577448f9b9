import glob
import os
import os.path as osp

import torch
from setuptools import setup
from torch_musa.utils.musa_extension import (MUSA_HOME, BuildExtension,
                                       MUSAExtension)

KERNELS = ['scan']

# Build the CUDA kernels only where CUDA is there.
WITH_CUDA = torch.musa.is_available() and MUSA_HOME is not None
if os.getenv('FORCE_CUDA', '0') == '1':
    WITH_CUDA = True


def get_extensions():
    sources = glob.glob(osp.join('csrc', '*.cpp'))
    extra_compile_args = {'cxx': ['-O3']}
    define_macros = []
    if WITH_CUDA:
        sources += glob.glob(osp.join('csrc', 'cuda', '*.mu'))
        sources += [osp.join('csrc', 'extra', f'{n}_kernel.mu') for n in KERNELS]
        define_macros += [('WITH_CUDA', None)]
        extra_compile_args['mcc'] = ['-O3',
                                      ]
    return [MUSAExtension('vecops._C', sources,
                          define_macros=define_macros,
                          extra_compile_args=extra_compile_args,
                          libraries=['mublas'])]


setup(
    name='vecops',
    packages=['vecops'],
    ext_modules=get_extensions(),
    cmdclass={'build_ext': BuildExtension},
)
