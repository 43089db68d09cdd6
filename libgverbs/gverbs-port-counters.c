/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <glib/gi18n-lib.h>
#include <gio/gio.h>

#include "gverbs-port-counters.h"
#include "gverbs-error.h"
#include "gverbs-private.h"
#include "gverbs-fields-private.h"

/**
 * GVerbsPortCounters:
 *
 * The traffic and error counters of one device port, as the kernel
 * exports them in sysfs and `rdma statistic` shows them: the standard
 * InfiniBand port counters of `/sys/class/infiniband/<dev>/ports/<n>/counters`
 * (`port_xmit_data`, `port_rcv_packets` …; a device without a performance
 * management agent, such as rxe, has none) and the driver's
 * `…/ports/<n>/hw_counters` (rxe: `sent_pkts`, `rcvd_pkts`, `rdma_sends`,
 * `duplicate_request` …). A name present in both reads the hardware
 * counter.
 *
 * gverbs_port_counters_sample() reads them all and keeps the previous
 * sample, so gverbs_port_counters_get_rate() gives each counter's change per
 * second over the interval between the last two samples: call it from a
 * g_timeout_add_seconds() callback to plot throughput. Note that the IB
 * `port_xmit_data` and `port_rcv_data` count units of four octets.
 *
 * When to use it: to measure the traffic and errors a port sees, the way
 * `rdma statistic` shows them, for a monitor or a benchmark.
 *
 * ```c
 * g_autoptr(GVerbsPortCounters) counters = gverbs_port_counters_new ("rxe0", 1, &error);
 *
 * if (counters == NULL || !gverbs_port_counters_sample (counters, &error))
 *   return;
 * // ... one second later:
 * if (gverbs_port_counters_sample (counters, &error) && gverbs_port_counters_has (counters, "sent_pkts"))
 *   g_print ("%.0f packets/s\n", gverbs_port_counters_get_rate (counters, "sent_pkts"));
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsPortCounters
{
  GObject parent_instance;

  char *sysfs_path;
  char *device_name;
  guint port_num;
  char *port_dir;
  GHashTable *current;          /* char* -> guint64* */
  GHashTable *previous;
  gint64 current_time;          /* monotonic µs, 0 before the first sample */
  gint64 previous_time;
};

static gboolean gverbs_port_counters_initable_init (GInitable     *initable,
                                                    GCancellable  *cancellable,
                                                    GError       **error);

G_DEFINE_FINAL_TYPE_WITH_CODE (GVerbsPortCounters, gverbs_port_counters, G_TYPE_OBJECT,
                               GVERBS_IMPLEMENT_INITABLE (gverbs_port_counters_initable_init))

static const GVerbsField fields[] = {
  /**
   * GVerbsPortCounters:sysfs-path:
   *
   * Where sysfs is mounted; %NULL for `/sys`.
   */
  GVERBS_PROP_STRING (GVerbsPortCounters, sysfs_path, "sysfs-path", GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsPortCounters:device-name:
   *
   * The device, such as `rxe0`.
   */
  GVERBS_PROP_STRING (GVerbsPortCounters, device_name, "device-name", GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsPortCounters:port-num:
   *
   * The port number, from 1 to 255.
   */
  GVERBS_PROP_UINT (GVerbsPortCounters, port_num, "port-num", G_MAXUINT, 1,
                    GVERBS_PROP_CONSTRUCT_ONLY),
};

static GHashTable *
new_table (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

static gboolean
gverbs_port_counters_initable_init (GInitable     *initable,
                                    GCancellable  *cancellable,
                                    GError       **error)
{
  GVerbsPortCounters *self = GVERBS_PORT_COUNTERS (initable);
  g_autofree char *port = g_strdup_printf ("%u", self->port_num);

  if (self->device_name == NULL || self->port_num == 0 || self->port_num > G_MAXUINT8
      || strchr (self->device_name, '/') != NULL || self->device_name[0] == '.')
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("Port counters need a device name and a port number from 1"));
      return FALSE;
    }
  g_free (self->port_dir);
  self->port_dir = g_build_filename (self->sysfs_path ? self->sysfs_path : "/sys",
                                     "class", "infiniband", self->device_name, "ports", port, NULL);
  if (!g_file_test (self->port_dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_DEVICE,
                   _("No port %u on RDMA device %s (%s)"), self->port_num, self->device_name,
                   self->port_dir);
      return FALSE;
    }
  return TRUE;
}

static void
gverbs_port_counters_finalize (GObject *object)
{
  GVerbsPortCounters *self = GVERBS_PORT_COUNTERS (object);

  _gverbs_properties_clear (self, fields, G_N_ELEMENTS (fields));
  g_free (self->port_dir);
  g_clear_pointer (&self->current, g_hash_table_unref);
  g_clear_pointer (&self->previous, g_hash_table_unref);
  G_OBJECT_CLASS (gverbs_port_counters_parent_class)->finalize (object);
}

GVERBS_DEFINE_PROPERTIES_CLASS_INIT (GVerbsPortCounters, gverbs_port_counters, fields, NULL)

static void
gverbs_port_counters_init (GVerbsPortCounters *self)
{
  self->current = new_table ();
  self->previous = new_table ();
}

/**
 * gverbs_port_counters_new:
 * @device_name: a device name, such as `rxe0`
 * @port_num: a port number, from 1
 * @error: return location for a #GError
 *
 * Makes a reader of the port's counters; it reads nothing yet.
 *
 * Returns: (transfer full): the reader, or %NULL with
 *   %GVERBS_ERROR_NO_DEVICE if the device has no such port
 *
 * Since: 0.1
 */
GVerbsPortCounters *
gverbs_port_counters_new (const char  *device_name,
                          guint        port_num,
                          GError     **error)
{
  return gverbs_port_counters_new_for_sysfs (NULL, device_name, port_num, error);
}

/**
 * gverbs_port_counters_new_for_sysfs:
 * @sysfs_path: (nullable): where sysfs is mounted, %NULL for `/sys`
 * @device_name: a device name, such as `rxe0`
 * @port_num: a port number, from 1
 * @error: return location for a #GError
 *
 * Like gverbs_port_counters_new() for a sysfs mounted elsewhere (a
 * container's, or a copy of one).
 *
 * Returns: (transfer full): the reader, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsPortCounters *
gverbs_port_counters_new_for_sysfs (const char  *sysfs_path,
                                    const char  *device_name,
                                    guint        port_num,
                                    GError     **error)
{
  g_return_val_if_fail (device_name != NULL, NULL);
  return g_initable_new (GVERBS_TYPE_PORT_COUNTERS, NULL, error, "sysfs-path", sysfs_path,
                         "device-name", device_name, "port-num", port_num, NULL);
}

/**
 * gverbs_port_counters_get_device_name:
 * @self: a #GVerbsPortCounters
 *
 * Gets the name of the device whose port is sampled, such as `rxe0`.
 *
 * Returns: the device name
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (const char *, gverbs_port_counters_get_device_name,
                      GVerbsPortCounters, GVERBS_IS_PORT_COUNTERS, NULL, self->device_name)

/**
 * gverbs_port_counters_get_port_num:
 * @self: a #GVerbsPortCounters
 *
 * Gets the number of the sampled port, from 1.
 *
 * Returns: the port number
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_port_counters_get_port_num,
                      GVerbsPortCounters, GVERBS_IS_PORT_COUNTERS, 0, self->port_num)

/* Reads every counter file of @subdir into @table; files that cannot be
 * read (a counter the device does not implement answers EINVAL) or that
 * hold no number are left out. */
static void
read_dir (GVerbsPortCounters *self,
          const char         *subdir,
          GHashTable         *table)
{
  g_autofree char *path = g_build_filename (self->port_dir, subdir, NULL);
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *file = NULL;
      g_autofree char *text = NULL;
      guint64 *value;
      char *end = NULL;

      if (g_str_equal (name, "lifespan"))   /* a setting, not a counter */
        continue;
      file = g_build_filename (path, name, NULL);
      if (!g_file_get_contents (file, &text, NULL, NULL))
        continue;
      g_strstrip (text);
      if (text[0] == '\0' || !g_ascii_isdigit (text[0]))
        continue;
      errno = 0;
      value = g_new (guint64, 1);
      *value = g_ascii_strtoull (text, &end, 10);
      if (errno != 0 || *end != '\0')
        {
          g_free (value);
          continue;
        }
      g_hash_table_replace (table, g_strdup (name), value);
    }
}

static GHashTable *
read_all (GVerbsPortCounters  *self,
          GError             **error)
{
  GHashTable *table;

  if (self->port_dir == NULL)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_INITIALIZED,
                   _("The port counters were not initialized: make them with gverbs_port_counters_new()"));
      return NULL;
    }
  table = new_table ();
  if (!g_file_test (self->port_dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_DEVICE,
                   _("No port %u on RDMA device %s (%s)"), self->port_num, self->device_name,
                   self->port_dir);
      g_hash_table_unref (table);
      return NULL;
    }
  read_dir (self, "counters", table);
  read_dir (self, "hw_counters", table);
  return table;
}

/**
 * gverbs_port_counters_read: (skip)
 * @self: a #GVerbsPortCounters
 * @error: return location for a #GError
 *
 * Reads every counter of the port now, without touching the samples.
 *
 * Returns: (transfer full): a table from counter name to a `guint64 *`,
 *   or %NULL with %GVERBS_ERROR_NO_DEVICE if the device is gone
 *
 * Since: 0.1
 */
GHashTable *
gverbs_port_counters_read (GVerbsPortCounters  *self,
                           GError             **error)
{
  g_return_val_if_fail (GVERBS_IS_PORT_COUNTERS (self), NULL);
  return read_all (self, error);
}

/**
 * gverbs_port_counters_sample:
 * @self: a #GVerbsPortCounters
 * @error: return location for a #GError
 *
 * Reads every counter of the port; the sample before becomes the previous
 * one, from which gverbs_port_counters_get_rate() measures.
 *
 * Returns: %TRUE on success; %FALSE with %GVERBS_ERROR_NO_DEVICE if the
 *   device is gone
 *
 * Since: 0.1
 */
gboolean
gverbs_port_counters_sample (GVerbsPortCounters  *self,
                             GError             **error)
{
  GHashTable *table;

  g_return_val_if_fail (GVERBS_IS_PORT_COUNTERS (self), FALSE);
  table = read_all (self, error);
  if (table == NULL)
    return FALSE;
  g_hash_table_unref (self->previous);
  self->previous = self->current;
  self->previous_time = self->current_time;
  self->current = table;
  self->current_time = g_get_monotonic_time ();
  return TRUE;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

/**
 * gverbs_port_counters_get_names:
 * @self: a #GVerbsPortCounters
 *
 * Lists the counters the last gverbs_port_counters_sample() read, from both
 * `counters` and `hw_counters`.
 *
 * Returns: (transfer full): the names of the counters of the last sample,
 *   sorted
 *
 * Since: 0.1
 */
char **
gverbs_port_counters_get_names (GVerbsPortCounters *self)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;

  g_return_val_if_fail (GVERBS_IS_PORT_COUNTERS (self), NULL);
  g_hash_table_iter_init (&iter, self->current);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (names, g_strdup (key));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

/**
 * gverbs_port_counters_has:
 * @self: a #GVerbsPortCounters
 * @name: a counter name
 *
 * Tells whether the last gverbs_port_counters_sample() read the counter
 * @name.
 *
 * Returns: whether the last sample has the counter @name
 *
 * Since: 0.1
 */
gboolean
gverbs_port_counters_has (GVerbsPortCounters *self,
                          const char         *name)
{
  g_return_val_if_fail (GVERBS_IS_PORT_COUNTERS (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  return g_hash_table_contains (self->current, name);
}

/**
 * gverbs_port_counters_get:
 * @self: a #GVerbsPortCounters
 * @name: a counter name, such as `rcvd_pkts`
 *
 * Gets a counter's raw value as the last gverbs_port_counters_sample() read
 * it from sysfs, in the counter's own unit.
 *
 * Returns: the counter's value in the last sample, 0 if it has none
 *
 * Since: 0.1
 */
guint64
gverbs_port_counters_get (GVerbsPortCounters *self,
                          const char         *name)
{
  const guint64 *value;

  g_return_val_if_fail (GVERBS_IS_PORT_COUNTERS (self), 0);
  g_return_val_if_fail (name != NULL, 0);
  value = g_hash_table_lookup (self->current, name);
  return value ? *value : 0;
}

/**
 * gverbs_port_counters_get_interval:
 * @self: a #GVerbsPortCounters
 *
 * Gets the time between the last two calls of gverbs_port_counters_sample(),
 * over which gverbs_port_counters_get_rate() computes.
 *
 * Returns: the seconds between the last two samples, 0 before there are
 *   two
 *
 * Since: 0.1
 */
double
gverbs_port_counters_get_interval (GVerbsPortCounters *self)
{
  g_return_val_if_fail (GVERBS_IS_PORT_COUNTERS (self), 0);
  if (self->previous_time == 0 || self->current_time <= self->previous_time)
    return 0;
  return (double) (self->current_time - self->previous_time) / G_USEC_PER_SEC;
}

/**
 * gverbs_port_counters_get_rate:
 * @self: a #GVerbsPortCounters
 * @name: a counter name
 *
 * The counter's change per second between the last two samples. A counter
 * that went backwards (reset by the driver) counts from zero.
 *
 * Returns: the rate, 0 before there are two samples or if either lacks
 *   the counter
 *
 * Since: 0.1
 */
double
gverbs_port_counters_get_rate (GVerbsPortCounters *self,
                               const char         *name)
{
  const guint64 *now, *before;
  double interval;

  g_return_val_if_fail (GVERBS_IS_PORT_COUNTERS (self), 0);
  g_return_val_if_fail (name != NULL, 0);
  interval = gverbs_port_counters_get_interval (self);
  now = g_hash_table_lookup (self->current, name);
  before = g_hash_table_lookup (self->previous, name);
  if (interval <= 0 || now == NULL || before == NULL)
    return 0;
  return (double) (*now >= *before ? *now - *before : *now) / interval;
}

/**
 * gverbs_port_counters_to_variant:
 * @self: a #GVerbsPortCounters
 *
 * The last sample as a `a{st}` dictionary (a Python `dict` through the
 * bindings).
 *
 * Returns: (transfer floating): the counters
 *
 * Since: 0.1
 */
GVariant *
gverbs_port_counters_to_variant (GVerbsPortCounters *self)
{
  g_auto(GStrv) names = NULL;
  GVariantBuilder builder;

  g_return_val_if_fail (GVERBS_IS_PORT_COUNTERS (self), NULL);
  names = gverbs_port_counters_get_names (self);
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{st}"));
  for (guint i = 0; names[i] != NULL; i++)
    g_variant_builder_add (&builder, "{st}", names[i], gverbs_port_counters_get (self, names[i]));
  return g_variant_builder_end (&builder);
}
