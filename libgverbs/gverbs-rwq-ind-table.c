/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-rwq-ind-table.h"
#include "gverbs-rwq-ind-table-private.h"
#include "gverbs-wq-private.h"
#include "gverbs-context-private.h"
#include "gverbs-error.h"
#include "gverbs-private.h"
#include "gverbs-resource-private.h"
#include "gverbs-resource-type-private.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsRwqIndTable:
 *
 * A receive work queue indirection table (`struct ibv_rwq_ind_table`,
 * pyverbs' `RwqIndTable`): the work queues a receive-side-scaling queue
 * pair (#GVerbsQPInitAttrEx:rwq-ind-tbl) spreads incoming packets over,
 * entry chosen by the packet's hash.
 *
 * The table belongs to its context and keeps its work queues alive;
 * closing the context or any of its work queues closes the table first,
 * and closing the table closes the queue pairs using it first. Soft-RoCE
 * has none: gverbs_rwq_ind_table_new() fails there with
 * %GVERBS_ERROR_NOT_SUPPORTED (as no work queue can be made there either).
 *
 * When to use it: for receive-side scaling: the table lists the work
 * queues, and a raw packet queue pair made with it and a #GVerbsRxHashConf
 * spreads incoming packets over them.
 *
 * ```c
 * // given: GVerbsContext *ctx; GVerbsWQ *wqs[4];
 * g_autoptr(GVerbsRwqIndTableInitAttr) init = gverbs_rwq_ind_table_init_attr_new (2, wqs, 4, &error);
 * g_autoptr(GVerbsRwqIndTable) table = NULL;
 *
 * if (init != NULL)   // 2^2 = 4 entries, one per work queue
 *   table = gverbs_rwq_ind_table_new (ctx, init, &error);
 * ```
 *
 * Python: `Verbs.RwqIndTable(ctx, Verbs.RwqIndTableInitAttr(2, wqs))`, as pyverbs.
 *
 * Since: 0.1
 */
struct _GVerbsRwqIndTable
{
  GVerbsResource parent_instance;

  GVerbsContext *context;
  GVerbsRwqIndTableInitAttr *init_attr;
  GPtrArray *wqs;               /* the init attr's, a reference */
  guint log_ind_tbl_size;
  struct ibv_rwq_ind_table *ibv;
};

G_DEFINE_FINAL_TYPE (GVerbsRwqIndTable, gverbs_rwq_ind_table, GVERBS_TYPE_RESOURCE)

static gboolean
gverbs_rwq_ind_table_open (GVerbsResource  *resource,
                           GCancellable    *cancellable,
                           GError         **error)
{
  GVerbsRwqIndTable *self = GVERBS_RWQ_IND_TABLE (resource);
  struct ibv_rwq_ind_table_init_attr attr = { 0 };
  struct ibv_device_attr_ex dev;
  g_autofree struct ibv_wq **entries = NULL;
  GPtrArray *wqs;
  const char *name;
  guint log_size;

  if (!_gverbs_resource_check_inputs (self->context, self->init_attr,
                                      _("An indirection table needs a context and a GVerbsRwqIndTableInitAttr"),
                                      error))
    return FALSE;
  name = gverbs_context_get_name (self->context);
  /* a device without RSS says so before its work queues are looked at:
   * none could have been made there */
  if (ibv_query_device_ex (_gverbs_context_get_ibv (self->context), NULL, &dev) == 0 &&
      dev.rss_caps.max_rwq_indirection_tables == 0)
    {
      _gverbs_set_error_errno (error, EOPNOTSUPP, "ibv_create_rwq_ind_table", name,
                               "the device has no receive work queue indirection tables "
                               "(rss_caps.max_rwq_indirection_tables 0)");
      return FALSE;
    }
  wqs = gverbs_rwq_ind_table_init_attr_get_wqs (self->init_attr);
  log_size = gverbs_rwq_ind_table_init_attr_get_log_ind_tbl_size (self->init_attr);
  if (wqs->len != 1u << log_size)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("ibv_create_rwq_ind_table on %s: a table of log size %u needs %u work queues, "
                     "not %u"), name, log_size, 1u << log_size, wqs->len);
      return FALSE;
    }
  entries = g_new (struct ibv_wq *, wqs->len);
  for (guint i = 0; i < wqs->len; i++)
    {
      GVerbsWQ *wq = g_ptr_array_index (wqs, i);

      if (!_gverbs_resource_check_open (wq, error))
        return FALSE;
      if (gverbs_wq_get_context (wq) != self->context)
        {
          g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                       _("ibv_create_rwq_ind_table on %s: entry %u, %s, belongs to another device context"),
                       name, i, _gverbs_resource_describe (wq));
          return FALSE;
        }
      entries[i] = _gverbs_wq_get_ibv (wq);
    }
  attr.log_ind_tbl_size = log_size;
  attr.ind_tbl = entries;
  errno = 0;
  self->ibv = ibv_create_rwq_ind_table (_gverbs_context_get_ibv (self->context), &attr);
  if (self->ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : EOPNOTSUPP, "ibv_create_rwq_ind_table", name,
                               "log_ind_tbl_size %u (%u work queues)", log_size, wqs->len);
      return FALSE;
    }
  self->wqs = g_ptr_array_ref (wqs);
  self->log_ind_tbl_size = log_size;
  _gverbs_resource_set_description (resource, "rwq ind table 0x%x on %s", self->ibv->ind_tbl_num, name);
  _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (self->context));
  for (guint i = 0; i < wqs->len; i++)
    _gverbs_wq_add_user (g_ptr_array_index (wqs, i), resource);
  return TRUE;
}

static gboolean
gverbs_rwq_ind_table_release (GVerbsResource  *resource,
                              GError         **error)
{
  GVerbsRwqIndTable *self = GVERBS_RWQ_IND_TABLE (resource);

  for (guint i = 0; self->wqs != NULL && i < self->wqs->len; i++)
    _gverbs_wq_remove_user (g_ptr_array_index (self->wqs, i), resource);
  return GVERBS_RESOURCE_CLASS (gverbs_rwq_ind_table_parent_class)->release (resource, error);
}

static void
gverbs_rwq_ind_table_finalize (GObject *object)
{
  GVerbsRwqIndTable *self = GVERBS_RWQ_IND_TABLE (object);

  g_clear_pointer (&self->wqs, g_ptr_array_unref);
  G_OBJECT_CLASS (gverbs_rwq_ind_table_parent_class)->finalize (object);
}

static const GVerbsField fields[] = {
  /**
   * GVerbsRwqIndTable:context:
   *
   * The device context the table belongs to.
   */
  GVERBS_PROP_INPUT (GVerbsRwqIndTable, context, "context", gverbs_context_get_type),
  /**
   * GVerbsRwqIndTable:init-attr:
   *
   * The attributes the table was made from.
   */
  GVERBS_PROP_INPUT (GVerbsRwqIndTable, init_attr, "init-attr",
                     gverbs_rwq_ind_table_init_attr_get_type),
  /**
   * GVerbsRwqIndTable:log-ind-tbl-size:
   *
   * The log2 of the number of entries.
   */
  GVERBS_PROP_UINT (GVerbsRwqIndTable, log_ind_tbl_size, "log-ind-tbl-size",
                    GVERBS_RWQ_IND_TABLE_MAX_LOG_SIZE, 0, G_PARAM_READABLE),
  /**
   * GVerbsRwqIndTable:ind-tbl-num:
   *
   * The table's number (`ind_tbl_num`); 0 once closed.
   */
  GVERBS_PROP_HANDLE_UINT (GVerbsRwqIndTable, ibv, struct ibv_rwq_ind_table, ind_tbl_num,
                           "ind-tbl-num"),
};

/* closed after the queue pairs using it, before the work queues it lists */
GVERBS_DEFINE_RESOURCE_CLASS_INIT_WITH_CODE (GVerbsRwqIndTable, gverbs_rwq_ind_table,
                                             ibv_destroy_rwq_ind_table, ibv, GVERBS_RANK_SRQ,
                                             fields, NULL,
                                             resource_class->release = gverbs_rwq_ind_table_release;
                                             object_class->finalize = gverbs_rwq_ind_table_finalize)

static void
gverbs_rwq_ind_table_init (GVerbsRwqIndTable *self)
{
}

/**
 * gverbs_rwq_ind_table_new:
 * @context: an open #GVerbsContext
 * @init_attr: the size and the work queue of each entry
 * @error: return location for a #GError
 *
 * Creates a receive work queue indirection table
 * (`ibv_create_rwq_ind_table()`), pyverbs' `RwqIndTable(ctx, attr)`. A
 * device without RSS gives %GVERBS_ERROR_NOT_SUPPORTED; on any error
 * nothing is left behind.
 *
 * Returns: (transfer full): the table, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsRwqIndTable *
gverbs_rwq_ind_table_new (GVerbsContext              *context,
                          GVerbsRwqIndTableInitAttr  *init_attr,
                          GError                    **error)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);
  g_return_val_if_fail (GVERBS_IS_RWQ_IND_TABLE_INIT_ATTR (init_attr), NULL);
  return g_initable_new (GVERBS_TYPE_RWQ_IND_TABLE, NULL, error, "context", context,
                         "init-attr", init_attr, NULL);
}

/**
 * gverbs_rwq_ind_table_get_context:
 * @self: a #GVerbsRwqIndTable
 *
 * Gets the device context the table was created on.
 *
 * Returns: (transfer none): the device context
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsContext *, gverbs_rwq_ind_table_get_context,
                      GVerbsRwqIndTable, GVERBS_IS_RWQ_IND_TABLE, NULL, self->context)

/**
 * gverbs_rwq_ind_table_get_wqs:
 * @self: a #GVerbsRwqIndTable
 *
 * The work queue of each entry (pyverbs' `RwqIndTable.wqs`).
 *
 * Returns: (transfer none) (element-type GVerbsWQ) (nullable): the work
 *   queues, %NULL until the table is created
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GPtrArray *, gverbs_rwq_ind_table_get_wqs,
                      GVerbsRwqIndTable, GVERBS_IS_RWQ_IND_TABLE, NULL, self->wqs)

/**
 * gverbs_rwq_ind_table_get_log_ind_tbl_size:
 * @self: a #GVerbsRwqIndTable
 *
 * Gets the size of the table, as log2 of its number of entries
 * (`ibv_rwq_ind_table_init_attr.log_ind_tbl_size`).
 *
 * Returns: the log2 of the number of entries
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_rwq_ind_table_get_log_ind_tbl_size,
                      GVerbsRwqIndTable, GVERBS_IS_RWQ_IND_TABLE, 0, self->log_ind_tbl_size)

/**
 * gverbs_rwq_ind_table_get_ind_tbl_num:
 * @self: a #GVerbsRwqIndTable
 *
 * Gets the number the device gave the table
 * (`ibv_rwq_ind_table.ind_tbl_num`).
 *
 * Returns: the table's number, 0 once closed
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint32, gverbs_rwq_ind_table_get_ind_tbl_num,
                      GVerbsRwqIndTable, GVERBS_IS_RWQ_IND_TABLE, 0, self->ibv ? self->ibv->ind_tbl_num : 0)

struct ibv_rwq_ind_table *
_gverbs_rwq_ind_table_get_ibv (GVerbsRwqIndTable *self)
{
  return self->ibv;
}
