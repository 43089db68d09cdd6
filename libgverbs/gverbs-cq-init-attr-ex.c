/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <string.h>

#include "gverbs-cq-init-attr-ex.h"
#include "gverbs-enum-types.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsCqInitAttrEx:
 *
 * What gverbs_cq_ex_new() creates (rdma-core's `struct ibv_cq_init_attr_ex`,
 * pyverbs' `CqInitAttrEx`): the capacity, the fields the completions report
 * (#GVerbsCqInitAttrEx:wc-flags), an optional completion channel and
 * vector, and creation flags. Every field is a read-write property.
 *
 * When to use it: to create a #GVerbsCQEX, choosing which completion fields
 * the device reports.
 *
 * ```c
 * // given: GVerbsContext *ctx; GVerbsCompChannel *channel;
 * g_autoptr(GVerbsCqInitAttrEx) attr = gverbs_cq_init_attr_ex_new ();
 *
 * gverbs_cq_init_attr_ex_set_cqe (attr, 1024);
 * gverbs_cq_init_attr_ex_set_channel (attr, channel);
 * gverbs_cq_init_attr_ex_set_wc_flags (attr, GVERBS_WC_EX_WITH_BYTE_LEN |
 *                                            GVERBS_WC_EX_WITH_COMPLETION_TIMESTAMP);
 * g_autoptr(GVerbsCQEX) cq = gverbs_cq_ex_new (ctx, attr, &error);
 * ```
 *
 * Python: `Verbs.CqInitAttrEx(cqe=1024, channel=channel, wc_flags=flags)`, pyverbs' keywords.
 *
 * Since: 0.1
 */
struct _GVerbsCqInitAttrEx
{
  GObject parent_instance;

  guint cqe;
  GVerbsCompChannel *channel;
  guint comp_vector;
  GVerbsCreateCQWCFlags wc_flags;
  GVerbsCQInitAttrMask comp_mask;
  GVerbsCreateCQAttrFlags flags;
  GVerbsPD *parent_domain;
};

static const GVerbsField fields[] = {
  /**
   * GVerbsCqInitAttrEx:channel:
   *
   * The completion channel for the CQ's events, or %NULL.
   */
  GVERBS_PROP_OBJECT (GVerbsCqInitAttrEx, channel, "channel", gverbs_comp_channel_get_type,
                      G_PARAM_READWRITE),
  /**
   * GVerbsCqInitAttrEx:cqe:
   *
   * The number of completions the CQ must hold at least (pyverbs' default: 100).
   */
  GVERBS_PROP_UINT (GVerbsCqInitAttrEx, cqe, "cqe", G_MAXUINT32, 100,
                    G_PARAM_READWRITE | G_PARAM_CONSTRUCT),
  /**
   * GVerbsCqInitAttrEx:comp-vector:
   *
   * The completion vector that signals the CQ's events.
   */
  GVERBS_PROP_UINT (GVerbsCqInitAttrEx, comp_vector, "comp-vector", G_MAXUINT32, 0,
                    G_PARAM_READWRITE),
  /**
   * GVerbsCqInitAttrEx:wc-flags:
   *
   * The fields the CQ's completions report beyond status, wr_id, opcode,
   * vendor error and flags.
   */
  GVERBS_PROP_FLAGS (GVerbsCqInitAttrEx, wc_flags, "wc-flags", gverbs_create_cq_wc_flags_get_type, 0,
                     G_PARAM_READWRITE),
  /**
   * GVerbsCqInitAttrEx:comp-mask:
   *
   * Which optional fields are valid (%GVERBS_CQ_INIT_ATTR_MASK_FLAGS for
   * #GVerbsCqInitAttrEx:flags).
   */
  GVERBS_PROP_FLAGS (GVerbsCqInitAttrEx, comp_mask, "comp-mask", gverbs_cq_init_attr_mask_get_type, 0,
                     G_PARAM_READWRITE),
  /**
   * GVerbsCqInitAttrEx:flags:
   *
   * Creation flags, used when #GVerbsCqInitAttrEx:comp-mask has
   * %GVERBS_CQ_INIT_ATTR_MASK_FLAGS.
   */
  GVERBS_PROP_FLAGS (GVerbsCqInitAttrEx, flags, "flags", gverbs_create_cq_attr_flags_get_type, 0,
                     G_PARAM_READWRITE),
  /**
   * GVerbsCqInitAttrEx:parent-domain:
   *
   * The #GVerbsParentDomain whose allocator and thread domain the CQ uses,
   * or %NULL. Setting one makes the CQ ask for
   * %GVERBS_CQ_INIT_ATTR_MASK_PD; the CQ is closed with the parent domain.
   */
  GVERBS_PROP_OBJECT (GVerbsCqInitAttrEx, parent_domain, "parent-domain", gverbs_pd_get_type,
                      G_PARAM_READWRITE),
};

GVERBS_DEFINE_PROPERTIES_TYPE_WITH_INIT (GVerbsCqInitAttrEx, gverbs_cq_init_attr_ex, fields)

static void
gverbs_cq_init_attr_ex_init (GVerbsCqInitAttrEx *self)
{
  self->cqe = 100;
}

/**
 * gverbs_cq_init_attr_ex_new:
 *
 * Creates the attributes of an extended completion queue, for
 * gverbs_cq_ex_new().
 *
 * Returns: (transfer full): attributes with pyverbs' defaults: 100 entries,
 *   no channel, vector 0, no extra fields, no flags
 *
 * Since: 0.1
 */
GVerbsCqInitAttrEx *
gverbs_cq_init_attr_ex_new (void)
{
  return g_object_new (GVERBS_TYPE_CQ_INIT_ATTR_EX, NULL);
}

/**
 * gverbs_cq_init_attr_ex_get_cqe:
 * @self: a #GVerbsCqInitAttrEx
 *
 * Gets the requested number of completions.
 *
 * Returns: the requested number of completions
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_cq_init_attr_ex_get_cqe,
                      GVerbsCqInitAttrEx, GVERBS_IS_CQ_INIT_ATTR_EX, 0, self->cqe)

/**
 * gverbs_cq_init_attr_ex_set_cqe:
 * @self: a #GVerbsCqInitAttrEx
 * @cqe: the number of completions the CQ must hold at least
 *
 * Sets #GVerbsCqInitAttrEx:cqe.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_SETTER (gverbs_cq_init_attr_ex_set_cqe, GVerbsCqInitAttrEx,
                      GVERBS_IS_CQ_INIT_ATTR_EX, guint, cqe, "cqe")

/**
 * gverbs_cq_init_attr_ex_get_channel:
 * @self: a #GVerbsCqInitAttrEx
 *
 * Gets the completion channel.
 *
 * Returns: (transfer none) (nullable): the completion channel
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsCompChannel *, gverbs_cq_init_attr_ex_get_channel,
                      GVerbsCqInitAttrEx, GVERBS_IS_CQ_INIT_ATTR_EX, NULL, self->channel)

/**
 * gverbs_cq_init_attr_ex_set_channel:
 * @self: a #GVerbsCqInitAttrEx
 * @channel: (nullable): a completion channel
 *
 * Sets #GVerbsCqInitAttrEx:channel.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_SETTER (gverbs_cq_init_attr_ex_set_channel, GVerbsCqInitAttrEx,
                      GVERBS_IS_CQ_INIT_ATTR_EX, GVerbsCompChannel *, channel, "channel")

/**
 * gverbs_cq_init_attr_ex_get_comp_vector:
 * @self: a #GVerbsCqInitAttrEx
 *
 * Gets the completion vector.
 *
 * Returns: the completion vector
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_cq_init_attr_ex_get_comp_vector,
                      GVerbsCqInitAttrEx, GVERBS_IS_CQ_INIT_ATTR_EX, 0, self->comp_vector)

/**
 * gverbs_cq_init_attr_ex_set_comp_vector:
 * @self: a #GVerbsCqInitAttrEx
 * @comp_vector: the completion vector
 *
 * Sets #GVerbsCqInitAttrEx:comp-vector.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_SETTER (gverbs_cq_init_attr_ex_set_comp_vector, GVerbsCqInitAttrEx,
                      GVERBS_IS_CQ_INIT_ATTR_EX, guint, comp_vector, "comp-vector")

/**
 * gverbs_cq_init_attr_ex_get_wc_flags:
 * @self: a #GVerbsCqInitAttrEx
 *
 * Gets the fields the completions report.
 *
 * Returns: the fields the completions report
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsCreateCQWCFlags, gverbs_cq_init_attr_ex_get_wc_flags,
                      GVerbsCqInitAttrEx, GVERBS_IS_CQ_INIT_ATTR_EX, 0, self->wc_flags)

/**
 * gverbs_cq_init_attr_ex_set_wc_flags:
 * @self: a #GVerbsCqInitAttrEx
 * @wc_flags: the fields the completions report
 *
 * Sets #GVerbsCqInitAttrEx:wc-flags.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_SETTER (gverbs_cq_init_attr_ex_set_wc_flags, GVerbsCqInitAttrEx,
                      GVERBS_IS_CQ_INIT_ATTR_EX, GVerbsCreateCQWCFlags, wc_flags, "wc-flags")

/**
 * gverbs_cq_init_attr_ex_get_comp_mask:
 * @self: a #GVerbsCqInitAttrEx
 *
 * Gets which optional fields of the attributes are valid.
 *
 * Returns: which optional fields are valid
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsCQInitAttrMask, gverbs_cq_init_attr_ex_get_comp_mask,
                      GVerbsCqInitAttrEx, GVERBS_IS_CQ_INIT_ATTR_EX, 0, self->comp_mask)

/**
 * gverbs_cq_init_attr_ex_set_comp_mask:
 * @self: a #GVerbsCqInitAttrEx
 * @comp_mask: which optional fields are valid
 *
 * Sets #GVerbsCqInitAttrEx:comp-mask.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_SETTER (gverbs_cq_init_attr_ex_set_comp_mask, GVerbsCqInitAttrEx,
                      GVERBS_IS_CQ_INIT_ATTR_EX, GVerbsCQInitAttrMask, comp_mask, "comp-mask")

/**
 * gverbs_cq_init_attr_ex_get_flags:
 * @self: a #GVerbsCqInitAttrEx
 *
 * Gets the creation flags.
 *
 * Returns: the creation flags
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsCreateCQAttrFlags, gverbs_cq_init_attr_ex_get_flags,
                      GVerbsCqInitAttrEx, GVERBS_IS_CQ_INIT_ATTR_EX, 0, self->flags)

/**
 * gverbs_cq_init_attr_ex_set_flags:
 * @self: a #GVerbsCqInitAttrEx
 * @flags: the creation flags
 *
 * Sets #GVerbsCqInitAttrEx:flags.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_SETTER (gverbs_cq_init_attr_ex_set_flags, GVerbsCqInitAttrEx,
                      GVERBS_IS_CQ_INIT_ATTR_EX, GVerbsCreateCQAttrFlags, flags, "flags")

/**
 * gverbs_cq_init_attr_ex_to_string:
 * @self: a #GVerbsCqInitAttrEx
 *
 * Formats the attributes as pyverbs prints `CqInitAttrEx`: the number of
 * entries, the WC flags by their rdma-core names, the mask and the flags.
 *
 * Returns: (transfer full): the text
 *
 * Since: 0.1
 */
char *
gverbs_cq_init_attr_ex_to_string (GVerbsCqInitAttrEx *self)
{
#define R(member, label, format, type) GVERBS_PRINT_ROW (GVerbsCqInitAttrEx, member, label, 22, format, type)
  static const GVerbsPrintRow rows[] = {
    R (cqe, "Number of CQEs", GVERBS_PRINT_UINT, NULL),
    R (wc_flags, "WC flags", GVERBS_PRINT_IBV_FLAGS_INLINE, gverbs_create_cq_wc_flags_get_type),
    R (comp_mask, "comp mask", GVERBS_PRINT_UINT, NULL),
    R (flags, "flags", GVERBS_PRINT_UINT, NULL),
  };
#undef R

  g_return_val_if_fail (GVERBS_IS_CQ_INIT_ATTR_EX (self), NULL);
  return _gverbs_print_to_string (rows, G_N_ELEMENTS (rows), self);
}

/**
 * gverbs_cq_init_attr_ex_get_parent_domain:
 * @self: a #GVerbsCqInitAttrEx
 *
 * Gets the parent domain the CQ is made on
 * (`ibv_cq_init_attr_ex.parent_domain`).
 *
 * Returns: (transfer none) (nullable): the parent domain of the CQ
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsPD *, gverbs_cq_init_attr_ex_get_parent_domain,
                      GVerbsCqInitAttrEx, GVERBS_IS_CQ_INIT_ATTR_EX, NULL, self->parent_domain)

/**
 * gverbs_cq_init_attr_ex_set_parent_domain:
 * @self: a #GVerbsCqInitAttrEx
 * @parent_domain: (nullable): a #GVerbsParentDomain, or %NULL
 *
 * Sets #GVerbsCqInitAttrEx:parent-domain.
 *
 * Since: 0.1
 */
void
gverbs_cq_init_attr_ex_set_parent_domain (GVerbsCqInitAttrEx *self,
                                          GVerbsPD           *parent_domain)
{
  g_return_if_fail (GVERBS_IS_CQ_INIT_ATTR_EX (self));
  g_return_if_fail (parent_domain == NULL || GVERBS_IS_PD (parent_domain));
  g_object_set (self, "parent-domain", parent_domain, NULL);
}
