// A warp's width under the names and spellings people give it.
#define WARP_SZ 32
static const unsigned kWarp = 32u;
constexpr int WARP = 0x20;
// Not a warp's width: other names that are 32, and a warp count.
#define BLOCK_ROWS 32
const int kWarps = 32;
__global__ void k(float *x) { x[threadIdx.x % WARP_SZ] = kWarp + WARP; }
const long kWarpSize = 32L;
#define WARP_SIZE 32ul
__global__ void k(int *x){ x[threadIdx.x / 0x20u] = 0; }
