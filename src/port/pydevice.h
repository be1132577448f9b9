/* SPDX-License-Identifier: MIT */
/* torch's names for the device in a Python file that imports torch
 * (python.c asks): the device type in a string where the code names a
 * device (device='cuda:0', torch.device('cuda'), x.to('cuda'),
 * torch.autocast('cuda'), x.device.type == 'cuda', 'cuda' if
 * torch.cuda.is_available() else 'cpu', str(x.device).startswith('cuda');
 * with its index, anywhere: f'cuda:{i}', 'cuda:%d' % r, 'cuda:' + s),
 * a process group's backend
 * (backend='nccl', init_process_group('nccl')), the method that moves a
 * tensor or a module (x.cuda()) and the property that says where it is
 * (x.is_cuda). The rules are the mapping's python: devices:, backends:,
 * methods: and properties:. A string elsewhere ('cuda' as a
 * command-line choice, a key, a message) is not a device's. Private to
 * port/. */
#ifndef C2M_PORT_PYDEVICE_H
#define C2M_PORT_PYDEVICE_H

#include <stdbool.h>
#include <stddef.h>

#include "port/pycommand.h"
#include "port/pynames.h"
#include "port/pytok.h"
#include "port/scriptjob.h"

/* The plain string at i of c, whose contents are c->buf[off..off+len),
 * in the bracket a: renamed if it is a device or backend named so.
 * Returns its new name, or NULL. */
const char *pydevice_string(struct script_job *j, const struct py_code *c,
                            size_t i, size_t off, size_t len,
                            struct py_around a);
/* The f-string at i of c: f'cuda:{rank}', a device with its index
 * wherever it is, its device type renamed. Returns its new name, or
 * NULL. */
const char *pydevice_fstring(struct script_job *j, const struct py_code *c,
                             size_t i);
/* The attribute name at i of c: renamed if it is such a method called
 * (x.cuda()) or a property read (x.is_cuda; not where the file sets an
 * attribute of the name or names it an option or keyword: m's own): not a
 * module's function (torch.cuda, tvm.cuda(0): m's imports), and not where the
 * file defines a function of the name (its own class's cuda()). Returns its new
 * name, or NULL. */
const char *pydevice_method(struct script_job *j, const struct py_code *c,
                            size_t i, const struct pynames *m);

#endif
