// Members a macro pastes from the driver's names (PyTorch's
// driver_api.h) follow the names, as does one declared as it is, with
// its uses.
#include <cuda.h>
#define FORALL_DRIVER_API(_) _(cuMemAddressReserve) _(cuMemRelease)
struct DriverAPI {
#define CREATE_MEMBER(name) decltype(&name) name##_;
    FORALL_DRIVER_API(CREATE_MEMBER)
    static DriverAPI *get();
};
struct Plain {
    decltype(&cuMemGetInfo) cuMemGetInfo_;
};
void reserve(CUdeviceptr *p, Plain *q)
{
    DriverAPI::get()->cuMemAddressReserve_(p, 4096, 0, 0, 0);
    q->cuMemGetInfo_(nullptr, nullptr);
}
