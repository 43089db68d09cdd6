/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <string.h>
#include <infiniband/verbs.h>
#include <glib/gi18n-lib.h>

#include "gverbs-path.h"
#include "gverbs-path-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-error.h"
#include "gverbs-private.h"
#include "gverbs-context-private.h"
#include "gverbs-qp-private.h"
#include "gverbs-ah-attr.h"

/**
 * GVerbsPath:
 *
 * Everything needed to connect a queue pair without a connection manager
 * (python-rdma's `IBPath`): the local port and P_Key, the Q_Key, the path
 * MTU, retry counts and timers, both QP numbers and PSNs, both GIDs and
 * LIDs, SL, rate and the global route fields. The `s` fields describe this
 * side, the `d` fields the peer.
 *
 * A path is exchanged over a side channel as a #GVariant
 * (gverbs_path_to_variant()); gverbs_path_new_from_variant() treats what it
 * receives as untrusted and checks every field. gverbs_qp_modify_to_init(),
 * gverbs_qp_modify_to_rtr() and gverbs_qp_modify_to_rts() bring a queue pair
 * to RTS from a path, and gverbs_path_dup_ah() gives the path's address
 * handle, created once and reused until a field of the path changes.
 *
 * When to use it: to connect two queue pairs without rdma_cm (python-rdma's
 * way): fill a path from the local QP, exchange it over any side channel
 * (a TCP socket, a file), reverse the peer's and bring the QP to RTS.
 *
 * ```c
 * // given: GVerbsQP *qp; guint32 peer_qpn; guint32 peer_psn; GVerbsGid peer_gid;  // from the peer
 * g_autoptr(GVerbsPath) path = gverbs_path_new ();
 *
 * g_object_set (path, "port-num", 1u, "sgid-index", 1u, NULL);
 * if (!gverbs_path_fill_from_qp (path, qp, &error) ||
 *     !gverbs_qp_modify_to_init (qp, path, GVERBS_ACCESS_REMOTE_WRITE, &error))
 *   return;
 * // send this side (gverbs_path_to_variant (path)) to the peer, then:
 * g_object_set (path, "dqpn", peer_qpn, "dqpsn", peer_psn, NULL);
 * gverbs_path_set_dgid (path, &peer_gid);
 * if (!gverbs_qp_modify_to_rtr (qp, path, &error) || !gverbs_qp_modify_to_rts (qp, path, &error))
 *   g_printerr ("%s\n", error->message);
 * ```
 *
 * Python: `Verbs.Path(end_port=1)` and python-rdma's field names (`DGID`, `dqpn` …).
 *
 * Since: 0.1
 */
struct _GVerbsPath
{
  GObject parent_instance;

  guint values[GVERBS_PATH_N_FIELDS];
  GVerbsGid sgid;
  GVerbsGid dgid;
  GVerbsAH *ah;
};

G_DEFINE_FINAL_TYPE (GVerbsPath, gverbs_path, G_TYPE_OBJECT)

typedef struct {
  const char *name;
  guint max;
  guint def;
  const char *blurb;
} FieldSpec;

/* In the order of GVerbsPathField. */
/**
 * GVerbsPath:pkey-index:
 *
 * The index of #GVerbsPath:pkey in the local port's P_Key table.
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:pkey:
 *
 * The partition key (default 0xffff, the default partition).
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:qkey:
 *
 * The Q_Key of a UD queue pair.
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:mtu:
 *
 * The path MTU (#GVerbsMTU; default 1024 bytes); gverbs_path_fill_from_qp()
 * lowers it to the port's active MTU.
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:retry-cnt:
 *
 * How many times a send is retried after a timeout (0–7, default 7); see
 * #GVerbsQPAttr:retry-cnt.
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:rnr-retry:
 *
 * How many times a send is retried after a receiver-not-ready NAK (0–7,
 * default 7: forever).
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:min-rnr-timer:
 *
 * The receiver-not-ready NAK timer code (0–31, default 12); see
 * #GVerbsQPAttr:min-rnr-timer.
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:timeout:
 *
 * The local ACK timeout code (0–31, default 14); see #GVerbsQPAttr:timeout.
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:sqpn:
 *
 * This side's queue pair number.
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:dqpn:
 *
 * The peer's queue pair number.
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:sqpsn:
 *
 * This side's first send packet sequence number (24 bits).
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:dqpsn:
 *
 * The peer's first send packet sequence number: this side's receive PSN (24
 * bits).
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:sgid-index:
 *
 * The index of this side's GID in the local port's GID table.
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:slid:
 *
 * This side's LID (InfiniBand; 0 on RoCE).
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:dlid:
 *
 * The peer's LID (InfiniBand; 0 on RoCE).
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:sl:
 *
 * The service level (0–15).
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:rate:
 *
 * The static rate limit (#GVerbsRate; default: the port's rate).
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:hop-limit:
 *
 * The hop limit of the global route header (default 64).
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:traffic-class:
 *
 * The traffic class of the global route header.
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:flow-label:
 *
 * The flow label of the global route header (20 bits).
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:max-rd-atomic:
 *
 * The most outstanding RDMA reads and atomics this side initiates (default 1).
 *
 * Since: 0.1
 */
/**
 * GVerbsPath:max-dest-rd-atomic:
 *
 * The most outstanding RDMA reads and atomics this side accepts as the target
 * (default 1).
 *
 * Since: 0.1
 */
static const FieldSpec specs[GVERBS_PATH_N_FIELDS] = {
  { "port-num", 255, 1, "local port number (from 1)" },
  { "pkey-index", 0xffff, 0, "local P_Key table index" },
  { "pkey", 0xffff, 0xffff, "partition key" },
  { "qkey", G_MAXUINT32, 0, "Q_Key (UD)" },
  { "mtu", GVERBS_MTU_BYTES_4096, GVERBS_MTU_BYTES_1024, "path MTU (GVerbsMTU)" },
  { "retry-cnt", 7, 7, "transport retry count" },
  { "rnr-retry", 7, 7, "RNR retry count (7: infinite)" },
  { "min-rnr-timer", 31, 12, "minimum RNR NAK timer code" },
  { "timeout", 31, 14, "local ACK timeout code" },
  { "sqpn", 0xffffff, 0, "this side's QP number" },
  { "dqpn", 0xffffff, 0, "the peer's QP number" },
  { "sqpsn", 0xffffff, 0, "this side's send PSN" },
  { "dqpsn", 0xffffff, 0, "the peer's send PSN (this side's receive PSN)" },
  { "sgid-index", 255, 0, "local GID table index" },
  { "slid", 0xffff, 0, "this side's LID" },
  { "dlid", 0xffff, 0, "the peer's LID" },
  { "sl", 15, 0, "service level" },
  { "rate", GVERBS_RATE_GBPS_1200, GVERBS_RATE_MAX, "static rate (GVerbsRate)" },
  { "hop-limit", 255, 64, "GRH hop limit" },
  { "traffic-class", 255, 0, "GRH traffic class" },
  { "flow-label", 0xfffff, 0, "GRH flow label (20 bits)" },
  { "max-rd-atomic", 255, 1, "RDMA reads and atomics this side may have outstanding" },
  { "max-dest-rd-atomic", 255, 1, "RDMA reads and atomics this side accepts outstanding" },
};

enum {
  PROP_SGID = GVERBS_PATH_N_FIELDS + 1,
  PROP_DGID,
  PROP_HAS_GRH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
changed (GVerbsPath *self)
{
  g_clear_object (&self->ah);
}

static gboolean
value_valid (GVerbsPathField field,
             guint           value)
{
  if (value > specs[field].max)
    return FALSE;
  if (field == GVERBS_PATH_FIELD_MTU)
    return value >= GVERBS_MTU_BYTES_256;
  if (field == GVERBS_PATH_FIELD_PORT_NUM)
    return value >= 1;
  if (field == GVERBS_PATH_FIELD_RATE)
    {
      GEnumClass *klass = g_type_class_ref (GVERBS_TYPE_RATE);
      gboolean ok = g_enum_get_value (klass, (int) value) != NULL;

      g_type_class_unref (klass);
      return ok;
    }
  return TRUE;
}

guint
_gverbs_path_get (GVerbsPath      *self,
                  GVerbsPathField  field)
{
  return self->values[field];
}

const GVerbsGid *
_gverbs_path_peek_gid (GVerbsPath *self,
                       gboolean    dest)
{
  return dest ? &self->dgid : &self->sgid;
}

static void
set_field (GVerbsPath      *self,
           GVerbsPathField  field,
           guint            value)
{
  if (self->values[field] == value)
    return;
  self->values[field] = value;
  changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[field + 1]);
}

static void
gverbs_path_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  GVerbsPath *self = GVERBS_PATH (object);

  if (prop_id == PROP_SGID)
    g_value_set_boxed (value, &self->sgid);
  else if (prop_id == PROP_DGID)
    g_value_set_boxed (value, &self->dgid);
  else if (prop_id == PROP_HAS_GRH)
    g_value_set_boolean (value, gverbs_path_get_has_grh (self));
  else if (prop_id - 1 == GVERBS_PATH_FIELD_MTU)
    g_value_set_enum (value, (int) self->values[GVERBS_PATH_FIELD_MTU]);
  else if (prop_id >= 1 && prop_id <= GVERBS_PATH_N_FIELDS)
    g_value_set_uint (value, self->values[prop_id - 1]);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
gverbs_path_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  GVerbsPath *self = GVERBS_PATH (object);

  if (prop_id == PROP_SGID || prop_id == PROP_DGID)
    {
      const GVerbsGid *gid = g_value_get_boxed (value);
      GVerbsGid zero = { { 0 } };

      if (prop_id == PROP_SGID)
        gverbs_path_set_sgid (self, gid != NULL ? gid : &zero);
      else
        gverbs_path_set_dgid (self, gid != NULL ? gid : &zero);
    }
  else if (prop_id - 1 == GVERBS_PATH_FIELD_MTU)
    set_field (self, GVERBS_PATH_FIELD_MTU, (guint) g_value_get_enum (value));
  else if (prop_id >= 1 && prop_id <= GVERBS_PATH_N_FIELDS)
    {
      guint v = g_value_get_uint (value);

      if (!value_valid (prop_id - 1, v))
        {
          g_warning ("GVerbsPath:%s: %u is not a valid value", specs[prop_id - 1].name, v);
          return;
        }
      set_field (self, prop_id - 1, v);
    }
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
gverbs_path_dispose (GObject *object)
{
  changed (GVERBS_PATH (object));
  G_OBJECT_CLASS (gverbs_path_parent_class)->dispose (object);
}

static void
gverbs_path_class_init (GVerbsPathClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gverbs_path_get_property;
  object_class->set_property = gverbs_path_set_property;
  object_class->dispose = gverbs_path_dispose;

  /**
   * GVerbsPath:port-num:
   *
   * The local port number (python-rdma's `end_port.port_id`).
   */
  /* The other numeric properties are documented by their blurbs: one per
   * field of the path, named as python-rdma names it (`dqpn`, `sqpsn` …). */
  for (guint i = 0; i < GVERBS_PATH_N_FIELDS; i++)
    {
      if (i == GVERBS_PATH_FIELD_MTU)
        properties[i + 1] = g_param_spec_enum (specs[i].name, NULL, specs[i].blurb, GVERBS_TYPE_MTU,
                                               (int) specs[i].def,
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                               G_PARAM_STATIC_STRINGS);
      else
        properties[i + 1] = g_param_spec_uint (specs[i].name, NULL, specs[i].blurb, 0, specs[i].max,
                                               specs[i].def,
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                               G_PARAM_STATIC_STRINGS);
    }
  /**
   * GVerbsPath:sgid:
   *
   * This side's GID (python-rdma's `SGID`).
   */
  properties[PROP_SGID] =
    g_param_spec_boxed ("sgid", NULL, NULL, GVERBS_TYPE_GID,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsPath:dgid:
   *
   * The peer's GID (python-rdma's `DGID`); a path with a non-zero DGID has a
   * global route.
   */
  properties[PROP_DGID] =
    g_param_spec_boxed ("dgid", NULL, NULL, GVERBS_TYPE_GID,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsPath:has-grh:
   *
   * Whether the path has a global route header, i.e. a non-zero DGID.
   */
  properties[PROP_HAS_GRH] =
    g_param_spec_boolean ("has-grh", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gverbs_path_init (GVerbsPath *self)
{
  for (guint i = 0; i < GVERBS_PATH_N_FIELDS; i++)
    self->values[i] = specs[i].def;
}

/**
 * gverbs_path_new:
 *
 * Creates a path with python-rdma's defaults: port 1, P_Key 0xffff at index
 * 0, MTU 1024, 7 retries, RNR timer 12, timeout 14, hop limit 64, one
 * outstanding RDMA read each way; QPNs, PSNs, GIDs and LIDs zero.
 *
 * Returns: (transfer full): a new #GVerbsPath
 *
 * Since: 0.1
 */
GVerbsPath *
gverbs_path_new (void)
{
  return g_object_new (GVERBS_TYPE_PATH, NULL);
}

/**
 * gverbs_path_copy:
 * @self: a #GVerbsPath
 *
 * Copies the path: all its fields, but not its cached address handle.
 *
 * Returns: (transfer full): a new path with the same fields (and no cached
 *   address handle)
 *
 * Since: 0.1
 */
GVerbsPath *
gverbs_path_copy (GVerbsPath *self)
{
  GVerbsPath *copy;

  g_return_val_if_fail (GVERBS_IS_PATH (self), NULL);

  copy = gverbs_path_new ();
  memcpy (copy->values, self->values, sizeof self->values);
  copy->sgid = self->sgid;
  copy->dgid = self->dgid;
  return copy;
}

/* Stores @gid in @slot, one of the path's GIDs; FALSE if it was already there. */
static gboolean
store_gid (GVerbsPath      *self,
           GVerbsGid       *slot,
           const GVerbsGid *gid)
{
  if (gverbs_gid_equal (slot, gid))
    return FALSE;
  *slot = *gid;
  changed (self);
  return TRUE;
}

/**
 * gverbs_path_get_sgid:
 * @self: a #GVerbsPath
 * @gid: (out caller-allocates): where to store this side's GID
 *
 * Copies this side's GID (#GVerbsPath:sgid) into @gid.
 *
 * Since: 0.1
 */
void
gverbs_path_get_sgid (GVerbsPath *self,
                      GVerbsGid  *gid)
{
  g_return_if_fail (GVERBS_IS_PATH (self));
  g_return_if_fail (gid != NULL);
  *gid = self->sgid;
}

/**
 * gverbs_path_set_sgid:
 * @self: a #GVerbsPath
 * @gid: this side's GID
 *
 * Sets this side's GID (#GVerbsPath:sgid).
 *
 * Since: 0.1
 */
void
gverbs_path_set_sgid (GVerbsPath      *self,
                      const GVerbsGid *gid)
{
  g_return_if_fail (GVERBS_IS_PATH (self));
  g_return_if_fail (gid != NULL);
  if (!store_gid (self, &self->sgid, gid))
    return;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SGID]);
}

/**
 * gverbs_path_get_dgid:
 * @self: a #GVerbsPath
 * @gid: (out caller-allocates): where to store the peer's GID
 *
 * Copies the peer's GID (#GVerbsPath:dgid) into @gid.
 *
 * Since: 0.1
 */
void
gverbs_path_get_dgid (GVerbsPath *self,
                      GVerbsGid  *gid)
{
  g_return_if_fail (GVERBS_IS_PATH (self));
  g_return_if_fail (gid != NULL);
  *gid = self->dgid;
}

/**
 * gverbs_path_set_dgid:
 * @self: a #GVerbsPath
 * @gid: the peer's GID
 *
 * Sets the peer's GID (#GVerbsPath:dgid); a non-zero GID makes the path global
 * (#GVerbsPath:has-grh).
 *
 * Since: 0.1
 */
void
gverbs_path_set_dgid (GVerbsPath      *self,
                      const GVerbsGid *gid)
{
  g_return_if_fail (GVERBS_IS_PATH (self));
  g_return_if_fail (gid != NULL);
  if (!store_gid (self, &self->dgid, gid))
    return;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DGID]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_GRH]);
}

/**
 * gverbs_path_get_has_grh:
 * @self: a #GVerbsPath
 *
 * Checks whether the path has a global route (a non-zero DGID).
 *
 * Returns: whether the path has a global route (a non-zero DGID)
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (gboolean, gverbs_path_get_has_grh,
                      GVerbsPath, GVERBS_IS_PATH, FALSE, !gverbs_gid_is_zero (&self->dgid))

static void
swap_fields (GVerbsPath      *self,
             GVerbsPathField  a,
             GVerbsPathField  b)
{
  guint va = self->values[a];

  set_field (self, a, self->values[b]);
  set_field (self, b, va);
}

/**
 * gverbs_path_reverse:
 * @self: a #GVerbsPath
 *
 * Turns the path around, in place: source and destination QPNs, PSNs,
 * GIDs and LIDs change places, and so do the two RDMA read limits. The
 * local fields (port, P_Key index, GID index) stay. This is what one side
 * does to the path the other side sent (python-rdma's `reverse()`).
 *
 * Returns: (transfer none): @self
 *
 * Since: 0.1
 */
GVerbsPath *
gverbs_path_reverse (GVerbsPath *self)
{
  GVerbsGid gid;

  g_return_val_if_fail (GVERBS_IS_PATH (self), NULL);

  g_object_freeze_notify (G_OBJECT (self));
  swap_fields (self, GVERBS_PATH_FIELD_SQPN, GVERBS_PATH_FIELD_DQPN);
  swap_fields (self, GVERBS_PATH_FIELD_SQPSN, GVERBS_PATH_FIELD_DQPSN);
  swap_fields (self, GVERBS_PATH_FIELD_SLID, GVERBS_PATH_FIELD_DLID);
  swap_fields (self, GVERBS_PATH_FIELD_MAX_RD_ATOMIC, GVERBS_PATH_FIELD_MAX_DEST_RD_ATOMIC);
  gid = self->sgid;
  gverbs_path_set_sgid (self, &self->dgid);
  gverbs_path_set_dgid (self, &gid);
  g_object_thaw_notify (G_OBJECT (self));
  return self;
}

/**
 * gverbs_path_fill_from_qp:
 * @self: a #GVerbsPath
 * @qp: the local queue pair
 * @error: return location for a #GError
 *
 * Fills this side of the path from @qp and the port #GVerbsPath:port-num
 * (python-rdma's `fill_path()`): the QP number, a random send PSN if none
 * is set, the GID at #GVerbsPath:sgid-index, the port's LID, the P_Key at
 * #GVerbsPath:pkey-index, an MTU no larger than the port's active MTU and
 * RDMA read limits no larger than the device's.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_path_fill_from_qp (GVerbsPath  *self,
                          GVerbsQP    *qp,
                          GError     **error)
{
  struct ibv_context *ctx;
  struct ibv_port_attr port;
  struct ibv_device_attr dev;
  union ibv_gid gid;
  guint port_num, index;
  uint16_t pkey;
  int rc;

  g_return_val_if_fail (GVERBS_IS_PATH (self), FALSE);
  g_return_val_if_fail (GVERBS_IS_QP (qp), FALSE);

  if (!_gverbs_resource_check_open (qp, error))
    return FALSE;
  ctx = _gverbs_qp_get_ibv (qp)->context;
  port_num = self->values[GVERBS_PATH_FIELD_PORT_NUM];
  index = self->values[GVERBS_PATH_FIELD_SGID_INDEX];
  if ((rc = ibv_query_port (ctx, (uint8_t) port_num, &port)) != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_query_port", ibv_get_device_name (ctx->device),
                               _("port %u"), port_num);
      return FALSE;
    }
  if ((rc = ibv_query_device (ctx, &dev)) != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_query_device", ibv_get_device_name (ctx->device), NULL);
      return FALSE;
    }
  if ((int) index >= port.gid_tbl_len || ibv_query_gid (ctx, (uint8_t) port_num, (int) index, &gid) != 0)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("sgid_index %u is outside port %u's GID table (%d entries)"),
                   index, port_num, port.gid_tbl_len);
      return FALSE;
    }
  if ((rc = ibv_query_pkey (ctx, (uint8_t) port_num, (int) self->values[GVERBS_PATH_FIELD_PKEY_INDEX],
                            &pkey)) != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_query_pkey", ibv_get_device_name (ctx->device),
                               _("port %u index %u"), port_num,
                               self->values[GVERBS_PATH_FIELD_PKEY_INDEX]);
      return FALSE;
    }

  g_object_freeze_notify (G_OBJECT (self));
  set_field (self, GVERBS_PATH_FIELD_SQPN, gverbs_qp_get_qp_num (qp));
  if (self->values[GVERBS_PATH_FIELD_SQPSN] == 0)
    set_field (self, GVERBS_PATH_FIELD_SQPSN, g_random_int () & 0xffffff);
  gverbs_path_set_sgid (self, (const GVerbsGid *) gid.raw);
  set_field (self, GVERBS_PATH_FIELD_SLID, port.lid);
  set_field (self, GVERBS_PATH_FIELD_PKEY, be16toh (pkey));
  if (self->values[GVERBS_PATH_FIELD_MTU] > (guint) port.active_mtu)
    set_field (self, GVERBS_PATH_FIELD_MTU, port.active_mtu);
  if (self->values[GVERBS_PATH_FIELD_MAX_RD_ATOMIC] > (guint) dev.max_qp_init_rd_atom)
    set_field (self, GVERBS_PATH_FIELD_MAX_RD_ATOMIC, (guint) dev.max_qp_init_rd_atom);
  if (self->values[GVERBS_PATH_FIELD_MAX_DEST_RD_ATOMIC] > (guint) dev.max_qp_rd_atom)
    set_field (self, GVERBS_PATH_FIELD_MAX_DEST_RD_ATOMIC, (guint) dev.max_qp_rd_atom);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

/**
 * gverbs_path_to_variant:
 * @self: a #GVerbsPath
 *
 * The path's wire form for a side channel: an `a{sv}` dictionary with one
 * `u` entry per numeric property (keyed by the property name) and `sgid`,
 * `dgid` as 16-byte `ay`. Serialise it with g_variant_get_data().
 *
 * Returns: (transfer full): a floating-free #GVariant of type `a{sv}`
 *
 * Since: 0.1
 */
GVariant *
gverbs_path_to_variant (GVerbsPath *self)
{
  GVariantBuilder b;

  g_return_val_if_fail (GVERBS_IS_PATH (self), NULL);

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  for (guint i = 0; i < GVERBS_PATH_N_FIELDS; i++)
    g_variant_builder_add (&b, "{sv}", specs[i].name, g_variant_new_uint32 (self->values[i]));
  g_variant_builder_add (&b, "{sv}", "sgid",
                         g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, self->sgid.raw, 16, 1));
  g_variant_builder_add (&b, "{sv}", "dgid",
                         g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, self->dgid.raw, 16, 1));
  return g_variant_ref_sink (g_variant_builder_end (&b));
}

/**
 * gverbs_path_to_bytes:
 * @self: a #GVerbsPath
 *
 * The path's wire form (gverbs_path_to_variant()) serialised, ready to
 * send over a side channel; gverbs_path_new_from_bytes() reads it back.
 *
 * Returns: (transfer full): the bytes of the path's `a{sv}` variant
 *
 * Since: 0.1
 */
GBytes *
gverbs_path_to_bytes (GVerbsPath *self)
{
  g_autoptr(GVariant) variant = NULL;

  g_return_val_if_fail (GVERBS_IS_PATH (self), NULL);

  variant = gverbs_path_to_variant (self);
  return g_variant_get_data_as_bytes (variant);
}

static gboolean
take_gid (const char *key,
          GVariant   *v,
          GVerbsGid  *gid,
          GError    **error)
{
  gconstpointer data;
  gsize n;

  if (!g_variant_is_of_type (v, G_VARIANT_TYPE_BYTESTRING))
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("Path variant field “%s” has type “%s”, expected “ay”"), key,
                   g_variant_get_type_string (v));
      return FALSE;
    }
  data = g_variant_get_fixed_array (v, &n, 1);
  if (n != 16)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("Path variant field “%s” is %zu bytes long, a GID is 16"), key, n);
      return FALSE;
    }
  memcpy (gid->raw, data, 16);
  return TRUE;
}

/* The index of @key among the wire form's fields: the numeric fields in
 * GVerbsPathField order, then sgid and dgid; -1 for an unknown key. */
static int
wire_field_index (const char *key)
{
  for (guint i = 0; i < GVERBS_PATH_N_FIELDS; i++)
    if (strcmp (key, specs[i].name) == 0)
      return (int) i;
  if (strcmp (key, "sgid") == 0)
    return GVERBS_PATH_N_FIELDS;
  if (strcmp (key, "dgid") == 0)
    return GVERBS_PATH_N_FIELDS + 1;
  return -1;
}

static const char *
wire_field_name (guint index)
{
  if (index < GVERBS_PATH_N_FIELDS)
    return specs[index].name;
  return index == GVERBS_PATH_N_FIELDS ? "sgid" : "dgid";
}

static gboolean
take_field (GVerbsPath *path,
            guint       index,
            GVariant   *v,
            GError    **error)
{
  guint32 value;

  if (index == GVERBS_PATH_N_FIELDS)
    return take_gid ("sgid", v, &path->sgid, error);
  if (index == GVERBS_PATH_N_FIELDS + 1)
    return take_gid ("dgid", v, &path->dgid, error);
  if (!g_variant_is_of_type (v, G_VARIANT_TYPE_UINT32))
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("Path variant field “%s” has type “%s”, expected “u”"), specs[index].name,
                   g_variant_get_type_string (v));
      return FALSE;
    }
  value = g_variant_get_uint32 (v);
  if (!value_valid (index, value))
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("Path variant field “%s” has value %u, out of range (maximum %u)"),
                   specs[index].name, value, specs[index].max);
      return FALSE;
    }
  path->values[index] = value;
  return TRUE;
}

/**
 * gverbs_path_new_from_bytes:
 * @bytes: a path's wire form as gverbs_path_to_bytes() gives it, as
 *   received from a peer
 * @error: return location for a #GError
 *
 * Rebuilds a path from the bytes of its wire form, with the checks of
 * gverbs_path_new_from_variant(): @bytes is untrusted input, and bytes that
 * are not a valid `a{sv}` path give %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: (transfer full): a new #GVerbsPath, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsPath *
gverbs_path_new_from_bytes (GBytes  *bytes,
                            GError **error)
{
  g_autoptr(GVariant) variant = NULL;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Not trusted: the variant is checked as it is read, and its size first. */
  variant = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, bytes, FALSE));
  return gverbs_path_new_from_variant (variant, error);
}

/**
 * gverbs_path_new_from_variant:
 * @variant: a path in the form gverbs_path_to_variant() gives, as received
 *   from a peer
 * @error: return location for a #GError
 *
 * Rebuilds a path from its wire form. @variant is untrusted input: a
 * variant that is not `a{sv}`, is larger than %GVERBS_PATH_WIRE_MAX_SIZE
 * bytes or has more than %GVERBS_PATH_WIRE_MAX_ENTRIES entries, lacks a
 * field, has a field twice, has a field of the wrong type or a value out of
 * its range (MTU not a #GVerbsMTU, QPN or PSN over 24 bits, port 0, GID not
 * 16 bytes …) gives %GVERBS_ERROR_INVALID_ARGUMENT naming the field.
 * Unknown keys are ignored. The size and entry count are checked before
 * any entry is read, and each entry is read once, so a hostile blob costs
 * time linear in at most %GVERBS_PATH_WIRE_MAX_SIZE bytes.
 *
 * Returns: (transfer full): a new #GVerbsPath, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsPath *
gverbs_path_new_from_variant (GVariant  *variant,
                              GError   **error)
{
  g_autoptr(GVerbsPath) path = NULL;
  gboolean seen[GVERBS_PATH_N_FIELDS + 2] = { FALSE, };
  gsize size, n;

  g_return_val_if_fail (variant != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_variant_is_of_type (variant, G_VARIANT_TYPE_VARDICT))
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("Path variant has type “%s”, expected “a{sv}”"),
                   g_variant_get_type_string (variant));
      return NULL;
    }
  size = g_variant_get_size (variant);
  if (size > GVERBS_PATH_WIRE_MAX_SIZE)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("Path variant is %zu bytes long, more than the %u a path may have"),
                   size, (guint) GVERBS_PATH_WIRE_MAX_SIZE);
      return NULL;
    }
  n = g_variant_n_children (variant);
  if (n > GVERBS_PATH_WIRE_MAX_ENTRIES)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("Path variant has %zu entries, more than the %u a path may have"),
                   n, (guint) GVERBS_PATH_WIRE_MAX_ENTRIES);
      return NULL;
    }

  path = gverbs_path_new ();
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(GVariant) entry = g_variant_get_child_value (variant, i);
      g_autoptr(GVariant) key = g_variant_get_child_value (entry, 0);
      g_autoptr(GVariant) boxed = g_variant_get_child_value (entry, 1);
      g_autoptr(GVariant) v = g_variant_get_variant (boxed);
      int index = wire_field_index (g_variant_get_string (key, NULL));

      if (index < 0)
        continue;
      if (seen[index])
        {
          g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                       _("Path variant has field “%s” more than once"), wire_field_name (index));
          return NULL;
        }
      seen[index] = TRUE;
      if (!take_field (path, index, v, error))
        return NULL;
    }
  for (guint i = 0; i < G_N_ELEMENTS (seen); i++)
    if (!seen[i])
      {
        g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                     _("Path variant has no “%s” field"), wire_field_name (i));
        return NULL;
      }
  return g_steal_pointer (&path);
}

/**
 * gverbs_path_to_ah_attr:
 * @self: a #GVerbsPath
 *
 * The address vector towards the peer: DLID, SL, rate, port and, when the
 * path has a DGID, the global route (DGID, GID index, flow label, hop
 * limit, traffic class).
 *
 * Returns: (transfer full): a new #GVerbsAHAttr
 *
 * Since: 0.1
 */
GVerbsAHAttr *
gverbs_path_to_ah_attr (GVerbsPath *self)
{
  GVerbsAHAttr *attr;
  guint *v;

  g_return_val_if_fail (GVERBS_IS_PATH (self), NULL);

  v = self->values;
  attr = g_object_new (GVERBS_TYPE_AH_ATTR, "dlid", v[GVERBS_PATH_FIELD_DLID],
                       "sl", v[GVERBS_PATH_FIELD_SL], "static-rate", (int) v[GVERBS_PATH_FIELD_RATE],
                       "port-num", v[GVERBS_PATH_FIELD_PORT_NUM],
                       "is-global", gverbs_path_get_has_grh (self), NULL);
  if (gverbs_path_get_has_grh (self))
    {
      g_autoptr(GVerbsGlobalRoute) grh = gverbs_global_route_new ();
      g_autoptr(GBytes) dgid = g_bytes_new (self->dgid.raw, 16);

      g_object_set (grh, "sgid-index", v[GVERBS_PATH_FIELD_SGID_INDEX],
                    "flow-label", v[GVERBS_PATH_FIELD_FLOW_LABEL],
                    "hop-limit", v[GVERBS_PATH_FIELD_HOP_LIMIT],
                    "traffic-class", v[GVERBS_PATH_FIELD_TRAFFIC_CLASS], NULL);
      gverbs_global_route_set_dgid_bytes (grh, dgid, NULL);
      gverbs_ah_attr_set_grh (attr, grh);
    }
  return attr;
}

/**
 * gverbs_path_dup_ah:
 * @self: a #GVerbsPath
 * @pd: the protection domain the address handle belongs to
 * @error: return location for a #GError
 *
 * The address handle towards the peer, for UD sends. The first call
 * creates it; later calls with the same @pd return the same object until a
 * field of the path changes (or the handle is closed), after which the
 * next call creates a new one.
 *
 * Returns: (transfer full): the address handle, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsAH *
gverbs_path_dup_ah (GVerbsPath  *self,
                    GVerbsPD    *pd,
                    GError     **error)
{
  g_autoptr(GVerbsAHAttr) attr = NULL;
  GVerbsAH *ah;

  g_return_val_if_fail (GVERBS_IS_PATH (self), NULL);
  g_return_val_if_fail (GVERBS_IS_PD (pd), NULL);

  if (self->ah != NULL && gverbs_ah_get_pd (self->ah) == pd && !gverbs_resource_is_closed (GVERBS_RESOURCE (self->ah)))
    return g_object_ref (self->ah);
  attr = gverbs_path_to_ah_attr (self);
  ah = gverbs_ah_new (pd, attr, error);
  if (ah == NULL)
    return NULL;
  g_set_object (&self->ah, ah);
  return ah;
}

/**
 * gverbs_pd_create_ah_for_path:
 * @self: a #GVerbsPD
 * @path: the path to the peer
 * @error: return location for a #GError
 *
 * python-rdma's `pd.ah(path)`: the same as gverbs_path_dup_ah().
 *
 * Returns: (transfer full): the path's address handle, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsAH *
gverbs_pd_create_ah_for_path (GVerbsPD    *self,
                              GVerbsPath  *path,
                              GError     **error)
{
  return gverbs_path_dup_ah (path, self, error);
}

/**
 * gverbs_path_to_string:
 * @self: a #GVerbsPath
 *
 * Describes the path on one line, for logs.
 *
 * Returns: (transfer full): a one-line description, e.g.
 *   `Path port 1 sqpn 0x11 sqpsn 0x12 → dqpn 0x12 dqpsn 0x... dgid …`
 *
 * Since: 0.1
 */
char *
gverbs_path_to_string (GVerbsPath *self)
{
  g_autofree char *s = NULL, *d = NULL;
  guint *v;

  g_return_val_if_fail (GVERBS_IS_PATH (self), NULL);

  v = self->values;
  s = gverbs_gid_to_string (&self->sgid);
  d = gverbs_gid_to_string (&self->dgid);
  return g_strdup_printf ("Path port %u pkey 0x%x qkey 0x%x mtu %u sgid %s slid %u sqpn 0x%x sqpsn 0x%x "
                          "-> dgid %s dlid %u dqpn 0x%x dqpsn 0x%x sl %u",
                          v[GVERBS_PATH_FIELD_PORT_NUM], v[GVERBS_PATH_FIELD_PKEY],
                          v[GVERBS_PATH_FIELD_QKEY], 128u << v[GVERBS_PATH_FIELD_MTU], s,
                          v[GVERBS_PATH_FIELD_SLID], v[GVERBS_PATH_FIELD_SQPN], v[GVERBS_PATH_FIELD_SQPSN],
                          d, v[GVERBS_PATH_FIELD_DLID], v[GVERBS_PATH_FIELD_DQPN],
                          v[GVERBS_PATH_FIELD_DQPSN], v[GVERBS_PATH_FIELD_SL]);
}
