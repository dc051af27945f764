/* A joint group's traversal for the cyclic garbage collector, adopting the references of the contact-joint
 * handles that only the group holds.
 *
 * A near-callback makes thousands of contact joints per step and drops them to their group. Tracked by the
 * collector, each would be walked on every collection that reaches it (the accumulating contact-joint
 * benchmark keeps tens of thousands alive). Such a handle is untracked instead, and the group reports its
 * references as its own: while the group's joint list is referenced by the group alone and the handle by
 * that list alone, the handle is reachable exactly when the group is, so the collector sees the same graph
 * with the handle folded into the group. A handle that anything else holds is not adopted; its references
 * then count as external, which keeps what they reach alive (the safe direction). The handles' module
 * tracks a handle again before it can be held anywhere else for long: when user data is stored on it and
 * when it leaves the group.
 *
 * Everything here reads fields through byte offsets measured once by the module (no reference is taken or
 * dropped during a traversal).
 */
#ifndef ODE_GROUP_GC_H
#define ODE_GROUP_GC_H

#include <Python.h>

#define ODE_ADOPT_MAX 8

static traverseproc ode_group_base_traverse = NULL;    /* the group type's own traversal */
static Py_ssize_t ode_group_list_offset = 0;            /* the group's joint list */
static PyTypeObject *ode_adopt_type = NULL;             /* the exact handle type adopted (ode.ContactJoint) */
static Py_ssize_t ode_adopt_offsets[ODE_ADOPT_MAX];     /* the handle's object fields */
static int ode_adopt_count = 0;

static int ode_group_traverse(PyObject *self, visitproc visit, void *arg)
{
    PyObject *list, *m, *field;
    Py_ssize_t i, n;
    int k;
    /* the handles first: visiting the list may take a reference to it (gc.get_referents does) */
    list = *(PyObject **)((char *)self + ode_group_list_offset);
    if (list != NULL && ode_adopt_type != NULL && PyList_CheckExact(list) && Py_REFCNT(list) == 1) {
        n = PyList_GET_SIZE(list);
        for (i = 0; i < n; i++) {
            m = PyList_GET_ITEM(list, i);
            if (Py_TYPE(m) != ode_adopt_type || Py_REFCNT(m) != 1 || PyObject_GC_IsTracked(m))
                continue;
            Py_VISIT((PyObject *)Py_TYPE(m));
            for (k = 0; k < ode_adopt_count; k++) {
                field = *(PyObject **)((char *)m + ode_adopt_offsets[k]);
                Py_VISIT(field);
            }
        }
    }
    return ode_group_base_traverse(self, visit, arg);
}

/* Install the traversal on the group type (its Python subclasses reach it through subtype_traverse). */
static int ode_group_gc_install(PyTypeObject *group_type, Py_ssize_t list_offset)
{
    if (ode_group_base_traverse == NULL) {
        ode_group_base_traverse = group_type->tp_traverse;
        ode_group_list_offset = list_offset;
        group_type->tp_traverse = ode_group_traverse;
    }
    return 0;
}

static int ode_group_gc_adopt(PyTypeObject *handle_type, const Py_ssize_t *offsets, int count)
{
    int k;
    if (count > ODE_ADOPT_MAX)
        count = ODE_ADOPT_MAX;
    for (k = 0; k < count; k++)
        ode_adopt_offsets[k] = offsets[k];
    ode_adopt_count = count;
    ode_adopt_type = handle_type;
    return 0;
}

#endif
