// Tokens the port must see through, and the ones it must leave alone.
const char *raw = R"cuda(cudaMalloc("x") )" // not the end
cudaFree )cuda";
const char *raw2 = u8R"(cudaMalloc)";
const char *str = "cudaMalloc \"cudaFree\" \
cudaMemset";
const char c = 'c', *w = L"cudaMalloc";
long big = 1'000'000, hex = 0x1p-3 + 0xe+1;
int musa\
Malloc_spliced = 0;
void g() { musaDeviceSynchronize(); }  /* cudaDeviceSynchronize */
void h() { mu\
saDeviceSynchronize(); }
auto k = dlsym(handle, "musaMalloc");
auto sub = a<b<c>>> 1;
kernel<<<1, 2>>>(musaMemcpyHostToDevice);
$x = musaSuccess; Accumulate; CUBEMAP; my_cudaMalloc; musaMalloc_;
/* an unterminated comment runs to the end of the file
cudaMalloc
