// A header of the run that declares a driver-style helper.
#pragma once
typedef struct { int ordinal; } muDeviceInfo;
enum muMode { muModeFast, muModeSafe };
static inline int muQuery(muDeviceInfo *info) { return info->ordinal + muModeFast; }
