/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <endian.h>
#include <string.h>
#include <infiniband/verbs.h>

#include "gverbs-qp-attr.h"
#include "gverbs-qp-attr-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-fields-private.h"
#include "gverbs-ah-attr-private.h"
#include "gverbs-global-route-private.h"
#include "gverbs-gid.h"

/**
 * GVerbsQPAttr:
 *
 * The attributes of a queue pair (`struct ibv_qp_attr`): what
 * gverbs_qp_modify() applies and gverbs_qp_query() reports. Every field is
 * a read-write property named as the field is (`dest_qp_num` is
 * `dest-qp-num`). A new object holds pyverbs' defaults: state INIT, current
 * state RESET, port 1, path MTU 1024.
 *
 * When to use it: to move a connected queue pair through INIT, RTR and RTS
 * by hand with the peer's QP number, PSN and address, or to read a queue
 * pair's state with gverbs_qp_query(). #GVerbsPath or the connection
 * manager do this for you.
 *
 * ```c
 * // given: GVerbsQP *qp; GVerbsAHAttr *peer; guint32 peer_qpn; guint32 peer_psn;
 * g_autoptr(GVerbsQPAttr) attr = gverbs_qp_attr_new ();
 *
 * g_object_set (attr, "dest-qp-num", peer_qpn, "rq-psn", peer_psn, "ah-attr", peer,
 *               "max-dest-rd-atomic", 1u, "min-rnr-timer", 12u, NULL);
 * if (!gverbs_qp_to_init (qp, attr, &error) || !gverbs_qp_to_rtr (qp, attr, &error) ||
 *     !gverbs_qp_to_rts (qp, attr, &error))
 *   g_printerr ("%s\n", error->message);
 * ```
 *
 * Python: `Verbs.QPAttr(qp_state=Verbs.QPState.INIT)`, pyverbs' defaults.
 *
 * Since: 0.1
 */
struct _GVerbsQPAttr
{
  GObject parent_instance;
  struct ibv_qp_attr attr;
  GVerbsAHAttr *ah_attr;
  GVerbsAHAttr *alt_ah_attr;
};

G_DEFINE_FINAL_TYPE (GVerbsQPAttr, gverbs_qp_attr, G_TYPE_OBJECT)

/* The fields of `struct ibv_qp_attr`, as read-write properties named as the
 * fields are. The ranges are the InfiniBand widths where a field is
 * narrower than its C type (a value beyond would be cut by the kernel or the
 * wire format, so the property refuses it; from Python the override raises
 * GLib.Error OUT_OF_RANGE before GObject sees it). Setting one does not
 * notify. */
#define F(field, name, kind, type, max, default_value) \
  GVERBS_PROP (GVerbsQPAttr, attr.field, name, GVERBS_FIELD_##kind, type, 0, max, default_value, \
               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY)
/**
 * GVerbsQPAttr:qp-state:
 *
 * The state to move the queue pair to with gverbs_qp_modify(); the state a
 * query found (`qp_state`).
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:cur-qp-state:
 *
 * The state the caller assumes the queue pair is in (`cur_qp_state`, with
 * %GVERBS_QP_CUR_STATE).
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:path-mtu:
 *
 * The path MTU (`path_mtu`, #GVerbsMTU), at most the port's
 * #GVerbsPortAttr:active-mtu; for RC, UC and XRC from RTR on.
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:path-mig-state:
 *
 * The path migration state (`path_mig_state`, #GVerbsMigState).
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:qkey:
 *
 * The Q_Key of a UD queue pair (`qkey`): a datagram is accepted only with the
 * same Q_Key.
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:rq-psn:
 *
 * The packet sequence number the receive queue expects first (`rq_psn`, 24
 * bits): the peer's #GVerbsQPAttr:sq-psn.
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:sq-psn:
 *
 * The packet sequence number of the first packet the send queue sends
 * (`sq_psn`, 24 bits).
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:dest-qp-num:
 *
 * The peer's queue pair number (`dest_qp_num`, 24 bits), for RC, UC and XRC
 * from RTR on.
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:qp-access-flags:
 *
 * The remote operations the queue pair allows (`qp_access_flags`,
 * #GVerbsAccessFlags): %GVERBS_ACCESS_REMOTE_WRITE,
 * %GVERBS_ACCESS_REMOTE_READ, %GVERBS_ACCESS_REMOTE_ATOMIC.
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:pkey-index:
 *
 * The index of the P_Key in the port's P_Key table (`pkey_index`).
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:alt-pkey-index:
 *
 * The P_Key index of the alternate path (`alt_pkey_index`).
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:en-sqd-async-notify:
 *
 * When moving to SQD: non-zero asks for an async event once the send queue
 * drained (`en_sqd_async_notify`).
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:sq-draining:
 *
 * In a query result: non-zero while the send queue is still draining in SQD
 * (`sq_draining`).
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:max-rd-atomic:
 *
 * The most outstanding RDMA reads and atomics this queue pair initiates
 * (`max_rd_atomic`), at most #GVerbsDeviceAttr:max-qp-init-rd-atom; from RTS
 * on.
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:max-dest-rd-atomic:
 *
 * The most outstanding RDMA reads and atomics this queue pair accepts as the
 * target (`max_dest_rd_atomic`), at most #GVerbsDeviceAttr:max-qp-rd-atom;
 * from RTR on.
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:min-rnr-timer:
 *
 * The receiver-not-ready NAK timer code (`min_rnr_timer`, 0–31; 12 is 0.64
 * ms): how long the peer waits before resending to a queue pair that had no
 * receive posted.
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:port-num:
 *
 * The port the queue pair uses, from 1 (`port_num`).
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:timeout:
 *
 * The local ACK timeout code (`timeout`, 0–31): 4.096 µs × 2^timeout before a
 * send is retried; 0 waits forever.
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:retry-cnt:
 *
 * How many times a send is retried after a timeout before it fails with
 * %GVERBS_WC_RETRY_EXC_ERR (`retry_cnt`, 0–7).
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:rnr-retry:
 *
 * How many times a send is retried after a receiver-not-ready NAK
 * (`rnr_retry`, 0–7; 7 retries forever).
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:alt-port-num:
 *
 * The port of the alternate path (`alt_port_num`).
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:alt-timeout:
 *
 * The local ACK timeout code of the alternate path (`alt_timeout`).
 *
 * Since: 0.1
 */
/**
 * GVerbsQPAttr:rate-limit:
 *
 * The send rate limit in kbit/s, 0 for none (`rate_limit`, with
 * %GVERBS_QP_RATE_LIMIT; see #GVerbsPacketPacingCaps).
 *
 * Since: 0.1
 */
static const GVerbsField fields[] = {
  F (qp_state, "qp-state", ENUM, gverbs_qp_state_get_type, 0, GVERBS_QPS_RESET),
  F (cur_qp_state, "cur-qp-state", ENUM, gverbs_qp_state_get_type, 0, GVERBS_QPS_RESET),
  F (path_mtu, "path-mtu", ENUM, gverbs_mtu_get_type, 0, GVERBS_MTU_BYTES_256),
  F (path_mig_state, "path-mig-state", ENUM, gverbs_mig_state_get_type, 0, GVERBS_MIG_MIGRATED),
  F (qkey, "qkey", UINT, NULL, G_MAXUINT32, 0),
  F (rq_psn, "rq-psn", UINT, NULL, 0xffffff, 0),
  F (sq_psn, "sq-psn", UINT, NULL, 0xffffff, 0),
  F (dest_qp_num, "dest-qp-num", UINT, NULL, 0xffffff, 0),
  F (qp_access_flags, "qp-access-flags", FLAGS, gverbs_access_flags_get_type, 0, 0),
  F (pkey_index, "pkey-index", UINT, NULL, G_MAXUINT16, 0),
  F (alt_pkey_index, "alt-pkey-index", UINT, NULL, G_MAXUINT16, 0),
  F (en_sqd_async_notify, "en-sqd-async-notify", UINT, NULL, G_MAXUINT8, 0),
  F (sq_draining, "sq-draining", UINT, NULL, G_MAXUINT8, 0),
  F (max_rd_atomic, "max-rd-atomic", UINT, NULL, G_MAXUINT8, 0),
  F (max_dest_rd_atomic, "max-dest-rd-atomic", UINT, NULL, G_MAXUINT8, 0),
  F (min_rnr_timer, "min-rnr-timer", UINT, NULL, 31, 0),
  F (port_num, "port-num", UINT, NULL, G_MAXUINT8, 0),
  F (timeout, "timeout", UINT, NULL, 31, 0),
  F (retry_cnt, "retry-cnt", UINT, NULL, 7, 0),
  F (rnr_retry, "rnr-retry", UINT, NULL, 7, 0),
  F (alt_port_num, "alt-port-num", UINT, NULL, G_MAXUINT8, 0),
  F (alt_timeout, "alt-timeout", UINT, NULL, 31, 0),
  F (rate_limit, "rate-limit", UINT, NULL, G_MAXUINT32, 0),
};
#undef F

enum {
  PROP_CAP = G_N_ELEMENTS (fields) + 1,
  PROP_AH_ATTR,
  PROP_ALT_AH_ATTR,
  N_PROPS
};

static GVerbsAHAttr *
dup_ah_attr (GVerbsAHAttr            **stored,
             const struct ibv_ah_attr *ah)
{
  if (*stored == NULL)
    *stored = _gverbs_ah_attr_new_from_ibv (ah);
  return g_object_ref (*stored);
}

static void
set_ah_attr (GVerbsAHAttr      **stored,
             struct ibv_ah_attr *ah,
             GVerbsAHAttr       *value)
{
  g_set_object (stored, value);
  if (value != NULL)
    _gverbs_ah_attr_fill (value, ah, NULL);
  else
    memset (ah, 0, sizeof *ah);
}

static void
gverbs_qp_attr_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  GVerbsQPAttr *self = GVERBS_QP_ATTR (object);

  if (prop_id == PROP_CAP)
    g_value_set_boxed (value, &self->attr.cap);
  else if (prop_id == PROP_AH_ATTR)
    g_value_take_object (value, dup_ah_attr (&self->ah_attr, &self->attr.ah_attr));
  else if (prop_id == PROP_ALT_AH_ATTR)
    g_value_take_object (value, dup_ah_attr (&self->alt_ah_attr, &self->attr.alt_ah_attr));
  else
    _gverbs_properties_get (object, prop_id, value, pspec);
}

static void
gverbs_qp_attr_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  GVerbsQPAttr *self = GVERBS_QP_ATTR (object);

  if (prop_id == PROP_CAP)
    {
      gverbs_qp_attr_set_cap (self, g_value_get_boxed (value));
      return;
    }
  if (prop_id == PROP_AH_ATTR || prop_id == PROP_ALT_AH_ATTR)
    {
      if (prop_id == PROP_AH_ATTR)
        set_ah_attr (&self->ah_attr, &self->attr.ah_attr, g_value_get_object (value));
      else
        set_ah_attr (&self->alt_ah_attr, &self->attr.alt_ah_attr, g_value_get_object (value));
      g_object_notify_by_pspec (object, pspec);
      return;
    }
  _gverbs_properties_set (object, prop_id, value, pspec);
}

static void
gverbs_qp_attr_dispose (GObject *object)
{
  GVerbsQPAttr *self = GVERBS_QP_ATTR (object);

  g_clear_object (&self->ah_attr);
  g_clear_object (&self->alt_ah_attr);
  G_OBJECT_CLASS (gverbs_qp_attr_parent_class)->dispose (object);
}

static void
gverbs_qp_attr_class_init (GVerbsQPAttrClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gverbs_qp_attr_dispose;
  object_class->get_property = gverbs_qp_attr_get_property;
  object_class->set_property = gverbs_qp_attr_set_property;

  _gverbs_properties_install (object_class, 1, fields, G_N_ELEMENTS (fields), NULL);

  /**
   * GVerbsQPAttr:cap:
   *
   * The queue pair's capacities (`cap`).
   */
  g_object_class_install_property (object_class, PROP_CAP,
    g_param_spec_boxed ("cap", NULL, NULL, GVERBS_TYPE_QP_CAP,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY));
  /**
   * GVerbsQPAttr:ah-attr:
   *
   * The primary path's address vector (`ah_attr`): for RoCE a global route
   * with the remote GID. Applied with %GVERBS_QP_AV.
   */
  g_object_class_install_property (object_class, PROP_AH_ATTR,
    g_param_spec_object ("ah-attr", NULL, NULL, GVERBS_TYPE_AH_ATTR,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY));
  /**
   * GVerbsQPAttr:alt-ah-attr:
   *
   * The alternate path's address vector (`alt_ah_attr`), applied with
   * %GVERBS_QP_ALT_PATH.
   */
  g_object_class_install_property (object_class, PROP_ALT_AH_ATTR,
    g_param_spec_object ("alt-ah-attr", NULL, NULL, GVERBS_TYPE_AH_ATTR,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY));
}

static void
gverbs_qp_attr_init (GVerbsQPAttr *self)
{
  self->attr.qp_state = IBV_QPS_INIT;
  self->attr.cur_qp_state = IBV_QPS_RESET;
  self->attr.port_num = 1;
  self->attr.path_mtu = IBV_MTU_1024;
}

/**
 * gverbs_qp_attr_new:
 *
 * Makes queue-pair attributes with pyverbs' defaults (state INIT, current
 * state RESET, port 1, path MTU 1024, everything else 0); set the rest as
 * properties.
 *
 * Returns: (transfer full): the attributes
 *
 * Since: 0.1
 */
GVerbsQPAttr *
gverbs_qp_attr_new (void)
{
  return g_object_new (GVERBS_TYPE_QP_ATTR, NULL);
}

/**
 * gverbs_qp_attr_copy:
 * @self: a #GVerbsQPAttr
 *
 * Copies @self.
 *
 * Returns: (transfer full): a new object holding the same attributes
 *
 * Since: 0.1
 */
GVerbsQPAttr *
gverbs_qp_attr_copy (GVerbsQPAttr *self)
{
  GVerbsQPAttr *copy;

  g_return_val_if_fail (GVERBS_IS_QP_ATTR (self), NULL);
  copy = gverbs_qp_attr_new ();
  copy->attr = self->attr;
  g_set_object (&copy->ah_attr, self->ah_attr);
  g_set_object (&copy->alt_ah_attr, self->alt_ah_attr);
  return copy;
}

/**
 * gverbs_qp_attr_get_cap:
 * @self: a #GVerbsQPAttr
 * @cap: (out caller-allocates): the capacities
 *
 * Copies the `cap` field out.
 *
 * Since: 0.1
 */
void
gverbs_qp_attr_get_cap (GVerbsQPAttr *self,
                        GVerbsQPCap  *cap)
{
  g_return_if_fail (GVERBS_IS_QP_ATTR (self));
  g_return_if_fail (cap != NULL);
  memcpy (cap, &self->attr.cap, sizeof *cap);
}

/**
 * gverbs_qp_attr_set_cap:
 * @self: a #GVerbsQPAttr
 * @cap: (nullable): the capacities, or %NULL for all zero
 *
 * Sets the `cap` field.
 *
 * Since: 0.1
 */
void
gverbs_qp_attr_set_cap (GVerbsQPAttr      *self,
                        const GVerbsQPCap *cap)
{
  g_return_if_fail (GVERBS_IS_QP_ATTR (self));
  if (cap != NULL)
    memcpy (&self->attr.cap, cap, sizeof self->attr.cap);
  else
    memset (&self->attr.cap, 0, sizeof self->attr.cap);
  g_object_notify (G_OBJECT (self), "cap");
}

/**
 * gverbs_qp_attr_set_qp_state:
 * @self: a #GVerbsQPAttr
 * @qp_state: the state to move to
 *
 * Sets #GVerbsQPAttr:qp-state; the same as setting the property, in one call
 * for bindings.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_SETTER (gverbs_qp_attr_set_qp_state, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                      GVerbsQPState, qp_state, "qp-state")

/**
 * gverbs_qp_attr_set_cur_qp_state:
 * @self: a #GVerbsQPAttr
 * @cur_qp_state: the state the queue pair is assumed to be in
 *
 * Sets #GVerbsQPAttr:cur-qp-state; the same as setting the property, in one call
 * for bindings.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_SETTER (gverbs_qp_attr_set_cur_qp_state, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                      GVerbsQPState, cur_qp_state, "cur-qp-state")

/**
 * gverbs_qp_attr_set_path_mtu:
 * @self: a #GVerbsQPAttr
 * @path_mtu: the path MTU
 *
 * Sets #GVerbsQPAttr:path-mtu; the same as setting the property, in one call
 * for bindings.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_SETTER (gverbs_qp_attr_set_path_mtu, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                      GVerbsMTU, path_mtu, "path-mtu")

/**
 * gverbs_qp_attr_set_path_mig_state:
 * @self: a #GVerbsQPAttr
 * @path_mig_state: the path migration state
 *
 * Sets #GVerbsQPAttr:path-mig-state; the same as setting the property, in one call
 * for bindings.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_SETTER (gverbs_qp_attr_set_path_mig_state, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                      GVerbsMigState, path_mig_state, "path-mig-state")

/**
 * gverbs_qp_attr_set_qkey:
 * @self: a #GVerbsQPAttr
 * @qkey: the Q_Key
 * @error: return location for a #GError
 *
 * Sets #GVerbsQPAttr:qkey; the same as setting the property, in one call
 * for bindings. A value beyond the field's width is
 * %GVERBS_ERROR_OUT_OF_RANGE and leaves the field as it was.
 *
 * Returns: %TRUE, or %FALSE with @error set
 *
 * Since: 0.1
 */
GVERBS_DEFINE_UINT_SETTER (gverbs_qp_attr_set_qkey, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                           qkey, "qkey")

/**
 * gverbs_qp_attr_set_rq_psn:
 * @self: a #GVerbsQPAttr
 * @rq_psn: the receive queue's first packet sequence number, 24 bits
 * @error: return location for a #GError
 *
 * Sets #GVerbsQPAttr:rq-psn; the same as setting the property, in one call
 * for bindings. A value beyond the field's width is
 * %GVERBS_ERROR_OUT_OF_RANGE and leaves the field as it was.
 *
 * Returns: %TRUE, or %FALSE with @error set
 *
 * Since: 0.1
 */
GVERBS_DEFINE_UINT_SETTER (gverbs_qp_attr_set_rq_psn, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                           rq_psn, "rq-psn")

/**
 * gverbs_qp_attr_set_sq_psn:
 * @self: a #GVerbsQPAttr
 * @sq_psn: the send queue's first packet sequence number, 24 bits
 * @error: return location for a #GError
 *
 * Sets #GVerbsQPAttr:sq-psn; the same as setting the property, in one call
 * for bindings. A value beyond the field's width is
 * %GVERBS_ERROR_OUT_OF_RANGE and leaves the field as it was.
 *
 * Returns: %TRUE, or %FALSE with @error set
 *
 * Since: 0.1
 */
GVERBS_DEFINE_UINT_SETTER (gverbs_qp_attr_set_sq_psn, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                           sq_psn, "sq-psn")

/**
 * gverbs_qp_attr_set_dest_qp_num:
 * @self: a #GVerbsQPAttr
 * @dest_qp_num: the remote queue pair number, 24 bits
 * @error: return location for a #GError
 *
 * Sets #GVerbsQPAttr:dest-qp-num; the same as setting the property, in one call
 * for bindings. A value beyond the field's width is
 * %GVERBS_ERROR_OUT_OF_RANGE and leaves the field as it was.
 *
 * Returns: %TRUE, or %FALSE with @error set
 *
 * Since: 0.1
 */
GVERBS_DEFINE_UINT_SETTER (gverbs_qp_attr_set_dest_qp_num, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                           dest_qp_num, "dest-qp-num")

/**
 * gverbs_qp_attr_set_qp_access_flags:
 * @self: a #GVerbsQPAttr
 * @qp_access_flags: the remote operations the queue pair accepts
 *
 * Sets #GVerbsQPAttr:qp-access-flags; the same as setting the property, in one call
 * for bindings.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_SETTER (gverbs_qp_attr_set_qp_access_flags, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                      GVerbsAccessFlags, qp_access_flags, "qp-access-flags")

/**
 * gverbs_qp_attr_set_pkey_index:
 * @self: a #GVerbsQPAttr
 * @pkey_index: the P_Key index, 16 bits
 * @error: return location for a #GError
 *
 * Sets #GVerbsQPAttr:pkey-index; the same as setting the property, in one call
 * for bindings. A value beyond the field's width is
 * %GVERBS_ERROR_OUT_OF_RANGE and leaves the field as it was.
 *
 * Returns: %TRUE, or %FALSE with @error set
 *
 * Since: 0.1
 */
GVERBS_DEFINE_UINT_SETTER (gverbs_qp_attr_set_pkey_index, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                           pkey_index, "pkey-index")

/**
 * gverbs_qp_attr_set_alt_pkey_index:
 * @self: a #GVerbsQPAttr
 * @alt_pkey_index: the alternate path's P_Key index, 16 bits
 * @error: return location for a #GError
 *
 * Sets #GVerbsQPAttr:alt-pkey-index; the same as setting the property, in one call
 * for bindings. A value beyond the field's width is
 * %GVERBS_ERROR_OUT_OF_RANGE and leaves the field as it was.
 *
 * Returns: %TRUE, or %FALSE with @error set
 *
 * Since: 0.1
 */
GVERBS_DEFINE_UINT_SETTER (gverbs_qp_attr_set_alt_pkey_index, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                           alt_pkey_index, "alt-pkey-index")

/**
 * gverbs_qp_attr_set_en_sqd_async_notify:
 * @self: a #GVerbsQPAttr
 * @en_sqd_async_notify: nonzero for an event when the send queue drains
 * @error: return location for a #GError
 *
 * Sets #GVerbsQPAttr:en-sqd-async-notify; the same as setting the property, in one call
 * for bindings. A value beyond the field's width is
 * %GVERBS_ERROR_OUT_OF_RANGE and leaves the field as it was.
 *
 * Returns: %TRUE, or %FALSE with @error set
 *
 * Since: 0.1
 */
GVERBS_DEFINE_UINT_SETTER (gverbs_qp_attr_set_en_sqd_async_notify, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                           en_sqd_async_notify, "en-sqd-async-notify")

/**
 * gverbs_qp_attr_set_sq_draining:
 * @self: a #GVerbsQPAttr
 * @sq_draining: whether the send queue is draining (a query result)
 * @error: return location for a #GError
 *
 * Sets #GVerbsQPAttr:sq-draining; the same as setting the property, in one call
 * for bindings. A value beyond the field's width is
 * %GVERBS_ERROR_OUT_OF_RANGE and leaves the field as it was.
 *
 * Returns: %TRUE, or %FALSE with @error set
 *
 * Since: 0.1
 */
GVERBS_DEFINE_UINT_SETTER (gverbs_qp_attr_set_sq_draining, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                           sq_draining, "sq-draining")

/**
 * gverbs_qp_attr_set_max_rd_atomic:
 * @self: a #GVerbsQPAttr
 * @max_rd_atomic: RDMA reads and atomics in flight as initiator
 * @error: return location for a #GError
 *
 * Sets #GVerbsQPAttr:max-rd-atomic; the same as setting the property, in one call
 * for bindings. A value beyond the field's width is
 * %GVERBS_ERROR_OUT_OF_RANGE and leaves the field as it was.
 *
 * Returns: %TRUE, or %FALSE with @error set
 *
 * Since: 0.1
 */
GVERBS_DEFINE_UINT_SETTER (gverbs_qp_attr_set_max_rd_atomic, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                           max_rd_atomic, "max-rd-atomic")

/**
 * gverbs_qp_attr_set_max_dest_rd_atomic:
 * @self: a #GVerbsQPAttr
 * @max_dest_rd_atomic: RDMA reads and atomics in flight as responder
 * @error: return location for a #GError
 *
 * Sets #GVerbsQPAttr:max-dest-rd-atomic; the same as setting the property, in one call
 * for bindings. A value beyond the field's width is
 * %GVERBS_ERROR_OUT_OF_RANGE and leaves the field as it was.
 *
 * Returns: %TRUE, or %FALSE with @error set
 *
 * Since: 0.1
 */
GVERBS_DEFINE_UINT_SETTER (gverbs_qp_attr_set_max_dest_rd_atomic, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                           max_dest_rd_atomic, "max-dest-rd-atomic")

/**
 * gverbs_qp_attr_set_min_rnr_timer:
 * @self: a #GVerbsQPAttr
 * @min_rnr_timer: the RNR NAK timer code, 0–31
 * @error: return location for a #GError
 *
 * Sets #GVerbsQPAttr:min-rnr-timer; the same as setting the property, in one call
 * for bindings. A value beyond the field's width is
 * %GVERBS_ERROR_OUT_OF_RANGE and leaves the field as it was.
 *
 * Returns: %TRUE, or %FALSE with @error set
 *
 * Since: 0.1
 */
GVERBS_DEFINE_UINT_SETTER (gverbs_qp_attr_set_min_rnr_timer, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                           min_rnr_timer, "min-rnr-timer")

/**
 * gverbs_qp_attr_set_port_num:
 * @self: a #GVerbsQPAttr
 * @port_num: the port, from 1
 * @error: return location for a #GError
 *
 * Sets #GVerbsQPAttr:port-num; the same as setting the property, in one call
 * for bindings. A value beyond the field's width is
 * %GVERBS_ERROR_OUT_OF_RANGE and leaves the field as it was.
 *
 * Returns: %TRUE, or %FALSE with @error set
 *
 * Since: 0.1
 */
GVERBS_DEFINE_UINT_SETTER (gverbs_qp_attr_set_port_num, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                           port_num, "port-num")

/**
 * gverbs_qp_attr_set_timeout:
 * @self: a #GVerbsQPAttr
 * @timeout: the local ACK timeout exponent, 0–31
 * @error: return location for a #GError
 *
 * Sets #GVerbsQPAttr:timeout; the same as setting the property, in one call
 * for bindings. A value beyond the field's width is
 * %GVERBS_ERROR_OUT_OF_RANGE and leaves the field as it was.
 *
 * Returns: %TRUE, or %FALSE with @error set
 *
 * Since: 0.1
 */
GVERBS_DEFINE_UINT_SETTER (gverbs_qp_attr_set_timeout, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                           timeout, "timeout")

/**
 * gverbs_qp_attr_set_retry_cnt:
 * @self: a #GVerbsQPAttr
 * @retry_cnt: the retries after a timeout, 0–7
 * @error: return location for a #GError
 *
 * Sets #GVerbsQPAttr:retry-cnt; the same as setting the property, in one call
 * for bindings. A value beyond the field's width is
 * %GVERBS_ERROR_OUT_OF_RANGE and leaves the field as it was.
 *
 * Returns: %TRUE, or %FALSE with @error set
 *
 * Since: 0.1
 */
GVERBS_DEFINE_UINT_SETTER (gverbs_qp_attr_set_retry_cnt, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                           retry_cnt, "retry-cnt")

/**
 * gverbs_qp_attr_set_rnr_retry:
 * @self: a #GVerbsQPAttr
 * @rnr_retry: the retries after an RNR NAK, 0–7 (7: no limit)
 * @error: return location for a #GError
 *
 * Sets #GVerbsQPAttr:rnr-retry; the same as setting the property, in one call
 * for bindings. A value beyond the field's width is
 * %GVERBS_ERROR_OUT_OF_RANGE and leaves the field as it was.
 *
 * Returns: %TRUE, or %FALSE with @error set
 *
 * Since: 0.1
 */
GVERBS_DEFINE_UINT_SETTER (gverbs_qp_attr_set_rnr_retry, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                           rnr_retry, "rnr-retry")

/**
 * gverbs_qp_attr_set_alt_port_num:
 * @self: a #GVerbsQPAttr
 * @alt_port_num: the alternate path's port
 * @error: return location for a #GError
 *
 * Sets #GVerbsQPAttr:alt-port-num; the same as setting the property, in one call
 * for bindings. A value beyond the field's width is
 * %GVERBS_ERROR_OUT_OF_RANGE and leaves the field as it was.
 *
 * Returns: %TRUE, or %FALSE with @error set
 *
 * Since: 0.1
 */
GVERBS_DEFINE_UINT_SETTER (gverbs_qp_attr_set_alt_port_num, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                           alt_port_num, "alt-port-num")

/**
 * gverbs_qp_attr_set_alt_timeout:
 * @self: a #GVerbsQPAttr
 * @alt_timeout: the alternate path's local ACK timeout exponent, 0–31
 * @error: return location for a #GError
 *
 * Sets #GVerbsQPAttr:alt-timeout; the same as setting the property, in one call
 * for bindings. A value beyond the field's width is
 * %GVERBS_ERROR_OUT_OF_RANGE and leaves the field as it was.
 *
 * Returns: %TRUE, or %FALSE with @error set
 *
 * Since: 0.1
 */
GVERBS_DEFINE_UINT_SETTER (gverbs_qp_attr_set_alt_timeout, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                           alt_timeout, "alt-timeout")

/**
 * gverbs_qp_attr_set_rate_limit:
 * @self: a #GVerbsQPAttr
 * @rate_limit: the send rate limit in kbps, 0 for none
 * @error: return location for a #GError
 *
 * Sets #GVerbsQPAttr:rate-limit; the same as setting the property, in one call
 * for bindings. A value beyond the field's width is
 * %GVERBS_ERROR_OUT_OF_RANGE and leaves the field as it was.
 *
 * Returns: %TRUE, or %FALSE with @error set
 *
 * Since: 0.1
 */
GVERBS_DEFINE_UINT_SETTER (gverbs_qp_attr_set_rate_limit, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                           rate_limit, "rate-limit")

/**
 * gverbs_qp_attr_set_ah_attr:
 * @self: a #GVerbsQPAttr
 * @ah_attr: (nullable): the primary path
 *
 * Sets #GVerbsQPAttr:ah-attr; the same as setting the property, in one call
 * for bindings.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_SETTER (gverbs_qp_attr_set_ah_attr, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                      GVerbsAHAttr *, ah_attr, "ah-attr")

/**
 * gverbs_qp_attr_set_alt_ah_attr:
 * @self: a #GVerbsQPAttr
 * @alt_ah_attr: (nullable): the alternate path
 *
 * Sets #GVerbsQPAttr:alt-ah-attr; the same as setting the property, in one call
 * for bindings.
 *
 * Since: 0.1
 */
GVERBS_DEFINE_SETTER (gverbs_qp_attr_set_alt_ah_attr, GVerbsQPAttr, GVERBS_IS_QP_ATTR,
                      GVerbsAHAttr *, alt_ah_attr, "alt-ah-attr")

struct ibv_qp_attr *
_gverbs_qp_attr_get_ibv (GVerbsQPAttr *self)
{
  return &self->attr;
}

gboolean
_gverbs_qp_attr_prepare (GVerbsQPAttr  *self,
                         guint          mask,
                         GError       **error)
{
  if ((mask & IBV_QP_AV) && self->ah_attr != NULL &&
      !_gverbs_ah_attr_fill (self->ah_attr, &self->attr.ah_attr, error))
    return FALSE;
  if ((mask & IBV_QP_ALT_PATH) && self->alt_ah_attr != NULL &&
      !_gverbs_ah_attr_fill (self->alt_ah_attr, &self->attr.alt_ah_attr, error))
    return FALSE;
  return TRUE;
}

void
_gverbs_qp_attr_forget_objects (GVerbsQPAttr *self)
{
  g_clear_object (&self->ah_attr);
  g_clear_object (&self->alt_ah_attr);
}

static const char *
qp_state_text (int state)
{
  static const char *const names[] = { "Reset", "Init", "RTR", "RTS", "SQD", "SQE", "Error", "Unknown" };

  return state >= 0 && state < (int) G_N_ELEMENTS (names) ? names[state] : NULL;
}

static const char *
mig_state_text (int mig)
{
  static const char *const names[] = { "Migrated", "Re-arm", "Armed" };

  return mig >= 0 && mig < (int) G_N_ELEMENTS (names) ? names[mig] : NULL;
}

static char *
access_text (unsigned int flags)
{
  static const char *const names[] = { "Local write", "Remote write", "Remote read",
                                       "Remote atomic", "MW bind", "Zero based", "On demand" };
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (flags & (1u << i))
      g_string_append_printf (out, "%s ", names[i]);
  return g_string_free (out, FALSE);
}

static void
append_row (GString    *out,
            const char *indent,
            const char *label,
            const char *value)
{
  g_string_append_printf (out, "%s%-22s: %-20s\n", indent, label, value);
}

static void
append_uint_row (GString    *out,
                 const char *indent,
                 const char *label,
                 guint64     value)
{
  g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, value);

  append_row (out, indent, label, text);
}

void
_gverbs_append_ah_rows (GString                  *out,
                        const struct ibv_ah_attr *ah)
{
  append_uint_row (out, "  ", "port num", ah->port_num);
  append_uint_row (out, "  ", "sl", ah->sl);
  append_uint_row (out, "  ", "source path bits", ah->src_path_bits);
  append_uint_row (out, "  ", "dlid", ah->dlid);
  append_uint_row (out, "  ", "port num", ah->port_num);
  append_uint_row (out, "  ", "static rate", ah->static_rate);
  append_uint_row (out, "  ", "is global", ah->is_global);
  if (ah->is_global)
    {
      g_autofree char *gid = gverbs_gid_to_string ((const GVerbsGid *) ah->grh.dgid.raw);

      append_row (out, "    ", "dgid", gid);
      append_uint_row (out, "    ", "flow label", ah->grh.flow_label);
      append_uint_row (out, "    ", "sgid index", ah->grh.sgid_index);
      append_uint_row (out, "    ", "hop limit", ah->grh.hop_limit);
      append_uint_row (out, "    ", "traffic_class", ah->grh.traffic_class);
    }
}

/**
 * gverbs_qp_attr_to_string:
 * @self: a #GVerbsQPAttr
 *
 * Formats the attributes in the layout pyverbs prints for `QPAttr`.
 *
 * Returns: (transfer full): the text
 *
 * Since: 0.1
 */
char *
gverbs_qp_attr_to_string (GVerbsQPAttr *self)
{
  const struct ibv_qp_attr *a;
  GString *out;
  g_autofree char *access = NULL, *mtu = NULL, *state = NULL, *cur = NULL, *mig = NULL;
  static const int mtus[] = { 0, 256, 512, 1024, 2048, 4096 };

  g_return_val_if_fail (GVERBS_IS_QP_ATTR (self), NULL);
  a = &self->attr;
  out = g_string_new (NULL);
  state = qp_state_text (a->qp_state) ? g_strdup (qp_state_text (a->qp_state))
                                      : g_strdup_printf ("Unknown (%d)", a->qp_state);
  cur = qp_state_text (a->cur_qp_state) ? g_strdup (qp_state_text (a->cur_qp_state))
                                        : g_strdup_printf ("Unknown (%d)", a->cur_qp_state);
  mtu = g_strdup_printf ("%d", (int) a->path_mtu >= 0 && a->path_mtu < G_N_ELEMENTS (mtus)
                               ? mtus[a->path_mtu] : 0);
  mig = mig_state_text (a->path_mig_state) ? g_strdup (mig_state_text (a->path_mig_state))
                                           : g_strdup_printf ("Unknown (%d)", a->path_mig_state);
  access = access_text (a->qp_access_flags);

  append_row (out, "", "QP state", state);
  append_row (out, "", "QP current state", cur);
  append_row (out, "", "Path MTU", mtu);
  append_row (out, "", "Path mig. state", mig);
  append_uint_row (out, "", "QKey", a->qkey);
  append_uint_row (out, "", "RQ PSN", a->rq_psn);
  append_uint_row (out, "", "SQ PSN", a->sq_psn);
  append_uint_row (out, "", "Dest QP number", a->dest_qp_num);
  append_row (out, "", "QP access flags", access);
  g_string_append (out, "QP caps:\n");
  append_uint_row (out, "  ", "max send WR", a->cap.max_send_wr);
  append_uint_row (out, "  ", "max recv WR", a->cap.max_recv_wr);
  append_uint_row (out, "  ", "max send SGE", a->cap.max_send_sge);
  append_uint_row (out, "  ", "max recv SGE", a->cap.max_recv_sge);
  append_uint_row (out, "  ", "max inline data", a->cap.max_inline_data);
  g_string_append (out, "AH Attr:\n");
  _gverbs_append_ah_rows (out, &a->ah_attr);
  g_string_append (out, "Alt. AH Attr:\n");
  _gverbs_append_ah_rows (out, &a->alt_ah_attr);
  append_uint_row (out, "", "PKey index", a->pkey_index);
  append_uint_row (out, "", "Alt. PKey index", a->alt_pkey_index);
  append_uint_row (out, "", "En. SQD async notify", a->en_sqd_async_notify);
  append_uint_row (out, "", "SQ draining", a->sq_draining);
  append_uint_row (out, "", "Max RD atomic", a->max_rd_atomic);
  append_uint_row (out, "", "Max dest. RD atomic", a->max_dest_rd_atomic);
  append_uint_row (out, "", "Min RNR timer", a->min_rnr_timer);
  append_uint_row (out, "", "Port number", a->port_num);
  append_uint_row (out, "", "Timeout", a->timeout);
  append_uint_row (out, "", "Retry counter", a->retry_cnt);
  append_uint_row (out, "", "RNR retry", a->rnr_retry);
  append_uint_row (out, "", "Alt. port number", a->alt_port_num);
  append_uint_row (out, "", "Alt. timeout", a->alt_timeout);
  append_uint_row (out, "", "Rate limit", a->rate_limit);
  return g_string_free (out, FALSE);
}

/**
 * gverbs_qp_attr_new_full:
 * @qp_state: #GVerbsQPAttr:qp-state, a #GVerbsQPState value
 * @cur_qp_state: #GVerbsQPAttr:cur-qp-state, a #GVerbsQPState value
 * @port_num: #GVerbsQPAttr:port-num
 * @path_mtu: #GVerbsQPAttr:path-mtu, a #GVerbsMTU value
 * @error: return location for a #GError
 *
 * Makes queue pair attributes with the fields pyverbs' `QPAttr()` takes
 * positionally, in one call (the Python override's `QPAttr()` uses it with
 * pyverbs' defaults: INIT, RESET, port 1, 1024-byte MTU). A value out of
 * its property's range is %GVERBS_ERROR_OUT_OF_RANGE, a state or MTU no
 * member names %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: (transfer full): a new #GVerbsQPAttr, or %NULL with @error set
 *
 * Since: 0.1
 */
GVerbsQPAttr *
gverbs_qp_attr_new_full (gint64   qp_state,
                         gint64   cur_qp_state,
                         gint64   port_num,
                         gint64   path_mtu,
                         GError **error)
{
  const GVerbsCheckedValue values[] = {
    { "qp-state", qp_state }, { "cur-qp-state", cur_qp_state },
    { "port-num", port_num }, { "path-mtu", path_mtu },
  };
  static GParamSpec *pspecs[G_N_ELEMENTS (values)];
  static gint64 initial[G_N_ELEMENTS (values)];

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return (GVerbsQPAttr *) _gverbs_object_new_checked (GVERBS_TYPE_QP_ATTR, pspecs, initial, values,
                                                     G_N_ELEMENTS (values), error);
}
