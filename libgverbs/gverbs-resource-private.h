/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include "gverbs-resource.h"
#include "gverbs-context.h"
#include "gverbs-async-event.h"
#include "gverbs-fields-private.h"

G_BEGIN_DECLS

/*
 * The resource tree. A child holds a strong reference to the objects it was
 * made from (its own construct properties); its registered parent keeps it in
 * a list without a reference, to close it first. A parent's close() closes
 * its children lowest rank first, newest first within a rank.
 */
typedef enum {
  GVERBS_RANK_QP = 0,   /* QPs, MWs, AHs, flows: users of other resources */
  GVERBS_RANK_SRQ = 1,  /* SRQs, WQs, MRs */
  GVERBS_RANK_CQ = 2,   /* CQs, PDs, DMs, XRCDs */
  GVERBS_RANK_CHANNEL = 3,
  GVERBS_N_RANKS
} GVerbsRank;

/*
 * The usage guard: a call that uses the rdma-core object from another thread
 * than the one closing it enters the guard first and leaves it when done;
 * close() marks the guard closing, waits until no call is inside, and only
 * then releases. Nothing waits on the data path: an enter is one atomic add.
 * Never hold the guard across a signal emission or a blocking wait.
 */
#define GVERBS_GUARD_CLOSING 0x40000000

extern gsize _gverbs_resource_guard_offset;

static inline gint *
_gverbs_resource_guard (gpointer self)
{
  return (gint *) G_STRUCT_MEMBER_P (self, _gverbs_resource_guard_offset);
}

static inline gboolean
_gverbs_resource_enter (gpointer self)
{
  gint *guard = _gverbs_resource_guard (self);

  if (G_LIKELY ((g_atomic_int_add (guard, 1) & GVERBS_GUARD_CLOSING) == 0))
    return TRUE;
  g_atomic_int_add (guard, -1);
  return FALSE;
}

static inline void
_gverbs_resource_leave (gpointer self)
{
  g_atomic_int_add (_gverbs_resource_guard (self), -1);
}

/* The resource part of a class_init: the @open and @release vfuncs (%NULL
 * keeps the parent's) and the @rank. Returns @klass as a resource class. */
typedef gboolean (*GVerbsOpenFunc)    (GVerbsResource  *self,
                                       GCancellable    *cancellable,
                                       GError         **error);
typedef gboolean (*GVerbsReleaseFunc) (GVerbsResource  *self,
                                       GError         **error);
GVerbsResourceClass *_gverbs_resource_class_set_lifecycle (gpointer           klass,
                                                           GVerbsOpenFunc     open,
                                                           GVerbsReleaseFunc  release,
                                                           GVerbsRank         rank);
/* The rdma-core call that destroys the handle stored at @handle_offset in
 * the instance (`ibv_free_dm (self->ibv)`): the base's release calls it,
 * clears the handle (unless the class keeps open when it fails) and names
 * the call in its error. A class with more to release chains up. */
typedef int (*GVerbsDestroyFunc) (gpointer handle);

void        _gverbs_resource_class_set_destroy (GVerbsResourceClass *klass,
                                                const char          *destroy_name,
                                                GVerbsDestroyFunc    destroy,
                                                gsize                handle_offset);
#define GVERBS_RESOURCE_CLASS_SET_DESTROY(klass, destroy, type, handle) \
  _gverbs_resource_class_set_destroy ((klass), #destroy, (GVerbsDestroyFunc) (destroy), \
                                      G_STRUCT_OFFSET (type, handle))

/* Installs the class's properties stored in its instance fields (its
 * construct inputs: the parent objects, attributes …), ids @first_id …; the
 * base drops the references they hold at finalize. @private_offset is 0 for
 * fields of the instance struct, `TypeName_private_offset` for fields of a
 * derivable class's private data. A class without other properties gets
 * get_property/set_property from the table. */
void        _gverbs_resource_class_install_properties (GVerbsResourceClass *klass,
                                                       guint                first_id,
                                                       const GVerbsField   *fields,
                                                       guint                n_fields,
                                                       GParamSpec         **pspecs,
                                                       int                  private_offset);

void        _gverbs_resource_add_parent     (GVerbsResource       *self,
                                             GVerbsResource       *parent);
void        _gverbs_resource_replace_parent (GVerbsResource       *self,
                                             GVerbsResource       *old_parent,
                                             GVerbsResource       *new_parent);
void        _gverbs_resource_set_description (GVerbsResource      *self,
                                              const char          *format,
                                              ...) G_GNUC_PRINTF (2, 3);
const char *_gverbs_resource_describe       (gpointer              self);
gboolean    _gverbs_resource_check_open     (gpointer              self,
                                             GError              **error);
gboolean    _gverbs_resource_check_input    (gpointer              input,
                                             const char           *missing,
                                             GError              **error);
gboolean    _gverbs_resource_check_inputs   (gpointer              input,
                                             gconstpointer         attr,
                                             const char           *missing,
                                             GError              **error);
gboolean    _gverbs_resource_is_open        (gpointer              self);
void        _gverbs_resource_adopt          (GVerbsResource       *self);
gboolean    _gverbs_resource_release_result (gpointer             self,
                                             int                  rc,
                                             const char          *call,
                                             GError             **error);
void        _gverbs_resource_route_events   (GVerbsResource       *self,
                                             GVerbsContext        *context,
                                             gconstpointer         ibv_handle);
void        _gverbs_resource_emit_async_event (GVerbsResource     *self,
                                               GQuark              detail,
                                               GVerbsAsyncEvent   *event);

G_END_DECLS
