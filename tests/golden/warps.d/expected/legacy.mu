// Warp functions from before CUDA 9, with no lane mask: counted with the
// others; a version getter's value; cooperative groups MUSA lacks.
__global__ void old_reduce(int *p) {
    int v = p[threadIdx.x];
    v += __shfl_down(v, 1);
    unsigned b = __ballot(v > 0);
    if (__any(v) && __all(v))
        p[0] = v + b;
}
void grids() {
    auto g = cg::this_multi_grid();
    auto c = cg::this_cluster();
    int v;
    mufftGetVersion(&v);
}
