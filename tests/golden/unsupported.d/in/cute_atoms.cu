// CUTLASS 3 / CuTe by NVIDIA architecture: the namespaces move to
// MUTLASS and MuTe, the atoms and tags named by sm_80/sm_90 are said; a
// macro of the project's own of that shape is its own.
#include <cute/tensor.hpp>
using namespace cute;
using Mma = MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>;
using Load = cute::SM90_TMA_LOAD;
using Arch = cutlass::arch::Sm90;
#define SM80_PATH 1
int path = SM80_PATH;
// CUTLASS 3's Hopper schedules, TMA and GMMA are said too; a type of the
// project's own of that shape is its own.
using Sched = cutlass::gemm::KernelTmaWarpSpecializedCooperative;
using Epi = cutlass::epilogue::TmaWarpSpecializedCooperative;
template <class C> using ML = cutlass::gemm::MainloopSm90TmaGmmaWarpSpecialized<3, C, Sched>;
using Major = cute::GMMA::Major;
auto tma = make_tma_copy(SM90_TMA_LOAD{}, 1);
struct KernelTmaMine {};
KernelTmaMine mine;
