/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-cq-ex.h"
#include "gverbs-srq-tm.h"
#include "gverbs-cq-ex-private.h"
#include "gverbs-cq-private.h"
#include "gverbs-comp-channel-private.h"
#include "gverbs-cq-watch-private.h"
#include "gverbs-wc-private.h"
#include "gverbs-async-event.h"
#include "gverbs-context-private.h"
#include "gverbs-parent-domain-private.h"
#include "gverbs-pd-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-error.h"
#include "gverbs-resource-private.h"
#include "gverbs-resource-type-private.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsCQEX:
 *
 * An extended completion queue (`struct ibv_cq_ex`, pyverbs' `CQEX`),
 * created from a #GVerbsCqInitAttrEx. It is a #GVerbsCQ, as rdma-core's
 * `ibv_cq_ex` is an `ibv_cq` (`ibv_cq_ex_to_cq()`): it is given to a QP as
 * its #GVerbsQPInitAttr:send-cq or #GVerbsQPInitAttr:recv-cq, and has the
 * CQ's properties, signals and calls (gverbs_cq_poll(),
 * gverbs_cq_req_notify(), gverbs_cq_set_watched() and the rest) besides
 * its own. Its completions are read in place, one at a time:
 * gverbs_cq_ex_start_poll() opens a batch on the first completion, the
 * `read_*` calls give its fields (those requested in
 * #GVerbsCqInitAttrEx:wc-flags, plus status, wr_id, opcode, vendor error
 * and flags), gverbs_cq_ex_next_poll() moves on and gverbs_cq_ex_end_poll()
 * closes the batch. An empty CQ is not an error: the start and next calls
 * then return %FALSE without setting an error. While a batch is open,
 * gverbs_cq_poll() fails with %GVERBS_ERROR_INVALID_ARGUMENT and watched
 * mode waits for the batch to end.
 *
 * With a completion channel, completion events arrive on the main loop as
 * they do for any #GVerbsCQ: #GVerbsCQ::event for each (already
 * acknowledged) event, or, after gverbs_cq_set_watched(), the CQ re-armed
 * and read until empty with #GVerbsCQ::completion emitted per completion
 * and #GVerbsCQ::completions once per batch. Asynchronous events about the
 * CQ (`IBV_EVENT_CQ_ERR`) are emitted as #GVerbsResource::async-event.
 *
 * When to use it: when completions must carry more than #GVerbsWC has (a
 * timestamp, a flow tag), or to read them in place without copying; a
 * plain #GVerbsCQ is enough otherwise.
 *
 * ```c
 * // given: GVerbsContext *ctx;
 * g_autoptr(GVerbsCqInitAttrEx) attr = gverbs_cq_init_attr_ex_new ();
 * g_autoptr(GVerbsCQEX) cq = NULL;
 *
 * gverbs_cq_init_attr_ex_set_cqe (attr, 256);
 * gverbs_cq_init_attr_ex_set_wc_flags (attr, GVERBS_WC_EX_WITH_BYTE_LEN);
 * cq = gverbs_cq_ex_new (ctx, attr, &error);
 * if (cq != NULL && gverbs_cq_ex_start_poll (cq, &error))
 *   {
 *     do
 *       g_print ("wr %" G_GUINT64_FORMAT ": %u bytes\n", gverbs_cq_ex_read_wr_id (cq, NULL),
 *                gverbs_cq_ex_read_byte_len (cq, NULL));
 *     while (gverbs_cq_ex_next_poll (cq, &error));
 *     gverbs_cq_ex_end_poll (cq, NULL);
 *   }
 * ```
 *
 * Python: `Verbs.CQEX(ctx, Verbs.CqInitAttrEx(cqe=256))`, as pyverbs.
 *
 * Since: 0.1
 */
typedef struct
{
  GVerbsCqInitAttrEx *init_attr;
  GVerbsCreateCQWCFlags wc_flags;
  struct ibv_cq_ex *ibv;
  gboolean polling;             /* the caller's batch: start_poll .. end_poll */
  gboolean at_wc;               /* rdma-core's batch is open on a completion */
  GVerbsCQEXCreateFunc create_func;     /* a subclass's creation call */
  const char *create_call;
} GVerbsCQEXPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (GVerbsCQEX, gverbs_cq_ex, GVERBS_TYPE_CQ)

#define P(self) ((GVerbsCQEXPrivate *) gverbs_cq_ex_get_instance_private (self))


static const char *
device_name (GVerbsCQEX *self)
{
  return _gverbs_cq_device_name (GVERBS_CQ (self));
}

/* The caller's batch, which the base must know of: see
 * _gverbs_cq_set_batch_open(). */
static void
set_polling (GVerbsCQEX *self,
             gboolean    polling)
{
  P (self)->polling = polling;
  _gverbs_cq_set_batch_open (GVERBS_CQ (self), polling);
}

static gboolean
gverbs_cq_ex_open (GVerbsResource  *resource,
                   GCancellable    *cancellable,
                   GError         **error)
{
  GVerbsCQEX *self = GVERBS_CQ_EX (resource);
  GVerbsCQ *cq = GVERBS_CQ (resource);
  GVerbsContext *context = gverbs_cq_get_context (cq);
  GVerbsCompChannel *channel;
  GVerbsPD *parent_domain;
  struct ibv_cq_init_attr_ex attr = { 0 };
  struct ibv_device_attr dev;
  struct ibv_context *ctx;
  int rc;

  if (!_gverbs_resource_check_input (context, _("A completion queue needs a context"), error))
    return FALSE;
  ctx = _gverbs_context_get_ibv (context);
  if (P (self)->init_attr == NULL)
    P (self)->init_attr = gverbs_cq_init_attr_ex_new ();

  attr.cqe = gverbs_cq_init_attr_ex_get_cqe (P (self)->init_attr);
  attr.cq_context = _gverbs_cq_get_target (cq);
  attr.comp_vector = gverbs_cq_init_attr_ex_get_comp_vector (P (self)->init_attr);
  attr.wc_flags = gverbs_cq_init_attr_ex_get_wc_flags (P (self)->init_attr);
  attr.comp_mask = gverbs_cq_init_attr_ex_get_comp_mask (P (self)->init_attr);
  attr.flags = gverbs_cq_init_attr_ex_get_flags (P (self)->init_attr);
  channel = gverbs_cq_init_attr_ex_get_channel (P (self)->init_attr);
  _gverbs_cq_set_create_attr (cq, (int) MIN (attr.cqe, (guint) G_MAXINT), channel,
                              (int) MIN (attr.comp_vector, (guint) G_MAXINT));
  P (self)->wc_flags = attr.wc_flags;

  rc = ibv_query_device (ctx, &dev);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_query_device", device_name (self), NULL);
      return FALSE;
    }
  if (attr.cqe < 1 || attr.cqe > (guint) dev.max_cqe)
    {
      _gverbs_set_error_errno (error, EINVAL, "ibv_create_cq_ex", device_name (self),
                               _("cqe %u is out of range (1 to the device limit max_cqe %d)"),
                               attr.cqe, dev.max_cqe);
      return FALSE;
    }
  if (attr.comp_vector >= (guint) ctx->num_comp_vectors)
    {
      _gverbs_set_error_errno (error, EINVAL, "ibv_create_cq_ex", device_name (self),
                               _("comp_vector %u is out of range (the device has %d completion vectors)"),
                               attr.comp_vector, ctx->num_comp_vectors);
      return FALSE;
    }
  parent_domain = gverbs_cq_init_attr_ex_get_parent_domain (P (self)->init_attr);
  if (parent_domain != NULL)
    {
      if (!_gverbs_resource_check_open (parent_domain, error))
        return FALSE;
      if (!GVERBS_IS_PARENT_DOMAIN (parent_domain) ||
          gverbs_pd_get_context (parent_domain) != context)
        {
          _gverbs_set_error_errno (error, EINVAL, "ibv_create_cq_ex", device_name (self),
                                   _("parent_domain must be a parent domain of the same context"));
          return FALSE;
        }
      attr.parent_domain = _gverbs_pd_get_ibv (parent_domain);
      attr.comp_mask |= IBV_CQ_INIT_ATTR_MASK_PD;
    }
  else if (attr.comp_mask & IBV_CQ_INIT_ATTR_MASK_PD)
    {
      _gverbs_set_error_errno (error, EINVAL, "ibv_create_cq_ex", device_name (self),
                               _("IBV_CQ_INIT_ATTR_MASK_PD needs a parent_domain"));
      return FALSE;
    }
  if (channel != NULL)
    {
      if (!_gverbs_cq_watch_check_channel (channel, context, error))
        return FALSE;
      attr.channel = _gverbs_comp_channel_get_ibv (channel);
    }

  errno = 0;
  if (P (self)->create_func != NULL)
    P (self)->ibv = P (self)->create_func (self, ctx, &attr);
  else
    P (self)->ibv = ibv_create_cq_ex (ctx, &attr);
  if (P (self)->ibv == NULL)
    {
      g_autoptr(GVerbsCqInitAttrEx) hold = g_object_ref (P (self)->init_attr);
      g_autofree char *text = gverbs_cq_init_attr_ex_to_string (hold);

      g_strdelimit (text, "\n", ';');
      if (!_gverbs_parent_domain_take_allocator_error (parent_domain, "ibv_create_cq_ex", error))
        _gverbs_set_error_errno (error, errno ? errno : ENOMEM,
                                 P (self)->create_call ? P (self)->create_call : "ibv_create_cq_ex",
                                 device_name (self), "%s", text);
      return FALSE;
    }

  _gverbs_cq_set_ibv (cq, ibv_cq_ex_to_cq (P (self)->ibv), dev.max_cqe);
  if (parent_domain != NULL)
    _gverbs_resource_add_parent (resource, GVERBS_RESOURCE (parent_domain));
  return TRUE;
}

static gboolean
gverbs_cq_ex_release (GVerbsResource  *resource,
                      GError         **error)
{
  GVerbsCQEX *self = GVERBS_CQ_EX (resource);

  if (P (self)->at_wc)
    ibv_end_poll (P (self)->ibv);
  P (self)->at_wc = FALSE;
  set_polling (self, FALSE);
  P (self)->ibv = NULL;
  return GVERBS_RESOURCE_CLASS (gverbs_cq_ex_parent_class)->release (resource, error);
}

static const GVerbsField fields[] = {
  /**
   * GVerbsCQEX:init-attr:
   *
   * The attributes the CQ is created from (%NULL: pyverbs' defaults). They
   * are read once, at creation.
   */
  GVERBS_PROP_INPUT (GVerbsCQEXPrivate, init_attr, "init-attr", gverbs_cq_init_attr_ex_get_type),
  /**
   * GVerbsCQEX:wc-flags:
   *
   * The fields the CQ's completions report.
   */
  GVERBS_PROP_FLAGS (GVerbsCQEXPrivate, wc_flags, "wc-flags", gverbs_create_cq_wc_flags_get_type, 0,
                     G_PARAM_READABLE),
};

GVERBS_DEFINE_DERIVABLE_RESOURCE_CLASS_INIT (GVerbsCQEX, gverbs_cq_ex, GVERBS_RANK_CQ, 1, fields, NULL, )

static void
gverbs_cq_ex_init (GVerbsCQEX *self)
{
  _gverbs_cq_set_kind (GVERBS_CQ (self), "cq_ex", "Extended CQ:");
}

/**
 * gverbs_cq_ex_new:
 * @context: an open #GVerbsContext
 * @init_attr: (nullable): the attributes; %NULL for pyverbs' defaults
 * @error: return location for a #GError
 *
 * Creates an extended CQ (`ibv_create_cq_ex()`). Asking for fields the
 * device cannot report (completion timestamps on rxe, say) gives
 * %GVERBS_ERROR_NOT_SUPPORTED.
 *
 * Returns: (transfer full): the CQ, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsCQEX *
gverbs_cq_ex_new (GVerbsContext       *context,
                  GVerbsCqInitAttrEx  *init_attr,
                  GError             **error)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (context), NULL);
  g_return_val_if_fail (init_attr == NULL || GVERBS_IS_CQ_INIT_ATTR_EX (init_attr), NULL);
  return g_initable_new (GVERBS_TYPE_CQ_EX, NULL, error,
                         "context", context, "init-attr", init_attr, NULL);
}

/**
 * gverbs_cq_ex_get_wc_flags:
 * @self: a #GVerbsCQEX
 *
 * Gets the fields the CQ's completions report.
 *
 * Returns: the fields the CQ's completions report
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsCreateCQWCFlags, gverbs_cq_ex_get_wc_flags,
                      GVerbsCQEX, GVERBS_IS_CQ_EX, 0, P (self)->wc_flags)

static gboolean
poll_result (GVerbsCQEX  *self,
             int          rc,
             const char  *call,
             GError     **error)
{
  if (rc == 0)
    return TRUE;
  if (rc != ENOENT)
    _gverbs_set_error_errno (error, rc, call, device_name (self), NULL);
  return FALSE;
}

/* The CQ is open and a polling batch is open (@open) or not: otherwise
 * @call fails with @why. */
static inline gboolean
check_batch (GVerbsCQEX  *self,
             gboolean     open,
             const char  *call,
             const char  *why,
             GError     **error)
{
  if (!_gverbs_resource_check_open (self, error))
    return FALSE;
  if (!P (self)->polling != !open)
    {
      _gverbs_set_error_errno (error, EINVAL, call, device_name (self), "%s", why);
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_cq_ex_start_poll:
 * @self: a #GVerbsCQEX
 * @error: return location for a #GError
 *
 * Opens a polling batch on the oldest completion (`ibv_start_poll()`). When
 * this returns %TRUE, read the completion, move on with
 * gverbs_cq_ex_next_poll() and finish with gverbs_cq_ex_end_poll(). An empty
 * CQ returns %FALSE without an error (rdma-core's `ENOENT`) and opens no
 * batch. Starting a batch while one is open gives
 * %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Each completion is read in a batch of rdma-core's own: next_poll ends
 * it (`ibv_end_poll()`) and starts the next (`ibv_start_poll()`) instead of
 * calling `ibv_next_poll()`, since rxe in rdma-core 44 moves the consumer
 * index one past the producer when `ibv_next_poll()` reports the end of a
 * batch and `ibv_end_poll()` follows, and the next batch then starts on a
 * stale completion (fixed upstream by "rxe: fix completion queue consumer
 * index overrun").
 *
 * Returns: %TRUE if a completion is ready to read
 *
 * Since: 0.1
 */
gboolean
gverbs_cq_ex_start_poll (GVerbsCQEX  *self,
                         GError     **error)
{
  struct ibv_poll_cq_attr attr = { 0 };
  int rc;

  g_return_val_if_fail (GVERBS_IS_CQ_EX (self), FALSE);

  if (!check_batch (self, FALSE, "ibv_start_poll", _("a polling batch is already open; call end_poll first"),
                    error))
    return FALSE;
  rc = ibv_start_poll (P (self)->ibv, &attr);
  if (rc == 0)
    {
      P (self)->at_wc = TRUE;
      set_polling (self, TRUE);
    }
  return poll_result (self, rc, "ibv_start_poll", error);
}

/**
 * gverbs_cq_ex_next_poll:
 * @self: a #GVerbsCQEX
 * @error: return location for a #GError
 *
 * Moves to the next completion of the open batch, pyverbs' `poll_next()`
 * (see gverbs_cq_ex_start_poll() for how). No further completion returns
 * %FALSE without an error; the batch stays open until
 * gverbs_cq_ex_end_poll().
 *
 * Returns: %TRUE if another completion is ready to read
 *
 * Since: 0.1
 */
gboolean
gverbs_cq_ex_next_poll (GVerbsCQEX  *self,
                        GError     **error)
{
  struct ibv_poll_cq_attr attr = { 0 };
  int rc;

  g_return_val_if_fail (GVERBS_IS_CQ_EX (self), FALSE);

  if (!check_batch (self, TRUE, "ibv_next_poll", _("no polling batch is open; call start_poll first"), error))
    return FALSE;
  if (!P (self)->at_wc)
    return FALSE;
  ibv_end_poll (P (self)->ibv);
  rc = ibv_start_poll (P (self)->ibv, &attr);
  P (self)->at_wc = rc == 0;
  return poll_result (self, rc, "ibv_start_poll", error);
}

/**
 * gverbs_cq_ex_end_poll:
 * @self: a #GVerbsCQEX
 * @error: return location for a #GError
 *
 * Closes the open polling batch (`ibv_end_poll()` unless next_poll found
 * no further completion).
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_cq_ex_end_poll (GVerbsCQEX  *self,
                       GError     **error)
{
  g_return_val_if_fail (GVERBS_IS_CQ_EX (self), FALSE);

  if (!check_batch (self, TRUE, "ibv_end_poll", _("no polling batch is open"), error))
    return FALSE;
  if (P (self)->at_wc)
    ibv_end_poll (P (self)->ibv);
  P (self)->at_wc = FALSE;
  set_polling (self, FALSE);
  return TRUE;
}

/**
 * gverbs_cq_ex_is_polling:
 * @self: a #GVerbsCQEX
 *
 * Checks whether a polling batch is open.
 *
 * Returns: whether a polling batch is open
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (gboolean, gverbs_cq_ex_is_polling,
                      GVerbsCQEX, GVERBS_IS_CQ_EX, FALSE, P (self)->polling)

static gboolean
can_read (GVerbsCQEX  *self,
          guint64      needed_flag,
          const char  *call,
          GError     **error)
{
  if (!_gverbs_resource_check_open (self, error))
    return FALSE;
  if (!P (self)->at_wc)
    {
      _gverbs_set_error_errno (error, EINVAL, call, device_name (self),
                               _("no completion to read; call start_poll first"));
      return FALSE;
    }
  if (needed_flag != 0 && !(P (self)->wc_flags & needed_flag))
    {
      g_autoptr(GFlagsClass) klass = g_type_class_ref (GVERBS_TYPE_CREATE_CQ_WC_FLAGS);
      GFlagsValue *value = g_flags_get_first_value (klass, (guint) needed_flag);

      _gverbs_set_error_errno (error, EINVAL, call, device_name (self),
                               _("the CQ was created without %s in its wc_flags"),
                               value ? value->value_name : "?");
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_cq_ex_read_wr_id:
 * @self: a #GVerbsCQEX
 * @error: return location for a #GError
 *
 * Reads the work request id of the current completion (pyverbs' `wr_id`).
 * Reading with no open batch gives %GVERBS_ERROR_INVALID_ARGUMENT, as do
 * the other `read_*` calls, which also refuse fields missing from the CQ's
 * #GVerbsCQEX:wc-flags.
 *
 * Returns: the work request id
 *
 * Since: 0.1
 */
guint64
gverbs_cq_ex_read_wr_id (GVerbsCQEX  *self,
                         GError     **error)
{
  g_return_val_if_fail (GVERBS_IS_CQ_EX (self), 0);
  return can_read (self, 0, "wr_id", error) ? P (self)->ibv->wr_id : 0;
}

/**
 * gverbs_cq_ex_read_status:
 * @self: a #GVerbsCQEX
 * @error: return location for a #GError
 *
 * Reads the status of the current completion (pyverbs' `status`).
 *
 * Returns: the status
 *
 * Since: 0.1
 */
GVerbsWCStatus
gverbs_cq_ex_read_status (GVerbsCQEX  *self,
                          GError     **error)
{
  g_return_val_if_fail (GVERBS_IS_CQ_EX (self), GVERBS_WC_GENERAL_ERR);
  return can_read (self, 0, "status", error) ? (GVerbsWCStatus) P (self)->ibv->status
                                             : GVERBS_WC_GENERAL_ERR;
}

/* The readers of the current completion's fields that rdma-core reads
 * with ibv_wc_read_<field>(): a field beyond the five every completion
 * has needs @flag among the CQ's wc-flags. */
#define CQ_EX_READER(type, field, flag)                                 \
  type                                                                  \
  gverbs_cq_ex_read_##field (GVerbsCQEX  *self,                         \
                             GError     **error)                        \
  {                                                                     \
    g_return_val_if_fail (GVERBS_IS_CQ_EX (self), 0);                   \
    return can_read (self, flag, "ibv_wc_read_" #field, error)          \
      ? (type) ibv_wc_read_##field (P (self)->ibv) : 0;                     \
  }

/**
 * gverbs_cq_ex_read_opcode:
 * @self: a #GVerbsCQEX
 * @error: return location for a #GError
 *
 * Reads the opcode of the current completion (`ibv_wc_read_opcode()`).
 *
 * Returns: the opcode
 *
 * Since: 0.1
 */
CQ_EX_READER (GVerbsWCOpcode, opcode, 0)

/**
 * gverbs_cq_ex_read_vendor_err:
 * @self: a #GVerbsCQEX
 * @error: return location for a #GError
 *
 * Reads the vendor error of the current completion (`ibv_wc_read_vendor_err()`).
 *
 * Returns: the vendor error
 *
 * Since: 0.1
 */
CQ_EX_READER (guint32, vendor_err, 0)

/**
 * gverbs_cq_ex_read_byte_len:
 * @self: a #GVerbsCQEX
 * @error: return location for a #GError
 *
 * Reads the byte count of the current completion (`ibv_wc_read_byte_len()`,
 * needs %GVERBS_WC_EX_WITH_BYTE_LEN).
 *
 * Returns: the byte count
 *
 * Since: 0.1
 */
CQ_EX_READER (guint32, byte_len, IBV_WC_EX_WITH_BYTE_LEN)

/**
 * gverbs_cq_ex_read_imm_data:
 * @self: a #GVerbsCQEX
 * @error: return location for a #GError
 *
 * Reads the immediate data of the current completion, in network byte order
 * as rdma-core gives it (`ibv_wc_read_imm_data()`, needs %GVERBS_WC_EX_WITH_IMM).
 *
 * Returns: the immediate data
 *
 * Since: 0.1
 */
CQ_EX_READER (guint32, imm_data, IBV_WC_EX_WITH_IMM)

/**
 * gverbs_cq_ex_read_qp_num:
 * @self: a #GVerbsCQEX
 * @error: return location for a #GError
 *
 * Reads the local QP number of the current completion
 * (`ibv_wc_read_qp_num()`, needs %GVERBS_WC_EX_WITH_QP_NUM).
 *
 * Returns: the QP number
 *
 * Since: 0.1
 */
CQ_EX_READER (guint32, qp_num, IBV_WC_EX_WITH_QP_NUM)

/**
 * gverbs_cq_ex_read_src_qp:
 * @self: a #GVerbsCQEX
 * @error: return location for a #GError
 *
 * Reads the remote QP number of the current completion
 * (`ibv_wc_read_src_qp()`, needs %GVERBS_WC_EX_WITH_SRC_QP).
 *
 * Returns: the remote QP number
 *
 * Since: 0.1
 */
CQ_EX_READER (guint32, src_qp, IBV_WC_EX_WITH_SRC_QP)

/**
 * gverbs_cq_ex_read_wc_flags:
 * @self: a #GVerbsCQEX
 * @error: return location for a #GError
 *
 * Reads the flags of the current completion (`ibv_wc_read_wc_flags()`).
 *
 * Returns: the flags
 *
 * Since: 0.1
 */
CQ_EX_READER (GVerbsWCFlags, wc_flags, 0)

/**
 * gverbs_cq_ex_read_slid:
 * @self: a #GVerbsCQEX
 * @error: return location for a #GError
 *
 * Reads the source LID of the current completion (`ibv_wc_read_slid()`,
 * needs %GVERBS_WC_EX_WITH_SLID).
 *
 * Returns: the source LID
 *
 * Since: 0.1
 */
CQ_EX_READER (guint32, slid, IBV_WC_EX_WITH_SLID)

/**
 * gverbs_cq_ex_read_sl:
 * @self: a #GVerbsCQEX
 * @error: return location for a #GError
 *
 * Reads the service level of the current completion (`ibv_wc_read_sl()`,
 * needs %GVERBS_WC_EX_WITH_SL).
 *
 * Returns: the service level
 *
 * Since: 0.1
 */
CQ_EX_READER (guint8, sl, IBV_WC_EX_WITH_SL)

/**
 * gverbs_cq_ex_read_dlid_path_bits:
 * @self: a #GVerbsCQEX
 * @error: return location for a #GError
 *
 * Reads the destination LID path bits of the current completion
 * (`ibv_wc_read_dlid_path_bits()`, needs %GVERBS_WC_EX_WITH_DLID_PATH_BITS).
 *
 * Returns: the path bits
 *
 * Since: 0.1
 */
CQ_EX_READER (guint8, dlid_path_bits, IBV_WC_EX_WITH_DLID_PATH_BITS)

/**
 * gverbs_cq_ex_read_tm_info:
 * @self: a #GVerbsCQEX
 * @info: (out caller-allocates): the tag-matching fields
 * @error: return location for a #GError
 *
 * Reads the tag and application context of the current completion of a
 * tag-matching SRQ (`ibv_wc_read_tm_info()`, needs
 * %GVERBS_WC_EX_WITH_TM_INFO). Bindings return @info (and raise the
 * error).
 *
 * Returns: (skip): %TRUE if @info was filled
 *
 * Since: 0.1
 */
gboolean
gverbs_cq_ex_read_tm_info (GVerbsCQEX      *self,
                           GVerbsWcTmInfo  *info,
                           GError         **error)
{
  struct ibv_wc_tm_info tm = { 0 };

  g_return_val_if_fail (GVERBS_IS_CQ_EX (self), FALSE);
  g_return_val_if_fail (info != NULL, FALSE);
  if (!can_read (self, IBV_WC_EX_WITH_TM_INFO, "ibv_wc_read_tm_info", error))
    return FALSE;
  ibv_wc_read_tm_info (P (self)->ibv, &tm);
  info->tag = tm.tag;
  info->priv = tm.priv;
  return TRUE;
}

/**
 * gverbs_cq_ex_fill_wc: (skip)
 * @self: a #GVerbsCQEX
 * @wc: the caller's completion to fill
 * @error: return location for a #GError
 *
 * Copies the current completion into @wc, without allocating:
 * gverbs_cq_ex_read_wc() for callers that keep completions on the stack.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_cq_ex_fill_wc (GVerbsCQEX  *self,
                      GVerbsWC    *wc,
                      GError     **error)
{
  struct ibv_cq_ex *cq;
  guint64 f = P (self)->wc_flags;

  g_return_val_if_fail (GVERBS_IS_CQ_EX (self), FALSE);
  g_return_val_if_fail (wc != NULL, FALSE);

  if (!can_read (self, 0, "ibv_wc_read", error))
    return FALSE;
  cq = P (self)->ibv;
  *wc = (GVerbsWC) {
    .wr_id = cq->wr_id,
    .status = (GVerbsWCStatus) cq->status,
    .opcode = (GVerbsWCOpcode) ibv_wc_read_opcode (cq),
    .vendor_err = ibv_wc_read_vendor_err (cq),
    .wc_flags = (GVerbsWCFlags) ibv_wc_read_wc_flags (cq),
  };
  if (f & IBV_WC_EX_WITH_BYTE_LEN)
    wc->byte_len = ibv_wc_read_byte_len (cq);
  if (f & IBV_WC_EX_WITH_IMM)
    wc->imm_data = ibv_wc_read_imm_data (cq);
  if (f & IBV_WC_EX_WITH_QP_NUM)
    wc->qp_num = ibv_wc_read_qp_num (cq);
  if (f & IBV_WC_EX_WITH_SRC_QP)
    wc->src_qp = ibv_wc_read_src_qp (cq);
  if (f & IBV_WC_EX_WITH_SLID)
    wc->slid = (guint16) ibv_wc_read_slid (cq);
  if (f & IBV_WC_EX_WITH_SL)
    wc->sl = ibv_wc_read_sl (cq);
  if (f & IBV_WC_EX_WITH_DLID_PATH_BITS)
    wc->dlid_path_bits = ibv_wc_read_dlid_path_bits (cq);
  return TRUE;
}

/**
 * gverbs_cq_ex_read_wc:
 * @self: a #GVerbsCQEX
 * @error: return location for a #GError
 *
 * Reads the current completion: status, wr_id, opcode, vendor error and
 * flags, and each field the CQ's #GVerbsCQEX:wc-flags requested (the
 * others are 0). gverbs_cq_ex_fill_wc() fills a caller's #GVerbsWC
 * instead.
 *
 * Returns: (transfer full): a new completion, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsWC *
gverbs_cq_ex_read_wc (GVerbsCQEX  *self,
                      GError     **error)
{
  GVerbsWC wc;

  if (!gverbs_cq_ex_fill_wc (self, &wc, error))
    return NULL;
  return gverbs_wc_copy (&wc);
}

struct ibv_cq_ex *
_gverbs_cq_ex_get_ibv (GVerbsCQEX *self)
{
  return P (self)->ibv;
}

void
_gverbs_cq_ex_set_create_func (GVerbsCQEX           *self,
                               GVerbsCQEXCreateFunc  func,
                               const char           *call)
{
  P (self)->create_func = func;
  P (self)->create_call = call;
}
