#include <nv/target>
#include <cufftMp.h>
#include <nvJitLink.h>
__device__ int f(int v) {
  NV_IF_TARGET(NV_PROVIDES_SM_80, (v += 1;), (v += 0;));
  return v;
}
void g() { cufftMpAttachComm(0, CUFFT_COMM_MPI, nullptr); nvJitLinkHandle h; }
// Libraries of their own beside the ones MUSA has: said, not made up.
void h(cublasMpHandle_t m, cufftHandle p) {
  cublasMpCreate(&m, 0);
  cufftExecC2C(p, 0, 0, CUFFT_FORWARD);
  cuFileDriverOpen();
  cutensorHandle_t t; cutensorCreate(&t);
  int r = cusolverDnSsyevj_bufferSize(0, 0, 0, 0, 0, 0, 0, 0, 0);
}
