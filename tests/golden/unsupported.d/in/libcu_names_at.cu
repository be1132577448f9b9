// No libcu++ header: cuda:: is PyTorch's or the project's namespace.
namespace at { namespace native { void k() { auto s = cuda::getCurrentCUDAStream(); } } }
namespace mylib { namespace cuda { void launch(); } void run() { cuda::launch(); } }
