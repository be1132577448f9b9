// a .cu included by another: renamed with it
__global__ void kern() {}
