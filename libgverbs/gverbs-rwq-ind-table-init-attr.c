/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "gverbs-rwq-ind-table-init-attr.h"
#include "gverbs-error.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsRwqIndTableInitAttr:
 *
 * What a receive work queue indirection table is made of
 * (`struct ibv_rwq_ind_table_init_attr`, pyverbs' `RwqIndTableInitAttr`):
 * its size, 2^#GVerbsRwqIndTableInitAttr:log-ind-tbl-size entries, and the
 * work queue of each entry (one may fill several). It keeps the work
 * queues alive.
 *
 * When to use it: to create a #GVerbsRwqIndTable; it has 2^log_ind_tbl_size
 * entries, filled from the work queues in order.
 *
 * ```c
 * // given: GVerbsContext *ctx; GPtrArray *wqs;  // of GVerbsWQ
 * g_autoptr(GVerbsRwqIndTableInitAttr) init =
 *   gverbs_rwq_ind_table_init_attr_new_from_list (3, wqs, &error);
 * ```
 *
 * Python: `Verbs.RwqIndTableInitAttr(log_ind_tbl_size=3, wqs_list=wqs)`, pyverbs' keywords.
 *
 * Since: 0.1
 */
struct _GVerbsRwqIndTableInitAttr
{
  GObject parent_instance;

  guint log_ind_tbl_size;
  GPtrArray *wqs;
};

G_DEFINE_FINAL_TYPE (GVerbsRwqIndTableInitAttr, gverbs_rwq_ind_table_init_attr, G_TYPE_OBJECT)

static const GVerbsField fields[] = {
  /**
   * GVerbsRwqIndTableInitAttr:log-ind-tbl-size:
   *
   * The log2 of the number of entries, at most
   * %GVERBS_RWQ_IND_TABLE_MAX_LOG_SIZE.
   */
  GVERBS_PROP_UINT (GVerbsRwqIndTableInitAttr, log_ind_tbl_size, "log-ind-tbl-size",
                    GVERBS_RWQ_IND_TABLE_MAX_LOG_SIZE, 0, G_PARAM_READABLE),
};

static void
gverbs_rwq_ind_table_init_attr_finalize (GObject *object)
{
  GVerbsRwqIndTableInitAttr *self = GVERBS_RWQ_IND_TABLE_INIT_ATTR (object);

  g_ptr_array_unref (self->wqs);
  G_OBJECT_CLASS (gverbs_rwq_ind_table_init_attr_parent_class)->finalize (object);
}

GVERBS_DEFINE_PROPERTIES_CLASS_INIT (GVerbsRwqIndTableInitAttr, gverbs_rwq_ind_table_init_attr, fields, NULL)

static void
gverbs_rwq_ind_table_init_attr_init (GVerbsRwqIndTableInitAttr *self)
{
  self->wqs = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * gverbs_rwq_ind_table_init_attr_new:
 * @log_ind_tbl_size: log2 of the number of entries (0 …
 *   %GVERBS_RWQ_IND_TABLE_MAX_LOG_SIZE)
 * @wqs: (array length=n_wqs): the work queue of each entry
 * @n_wqs: how many: exactly 2^@log_ind_tbl_size
 * @error: return location for a #GError
 *
 * Makes indirection table attributes. rdma-core reads one work queue per
 * entry, so @n_wqs must equal the table's size; anything else is refused
 * with %GVERBS_ERROR_INVALID_ARGUMENT (%GVERBS_ERROR_OUT_OF_RANGE for a
 * size beyond the kernel's limit).
 *
 * Returns: (transfer full): the attributes, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsRwqIndTableInitAttr *
gverbs_rwq_ind_table_init_attr_new (guint            log_ind_tbl_size,
                                    GVerbsWQ *const *wqs,
                                    guint            n_wqs,
                                    GError         **error)
{
  GVerbsRwqIndTableInitAttr *self;

  g_return_val_if_fail (wqs != NULL || n_wqs == 0, NULL);
  if (log_ind_tbl_size > GVERBS_RWQ_IND_TABLE_MAX_LOG_SIZE)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   _("ibv_create_rwq_ind_table: log_ind_tbl_size %u > %u, the kernel's limit"),
                   log_ind_tbl_size, GVERBS_RWQ_IND_TABLE_MAX_LOG_SIZE);
      return NULL;
    }
  if (n_wqs != 1u << log_ind_tbl_size)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("ibv_create_rwq_ind_table: a table of log size %u has %u entries, one work "
                     "queue each (a work queue may fill several), but %u work queues were given"),
                   log_ind_tbl_size, 1u << log_ind_tbl_size, n_wqs);
      return NULL;
    }
  for (guint i = 0; i < n_wqs; i++)
    if (!GVERBS_IS_WQ (wqs[i]))
      {
        g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                     _("ibv_create_rwq_ind_table: entry %u is not a work queue (GVerbsWQ)"), i);
        return NULL;
      }
  self = g_object_new (GVERBS_TYPE_RWQ_IND_TABLE_INIT_ATTR, NULL);
  self->log_ind_tbl_size = log_ind_tbl_size;
  for (guint i = 0; i < n_wqs; i++)
    g_ptr_array_add (self->wqs, g_object_ref (wqs[i]));
  return self;
}

/**
 * gverbs_rwq_ind_table_init_attr_new_from_list: (rename-to gverbs_rwq_ind_table_init_attr_new)
 * @log_ind_tbl_size: log2 of the number of entries
 * @wqs: (element-type GVerbsWQ): the work queue of each entry, exactly
 *   2^@log_ind_tbl_size of them
 * @error: return location for a #GError
 *
 * The binding-friendly form of gverbs_rwq_ind_table_init_attr_new().
 *
 * Returns: (transfer full): the attributes, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsRwqIndTableInitAttr *
gverbs_rwq_ind_table_init_attr_new_from_list (guint       log_ind_tbl_size,
                                              GPtrArray  *wqs,
                                              GError    **error)
{
  g_return_val_if_fail (wqs != NULL, NULL);
  return gverbs_rwq_ind_table_init_attr_new (log_ind_tbl_size, (GVerbsWQ *const *) wqs->pdata,
                                             wqs->len, error);
}

/**
 * gverbs_rwq_ind_table_init_attr_get_log_ind_tbl_size:
 * @self: a #GVerbsRwqIndTableInitAttr
 *
 * Gets the size of the table, as log2 of its number of entries
 * (`ibv_rwq_ind_table_init_attr.log_ind_tbl_size`).
 *
 * Returns: the log2 of the number of entries
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_rwq_ind_table_init_attr_get_log_ind_tbl_size,
                      GVerbsRwqIndTableInitAttr, GVERBS_IS_RWQ_IND_TABLE_INIT_ATTR, 0, self->log_ind_tbl_size)

/**
 * gverbs_rwq_ind_table_init_attr_get_wqs:
 * @self: a #GVerbsRwqIndTableInitAttr
 *
 * Gets the work queues the table's entries point to
 * (`ibv_rwq_ind_table_init_attr.ind_tbl`).
 *
 * Returns: (transfer none) (element-type GVerbsWQ): the work queue of each entry
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GPtrArray *, gverbs_rwq_ind_table_init_attr_get_wqs,
                      GVerbsRwqIndTableInitAttr, GVERBS_IS_RWQ_IND_TABLE_INIT_ATTR, NULL, self->wqs)
