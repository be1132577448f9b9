// A header of the run that declares a driver-style helper.
#pragma once
typedef struct { int ordinal; } cuDeviceInfo;
enum cuMode { cuModeFast, cuModeSafe };
static inline int cuQuery(cuDeviceInfo *info) { return info->ordinal + cuModeFast; }
