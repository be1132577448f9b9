// Members a macro pastes from the driver's names (PyTorch's
// driver_api.h) follow the names, as does one declared as it is, with
// its uses.
#include <musa.h>
#define FORALL_DRIVER_API(_) _(muMemAddressReserve) _(muMemRelease)
struct DriverAPI {
#define CREATE_MEMBER(name) decltype(&name) name##_;
    FORALL_DRIVER_API(CREATE_MEMBER)
    static DriverAPI *get();
};
struct Plain {
    decltype(&muMemGetInfo) muMemGetInfo_;
};
void reserve(MUdeviceptr *p, Plain *q)
{
    DriverAPI::get()->muMemAddressReserve_(p, 4096, 0, 0, 0);
    q->muMemGetInfo_(nullptr, nullptr);
}
