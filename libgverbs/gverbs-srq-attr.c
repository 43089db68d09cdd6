/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <string.h>
#include <infiniband/verbs.h>

#include "gverbs-srq-attr.h"
#include "gverbs-srq-attr-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-fields-private.h"

G_STATIC_ASSERT (sizeof (GVerbsSrqAttr) == sizeof (struct ibv_srq_attr));
G_STATIC_ASSERT (G_STRUCT_OFFSET (GVerbsSrqAttr, srq_limit) ==
                 G_STRUCT_OFFSET (struct ibv_srq_attr, srq_limit));

/**
 * gverbs_srq_attr_copy:
 * @attr: a #GVerbsSrqAttr
 *
 * Copies the shared receive queue attributes.
 *
 * Returns: (transfer full): a copy of @attr
 *
 * Since: 0.1
 */
/**
 * gverbs_srq_attr_free:
 * @attr: (nullable): a #GVerbsSrqAttr
 *
 * Frees a #GVerbsSrqAttr.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_PLAIN_BOXED_TYPE (GVerbsSrqAttr, gverbs_srq_attr)

/**
 * gverbs_srq_attr_new:
 * @max_wr: the most receive work requests
 * @max_sge: the most scatter/gather elements per work request
 * @srq_limit: the limit that arms %GVERBS_EVENT_SRQ_LIMIT_REACHED (0: none)
 *
 * Creates a #GVerbsSrqAttr on the heap, for bindings (C code fills one on the
 * stack).
 *
 * Returns: (transfer full): a new #GVerbsSrqAttr
 *
 * Since: 0.1
 */
GVerbsSrqAttr *
gverbs_srq_attr_new (guint32 max_wr,
                     guint32 max_sge,
                     guint32 srq_limit)
{
  GVerbsSrqAttr attr = { max_wr, max_sge, srq_limit };

  return gverbs_srq_attr_copy (&attr);
}

/**
 * gverbs_srq_attr_to_string:
 * @attr: a #GVerbsSrqAttr
 *
 * Describes the attributes, one per line, for logs.
 *
 * Returns: (transfer full): the attributes, one per line
 *
 * Since: 0.1
 */
char *
gverbs_srq_attr_to_string (const GVerbsSrqAttr *attr)
{
#define R(member, label) GVERBS_PRINT_ROW (GVerbsSrqAttr, member, label, 20, GVERBS_PRINT_UINT, NULL)
  static const GVerbsPrintRow rows[] = {
    R (max_wr, "Max WR"),
    R (max_sge, "Max SGE"),
    R (srq_limit, "SRQ limit"),
  };
#undef R

  g_return_val_if_fail (attr != NULL, NULL);
  return _gverbs_print_to_string (rows, G_N_ELEMENTS (rows), attr);
}

/* pyverbs' defaults: SrqAttr(max_wr=100, max_sge=1, srq_limit=0) */
static const GVerbsSrqAttr default_attr = { 100, 1, 0 };

/**
 * GVerbsSrqInitAttr:
 *
 * What ibv_create_srq() needs besides the protection domain
 * (`struct ibv_srq_init_attr`): the requested #GVerbsSrqAttr.
 *
 * When to use it: to create a basic #GVerbsSRQ with gverbs_srq_new().
 *
 * ```c
 * // given: GVerbsPD *pd;
 * GVerbsSrqAttr sa = { .max_wr = 512, .max_sge = 1 };
 * g_autoptr(GVerbsSrqInitAttr) init = gverbs_srq_init_attr_new (&sa);
 * g_autoptr(GVerbsSRQ) srq = gverbs_srq_new (pd, init, &error);
 * ```
 *
 * Python: `Verbs.SrqInitAttr(Verbs.SrqAttr(max_wr=512))`.
 *
 * Since: 0.1
 */
struct _GVerbsSrqInitAttr
{
  GObject parent_instance;
  GVerbsSrqAttr attr;
};

static const GVerbsField init_fields[] = {
  /**
   * GVerbsSrqInitAttr:attr:
   *
   * The requested sizes and limit (pyverbs' default: 100 work requests of
   * one element, no limit).
   */
  GVERBS_PROP_INLINE_BOXED (GVerbsSrqInitAttr, attr, "attr", gverbs_srq_attr_get_type, &default_attr,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY),
};

GVERBS_DEFINE_PROPERTIES_TYPE_WITH_INIT (GVerbsSrqInitAttr, gverbs_srq_init_attr, init_fields)

static void
gverbs_srq_init_attr_init (GVerbsSrqInitAttr *self)
{
  self->attr = default_attr;
}

/**
 * gverbs_srq_init_attr_new:
 * @attr: (nullable): the requested attributes, or %NULL for pyverbs'
 *   defaults (max_wr 100, max_sge 1, srq_limit 0)
 *
 * Creates the attributes of a shared receive queue, for gverbs_srq_new().
 *
 * Returns: (transfer full): new creation attributes for gverbs_srq_new()
 *
 * Since: 0.1
 */
GVerbsSrqInitAttr *
gverbs_srq_init_attr_new (const GVerbsSrqAttr *attr)
{
  return g_object_new (GVERBS_TYPE_SRQ_INIT_ATTR, "attr", attr, NULL);
}

/**
 * gverbs_srq_init_attr_get_attr:
 * @self: a #GVerbsSrqInitAttr
 * @attr: (out caller-allocates): the requested attributes
 *
 * Copies out the requested attributes.
 *
 * Since: 0.1
 */
void
gverbs_srq_init_attr_get_attr (GVerbsSrqInitAttr *self,
                               GVerbsSrqAttr     *attr)
{
  g_return_if_fail (GVERBS_IS_SRQ_INIT_ATTR (self));
  g_return_if_fail (attr != NULL);
  *attr = self->attr;
}

/**
 * GVerbsSrqInitAttrEx:
 *
 * What ibv_create_srq_ex() needs (`struct ibv_srq_init_attr_ex`): the
 * #GVerbsSrqAttr, the SRQ type, the protection domain, and for XRC SRQs
 * the XRC domain and the completion queue; #GVerbsSrqInitAttrEx:comp-mask
 * says which are valid. Tag-matching capacities are carried for
 * %GVERBS_SRQT_TM.
 *
 * When to use it: for an XRC or tag-matching SRQ, or one whose completion
 * queue or protection domain is set at creation (gverbs_srq_new_ex()).
 *
 * ```c
 * // given: GVerbsContext *ctx; GVerbsPD *pd; GVerbsXRCD *xrcd; GVerbsCQ *cq;
 * g_autoptr(GVerbsSrqInitAttrEx) init = g_object_new (GVERBS_TYPE_SRQ_INIT_ATTR_EX, NULL);
 * GVerbsSrqAttr sa = { .max_wr = 256, .max_sge = 1 };
 *
 * g_object_set (init, "attr", &sa, "srq-type", GVERBS_SRQT_XRC, "pd", pd, "xrcd", xrcd, "cq", cq,
 *               "comp-mask", GVERBS_SRQ_INIT_ATTR_TYPE | GVERBS_SRQ_INIT_ATTR_PD |
 *                            GVERBS_SRQ_INIT_ATTR_XRCD | GVERBS_SRQ_INIT_ATTR_CQ, NULL);
 * g_autoptr(GVerbsSRQ) srq = gverbs_srq_new_ex (ctx, init, &error);
 * ```
 *
 * Python: `Verbs.SrqInitAttrEx(max_wr=256, max_sge=1)`, pyverbs' keywords.
 *
 * Since: 0.1
 */
struct _GVerbsSrqInitAttrEx
{
  GObject parent_instance;
  GVerbsSrqAttr attr;
  GVerbsSRQType srq_type;
  GVerbsSRQInitAttrMask comp_mask;
  GVerbsPD *pd;
  GVerbsXRCD *xrcd;
  GVerbsCQ *cq;
  guint32 tm_max_num_tags;
  guint32 tm_max_ops;
};

static const GVerbsField ex_fields[] = {
  /**
   * GVerbsSrqInitAttrEx:attr:
   *
   * The requested sizes and limit.
   */
  GVERBS_PROP_INLINE_BOXED (GVerbsSrqInitAttrEx, attr, "attr", gverbs_srq_attr_get_type, &default_attr,
                            G_PARAM_READWRITE),
  /**
   * GVerbsSrqInitAttrEx:srq-type:
   *
   * Basic, XRC or tag matching (valid with %GVERBS_SRQ_INIT_ATTR_TYPE).
   */
  GVERBS_PROP_ENUM (GVerbsSrqInitAttrEx, srq_type, "srq-type", gverbs_srq_type_get_type, GVERBS_SRQT_BASIC,
                    G_PARAM_READWRITE),
  /**
   * GVerbsSrqInitAttrEx:comp-mask:
   *
   * Which of the other fields are valid.
   */
  GVERBS_PROP_FLAGS (GVerbsSrqInitAttrEx, comp_mask, "comp-mask", gverbs_srq_init_attr_mask_get_type, 0,
                     G_PARAM_READWRITE),
  /**
   * GVerbsSrqInitAttrEx:pd:
   *
   * The protection domain (valid with %GVERBS_SRQ_INIT_ATTR_PD).
   */
  GVERBS_PROP_OBJECT (GVerbsSrqInitAttrEx, pd, "pd", gverbs_pd_get_type, G_PARAM_READWRITE),
  /**
   * GVerbsSrqInitAttrEx:xrcd:
   *
   * The XRC domain of an XRC SRQ (valid with %GVERBS_SRQ_INIT_ATTR_XRCD).
   */
  GVERBS_PROP_OBJECT (GVerbsSrqInitAttrEx, xrcd, "xrcd", gverbs_xrcd_get_type, G_PARAM_READWRITE),
  /**
   * GVerbsSrqInitAttrEx:cq:
   *
   * The completion queue of an XRC or tag-matching SRQ (valid with
   * %GVERBS_SRQ_INIT_ATTR_CQ).
   */
  GVERBS_PROP_OBJECT (GVerbsSrqInitAttrEx, cq, "cq", gverbs_cq_get_type, G_PARAM_READWRITE),
  /**
   * GVerbsSrqInitAttrEx:tm-max-num-tags:
   *
   * Tag matching: the most tags (valid with %GVERBS_SRQ_INIT_ATTR_TM).
   */
  GVERBS_PROP_UINT (GVerbsSrqInitAttrEx, tm_max_num_tags, "tm-max-num-tags", G_MAXUINT32, 0, G_PARAM_READWRITE),
  /**
   * GVerbsSrqInitAttrEx:tm-max-ops:
   *
   * Tag matching: the most outstanding list operations.
   */
  GVERBS_PROP_UINT (GVerbsSrqInitAttrEx, tm_max_ops, "tm-max-ops", G_MAXUINT32, 0, G_PARAM_READWRITE),
};

GVERBS_DEFINE_PROPERTIES_TYPE_WITH_INIT (GVerbsSrqInitAttrEx, gverbs_srq_init_attr_ex, ex_fields)

static void
gverbs_srq_init_attr_ex_init (GVerbsSrqInitAttrEx *self)
{
  self->attr = default_attr;
}

/**
 * gverbs_srq_init_attr_ex_new:
 * @attr: (nullable): the requested attributes, or %NULL for pyverbs'
 *   defaults (max_wr 100, max_sge 1, srq_limit 0)
 *
 * Set #GVerbsSrqInitAttrEx:srq-type, #GVerbsSrqInitAttrEx:pd … and
 * #GVerbsSrqInitAttrEx:comp-mask on the result.
 *
 * Returns: (transfer full): new creation attributes for gverbs_srq_new_ex()
 *
 * Since: 0.1
 */
GVerbsSrqInitAttrEx *
gverbs_srq_init_attr_ex_new (const GVerbsSrqAttr *attr)
{
  return g_object_new (GVERBS_TYPE_SRQ_INIT_ATTR_EX, "attr", attr, NULL);
}

/**
 * gverbs_srq_init_attr_ex_get_attr:
 * @self: a #GVerbsSrqInitAttrEx
 * @attr: (out caller-allocates): the requested attributes
 *
 * Copies out the requested attributes.
 *
 * Since: 0.1
 */
void
gverbs_srq_init_attr_ex_get_attr (GVerbsSrqInitAttrEx *self,
                                  GVerbsSrqAttr       *attr)
{
  g_return_if_fail (GVERBS_IS_SRQ_INIT_ATTR_EX (self));
  g_return_if_fail (attr != NULL);
  *attr = self->attr;
}

void
_gverbs_srq_init_attr_ex_to_ibv (GVerbsSrqInitAttrEx         *self,
                                 struct ibv_srq_init_attr_ex *out,
                                 GVerbsPD                   **pd,
                                 GVerbsXRCD                 **xrcd,
                                 GVerbsCQ                   **cq)
{
  memset (out, 0, sizeof *out);
  memcpy (&out->attr, &self->attr, sizeof out->attr);
  out->comp_mask = self->comp_mask;
  out->srq_type = (enum ibv_srq_type) self->srq_type;
  out->tm_cap.max_num_tags = self->tm_max_num_tags;
  out->tm_cap.max_ops = self->tm_max_ops;
  *pd = self->pd;
  *xrcd = self->xrcd;
  *cq = self->cq;
}
