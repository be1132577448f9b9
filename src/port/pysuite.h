/* SPDX-License-Identifier: MIT */
/* The device where test suites and their helpers give it (pydevice.h
 * asks): pytest's parametrize values at the place of the name that says
 * device, a loop over devices and its variable's comparisons, a list of
 * devices appended to, a device function's return or one under
 * is_available(), an assertion's or a str(device) comparison's other
 * side, an environment variable's default, match/case on a device; and
 * the questions about names and lists both ask. Private to port/. */
#ifndef C2M_PORT_PYSUITE_H
#define C2M_PORT_PYSUITE_H

#include <stdbool.h>
#include <stddef.h>

#include "port/pycommand.h"
#include "port/pytok.h"

/* Is the string at i, in the bracket a, a device by one of those forms? */
bool pysuite_device(const struct py_code *c, size_t i, struct py_around a);

/* Does s[0..len) say device, in any case (devices, "device,dtype")? */
bool pydev_says_device(const char *s, size_t len);
/* Does the name at k hold one of words[] (NULL-ended), in any case? */
bool pydev_name_holds(const struct py_code *c, size_t k,
                      const char *const *words);
/* Does the name at k say it holds a device (device, self.device, dev)? */
bool pydev_device_name(const struct py_code *c, size_t k);
/* Does the name at k hold devices (devices, DEVICES, devs)? */
bool pydev_devices_name(const struct py_code *c, size_t k);
/* The place of item i among the items of the bracket opening at h, when
 * it is an item alone; or -1. */
long pydev_item_place(const struct py_code *c, size_t h, size_t i);
/* Is s[0..n) a host's device ('cpu', 'mps', 'xpu')? */
bool pydev_host(const char *s, size_t n);
/* Does the bracket opening at h hold a host's device as an item of its
 * own (with keys, as a dict display's key), beside the token at i? */
bool pydev_host_beside(const struct py_code *c, size_t h, size_t i, bool keys);

#endif
