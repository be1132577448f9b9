#include <musa_runtime.h>
int main() { musaDeviceSynchronize(); }
