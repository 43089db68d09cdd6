/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include "gverbs-fields-private.h"
#include "gverbs-resource-private.h"

G_BEGIN_DECLS

/*
 * The class_init of a resource that wraps one rdma-core object: opens
 * with `type_name_open()`, releases by calling @destroy on its field
 * @handle, closes at @rank, and installs the inputs of @field_table (a
 * GVerbsField table, ids from 1). Place it after the open function and the
 * table. GVERBS_DEFINE_RESOURCE_TYPE() adds an empty instance init. The
 * _WITH_CODE form keeps the pspecs in @pspecs (or NULL) and runs the
 * statements @_C_ before installing, with `object_class` and
 * `resource_class` in scope (a release vfunc, a finalize …).
 */
#define GVERBS_DEFINE_RESOURCE_CLASS_INIT_WITH_CODE(TypeName, type_name, destroy, handle, rank, \
                                                    field_table, pspecs, _C_)             \
  GVERBS_RESOURCE_CLASS_INIT (TypeName, type_name, rank, field_table, pspecs,             \
                              GVERBS_RESOURCE_CLASS_SET_DESTROY (resource_class, destroy,  \
                                                                 TypeName, handle);       \
                              _C_)
#define GVERBS_DEFINE_RESOURCE_CLASS_INIT(TypeName, type_name, destroy, handle, rank, field_table) \
  GVERBS_DEFINE_RESOURCE_CLASS_INIT_WITH_CODE (TypeName, type_name, destroy, handle, rank,   \
                                               field_table, NULL, )
#define GVERBS_DEFINE_RESOURCE_TYPE(TypeName, type_name, destroy, handle, rank, field_table) \
  GVERBS_DEFINE_RESOURCE_CLASS_INIT (TypeName, type_name, destroy, handle, rank, field_table) \
  static void type_name##_init (TypeName *self) { }
/* GVERBS_DEFINE_RESOURCE_CLASS_INIT_WITH_CODE() and an empty init. */
#define GVERBS_DEFINE_RESOURCE_TYPE_WITH_CODE(TypeName, type_name, destroy, handle, rank, \
                                              field_table, pspecs, _C_)                 \
  GVERBS_DEFINE_RESOURCE_CLASS_INIT_WITH_CODE (TypeName, type_name, destroy, handle, rank, \
                                               field_table, pspecs, _C_)                  \
  static void type_name##_init (TypeName *self) { }

/* The class_init and empty init of a resource that releases its object
 * itself, in `type_name_release()`, closes at @rank and installs the inputs
 * of @field_table. The _WITH_CODE form runs the statements @_C_ before
 * installing, as GVERBS_DEFINE_RESOURCE_CLASS_INIT_WITH_CODE() does. */
#define GVERBS_DEFINE_RESOURCE_TYPE_WITH_RELEASE_WITH_CODE(TypeName, type_name, rank, field_table, _C_) \
  GVERBS_RESOURCE_CLASS_INIT (TypeName, type_name, rank, field_table, NULL,               \
                              resource_class->release = type_name##_release; _C_)         \
  static void type_name##_init (TypeName *self) { }
#define GVERBS_DEFINE_RESOURCE_TYPE_WITH_RELEASE(TypeName, type_name, rank, field_table) \
  GVERBS_DEFINE_RESOURCE_TYPE_WITH_RELEASE_WITH_CODE (TypeName, type_name, rank, field_table, )

/* The class_init of a derivable resource whose inputs are in its private
 * data (Context, PD, CQ, CQEX, QP): opens with `type_name_open()`, releases
 * in `type_name_release()`, closes at @rank, runs @_C_ and installs
 * @field_table (ids from @first_id) with @pspecs. */
#define GVERBS_DEFINE_DERIVABLE_RESOURCE_CLASS_INIT(TypeName, type_name, rank, first_id,     \
                                                    field_table, pspecs, _C_)             \
  GVERBS_RESOURCE_CLASS_INIT_AT (TypeName, type_name, rank, first_id, field_table, pspecs, \
                                 TypeName##_private_offset,                              \
                                 resource_class->release = type_name##_release; _C_)

#define GVERBS_RESOURCE_CLASS_INIT(TypeName, type_name, rank, field_table, pspecs, _C_)  \
  GVERBS_RESOURCE_CLASS_INIT_AT (TypeName, type_name, rank, 1, field_table, pspecs, 0, _C_)

/* The body the forms above share: open, rank, @_C_, then the table. */
#define GVERBS_RESOURCE_CLASS_INIT_AT(TypeName, type_name, rank, first_id, field_table, pspecs, \
                                      private_offset, _C_)                                 \
  static void                                                                        \
  type_name##_class_init (TypeName##Class *klass)                                    \
  {                                                                                  \
    G_GNUC_UNUSED GObjectClass *object_class = G_OBJECT_CLASS (klass);               \
    GVerbsResourceClass *resource_class =                                            \
      _gverbs_resource_class_set_lifecycle (klass, type_name##_open, NULL, rank);    \
                                                                                     \
    { _C_; }                                                                         \
    _gverbs_resource_class_install_properties (resource_class, first_id, field_table, \
                                               G_N_ELEMENTS (field_table), pspecs,   \
                                               private_offset);                      \
  }

G_END_DECLS
