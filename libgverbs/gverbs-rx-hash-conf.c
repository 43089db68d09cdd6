/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "gverbs-rx-hash-conf.h"
#include "gverbs-rx-hash-conf-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-error.h"
#include "gverbs-error-private.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsRxHashConf:
 *
 * How a receive-side-scaling queue pair hashes incoming packets
 * (`struct ibv_rx_hash_conf`, pyverbs' `RxHashConf`): the hash function
 * (Toeplitz), its key, and the packet fields the hash covers. Given as
 * #GVerbsQPInitAttrEx:rx-hash-conf with %GVERBS_QP_INIT_ATTR_RX_HASH.
 *
 * When to use it: with a #GVerbsRwqIndTable, to say which packet fields
 * choose the work queue (usually the IP addresses and ports, so one flow
 * always lands on one queue).
 *
 * ```c
 * // given: GBytes *key;  // 40 bytes of Toeplitz key
 * g_autoptr(GVerbsRxHashConf) hash = gverbs_rx_hash_conf_new (GVERBS_RX_HASH_FUNC_TOEPLITZ, key,
 *                                                             GVERBS_RX_HASH_SRC_IPV4 |
 *                                                             GVERBS_RX_HASH_DST_IPV4, &error);
 * if (hash == NULL)
 *   g_printerr ("%s\n", error->message);
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsRxHashConf
{
  GObject parent_instance;

  GVerbsRxHashFunctionFlags rx_hash_function;
  GVerbsRxHashFields rx_hash_fields_mask;
  GBytes *rx_hash_key;
};

enum {
  PROP_RX_HASH_KEY,
  PROP_RX_HASH_KEY_LEN,
};

static const GVerbsField fields[] = {
  /**
   * GVerbsRxHashConf:rx-hash-key:
   *
   * The hash key (at most %GVERBS_RX_HASH_KEY_MAX_LENGTH bytes; Toeplitz
   * on mlx5 takes 40), set with gverbs_rx_hash_conf_set_rx_hash_key().
   */
  [PROP_RX_HASH_KEY] = GVERBS_PROP_BOXED (GVerbsRxHashConf, rx_hash_key, "rx-hash-key",
                                          g_bytes_get_type, G_PARAM_READABLE),
  /**
   * GVerbsRxHashConf:rx-hash-key-len:
   *
   * The length of the key in bytes.
   */
  [PROP_RX_HASH_KEY_LEN] = GVERBS_PROP_GETTER ("rx-hash-key-len", GVERBS_FIELD_UINT, NULL,
                                               GVERBS_RX_HASH_KEY_MAX_LENGTH, 0, G_PARAM_READABLE,
                                               gverbs_rx_hash_conf_get_rx_hash_key_len),
  /**
   * GVerbsRxHashConf:rx-hash-function:
   *
   * The hash function (%GVERBS_RX_HASH_FUNC_TOEPLITZ).
   */
  GVERBS_PROP_FLAGS (GVerbsRxHashConf, rx_hash_function, "rx-hash-function",
                     gverbs_rx_hash_function_flags_get_type, 0, G_PARAM_READWRITE),
  /**
   * GVerbsRxHashConf:rx-hash-fields-mask:
   *
   * The packet fields the hash covers (`IBV_RX_HASH_SRC_IPV4` …).
   */
  GVERBS_PROP_FLAGS (GVerbsRxHashConf, rx_hash_fields_mask, "rx-hash-fields-mask",
                     gverbs_rx_hash_fields_get_type, 0, G_PARAM_READWRITE),
};

static GParamSpec *properties[G_N_ELEMENTS (fields)];

GVERBS_DEFINE_PROPERTIES_TYPE_WITH_PSPECS (GVerbsRxHashConf, gverbs_rx_hash_conf, fields, properties)

static void
gverbs_rx_hash_conf_init (GVerbsRxHashConf *self)
{
}

/**
 * gverbs_rx_hash_conf_new:
 * @rx_hash_function: the hash function
 * @rx_hash_key: (nullable): the hash key, at most
 *   %GVERBS_RX_HASH_KEY_MAX_LENGTH bytes
 * @rx_hash_fields_mask: the packet fields the hash covers
 * @error: return location for a #GError
 *
 * Makes an RSS hash configuration, pyverbs' `RxHashConf` (whose separate
 * key length is the key's). A key too long for rdma-core's one-byte
 * length is refused with %GVERBS_ERROR_OUT_OF_RANGE.
 *
 * Returns: (transfer full): the configuration, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsRxHashConf *
gverbs_rx_hash_conf_new (GVerbsRxHashFunctionFlags   rx_hash_function,
                         GBytes                     *rx_hash_key,
                         GVerbsRxHashFields          rx_hash_fields_mask,
                         GError                    **error)
{
  g_autoptr(GVerbsRxHashConf) self = NULL;

  if (!_gverbs_check_flags (GVERBS_TYPE_RX_HASH_FUNCTION_FLAGS, rx_hash_function,
                            "ibv_create_qp_ex", "rx_hash_function", error) ||
      !_gverbs_check_flags (GVERBS_TYPE_RX_HASH_FIELDS, rx_hash_fields_mask,
                            "ibv_create_qp_ex", "rx_hash_fields_mask", error))
    return NULL;
  self = g_object_new (GVERBS_TYPE_RX_HASH_CONF, "rx-hash-function", rx_hash_function,
                       "rx-hash-fields-mask", rx_hash_fields_mask, NULL);
  if (rx_hash_key != NULL && !gverbs_rx_hash_conf_set_rx_hash_key (self, rx_hash_key, error))
    return NULL;
  return g_steal_pointer (&self);
}

/**
 * gverbs_rx_hash_conf_get_rx_hash_function:
 * @self: a #GVerbsRxHashConf
 *
 * Gets the hash function (`ibv_rx_hash_conf.rx_hash_function`), such as
 * Toeplitz.
 *
 * Returns: the hash function
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsRxHashFunctionFlags, gverbs_rx_hash_conf_get_rx_hash_function,
                      GVerbsRxHashConf, GVERBS_IS_RX_HASH_CONF, 0, self->rx_hash_function)

/**
 * gverbs_rx_hash_conf_get_rx_hash_key:
 * @self: a #GVerbsRxHashConf
 *
 * Gets the key the hash function uses (`ibv_rx_hash_conf.rx_hash_key`).
 *
 * Returns: (transfer none) (nullable): the hash key
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GBytes *, gverbs_rx_hash_conf_get_rx_hash_key,
                      GVerbsRxHashConf, GVERBS_IS_RX_HASH_CONF, NULL, self->rx_hash_key)

/**
 * gverbs_rx_hash_conf_set_rx_hash_key:
 * @self: a #GVerbsRxHashConf
 * @rx_hash_key: (nullable): the new key, at most
 *   %GVERBS_RX_HASH_KEY_MAX_LENGTH bytes
 * @error: return location for a #GError
 *
 * Sets the hash key (and so its length). A longer key is refused with
 * %GVERBS_ERROR_OUT_OF_RANGE and the old key kept.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gverbs_rx_hash_conf_set_rx_hash_key (GVerbsRxHashConf  *self,
                                     GBytes            *rx_hash_key,
                                     GError           **error)
{
  g_return_val_if_fail (GVERBS_IS_RX_HASH_CONF (self), FALSE);
  if (rx_hash_key != NULL && g_bytes_get_size (rx_hash_key) > GVERBS_RX_HASH_KEY_MAX_LENGTH)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   _("RSS hash key of %zu bytes: rx_hash_key_len holds at most %u"),
                   g_bytes_get_size (rx_hash_key), GVERBS_RX_HASH_KEY_MAX_LENGTH);
      return FALSE;
    }
  if (rx_hash_key != NULL)
    g_bytes_ref (rx_hash_key);
  g_clear_pointer (&self->rx_hash_key, g_bytes_unref);
  self->rx_hash_key = rx_hash_key;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RX_HASH_KEY]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RX_HASH_KEY_LEN]);
  return TRUE;
}

/**
 * gverbs_rx_hash_conf_get_rx_hash_key_len:
 * @self: a #GVerbsRxHashConf
 *
 * Gets the length of the hash key in bytes
 * (`ibv_rx_hash_conf.rx_hash_key_len`).
 *
 * Returns: the key's length in bytes
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_rx_hash_conf_get_rx_hash_key_len,
                      GVerbsRxHashConf, GVERBS_IS_RX_HASH_CONF, 0, self->rx_hash_key ? (guint) g_bytes_get_size (self->rx_hash_key) : 0)

/**
 * gverbs_rx_hash_conf_get_rx_hash_fields_mask:
 * @self: a #GVerbsRxHashConf
 *
 * Gets the packet header fields the hash is computed over
 * (`ibv_rx_hash_conf.rx_hash_fields_mask`, `IBV_RX_HASH_*` bits).
 *
 * Returns: the packet fields the hash covers
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsRxHashFields, gverbs_rx_hash_conf_get_rx_hash_fields_mask,
                      GVerbsRxHashConf, GVERBS_IS_RX_HASH_CONF, 0, self->rx_hash_fields_mask)

/**
 * gverbs_rx_hash_conf_set_rx_hash_fields_mask:
 * @self: a #GVerbsRxHashConf
 * @rx_hash_fields_mask: the packet fields the hash covers
 *
 * Sets #GVerbsRxHashConf:rx-hash-fields-mask (a setter bindings can call
 * with %GVERBS_RX_HASH_INNER, bit 31, which some take for a negative int).
 *
 * Since: 0.1
 */
GVERBS_DEFINE_SETTER (gverbs_rx_hash_conf_set_rx_hash_fields_mask, GVerbsRxHashConf,
                      GVERBS_IS_RX_HASH_CONF, GVerbsRxHashFields, rx_hash_fields_mask,
                      "rx-hash-fields-mask")

void
_gverbs_rx_hash_conf_fill (GVerbsRxHashConf        *self,
                           struct ibv_rx_hash_conf *conf)
{
  gsize len = 0;

  memset (conf, 0, sizeof *conf);
  conf->rx_hash_function = (uint8_t) self->rx_hash_function;
  conf->rx_hash_fields_mask = self->rx_hash_fields_mask;
  if (self->rx_hash_key != NULL)
    conf->rx_hash_key = (uint8_t *) g_bytes_get_data (self->rx_hash_key, &len);
  conf->rx_hash_key_len = (uint8_t) len;
}
