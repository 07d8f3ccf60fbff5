/* ``LayeredSteps`` (layeredsteps.c), added to the ``_pathcore`` module by its init. */
#ifndef TRANSCON_LAYEREDSTEPS_H
#define TRANSCON_LAYEREDSTEPS_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>

int pc_add_layered_steps(PyObject *module);

#endif
