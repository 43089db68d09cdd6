#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>

#include "gverbs-context.h"
#include "gverbs-context-private.h"
#include "gverbs-device-attr-private.h"
#include "gverbs-device-private.h"
#include "gverbs-port-attr-private.h"
#include "gverbs-error.h"

/**
 * GVerbsContext:
 *
 * An open RDMA device (`struct ibv_context`), the root of the resource tree:
 * protection domains, completion queues, completion channels and the rest
 * are created from it and keep it alive.
 *
 * A context is opened by name with gverbs_context_new() (which runs
 * g_initable_init()). gverbs_context_close() closes the device and first
 * every object still open under it; afterwards every call on it fails with
 * %GVERBS_ERROR_CLOSED.
 */
struct _GVerbsContext
{
  GObject parent_instance;

  char *name;
  struct ibv_context *ibv;
  GVerbsChildren children;
  gboolean initialized;
  GError *init_error;
};

static void gverbs_context_initable_iface_init (GInitableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GVerbsContext, gverbs_context, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_INITABLE,
                                                      gverbs_context_initable_iface_init))

enum {
  PROP_0,
  PROP_NAME,
  PROP_NUM_COMP_VECTORS,
  PROP_CMD_FD,
  PROP_ASYNC_FD,
  PROP_CLOSED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static char *
available_devices (struct ibv_device **list,
                   int                 n)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) names = NULL;

  for (int i = 0; i < n; i++)
    g_strv_builder_add (builder, ibv_get_device_name (list[i]));
  names = g_strv_builder_end (builder);
  return n > 0 ? g_strjoinv (", ", names) : g_strdup (_("none"));
}

static gboolean
open_device (GVerbsContext  *self,
             GError        **error)
{
  struct ibv_device **list;
  struct ibv_device *found = NULL;
  int n = 0;

  if (!_gverbs_device_list (&list, &n, self->name, error))
    return FALSE;

  for (int i = 0; i < n && found == NULL; i++)
    if (self->name == NULL || g_strcmp0 (ibv_get_device_name (list[i]), self->name) == 0)
      found = list[i];

  if (found == NULL)
    {
      g_autofree char *names = available_devices (list, n);

      if (self->name != NULL)
        g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_DEVICE,
                     _("No RDMA device named “%s” (devices: %s)"), self->name, names);
      else
        g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_NO_DEVICE,
                             _("This host has no RDMA device"));
      _gverbs_device_list_free (list);
      return FALSE;
    }

  if (self->name == NULL)
    self->name = g_strdup (ibv_get_device_name (found));

  errno = 0;
  self->ibv = ibv_open_device (found);
  _gverbs_device_list_free (list);
  if (self->ibv == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : ENODEV, "ibv_open_device", self->name, NULL);
      return FALSE;
    }
  return TRUE;
}

static gboolean
gverbs_context_initable_init (GInitable     *initable,
                              GCancellable  *cancellable,
                              GError       **error)
{
  GVerbsContext *self = GVERBS_CONTEXT (initable);

  if (!self->initialized)
    {
      self->initialized = TRUE;
      open_device (self, &self->init_error);
    }
  if (self->init_error != NULL)
    {
      g_propagate_error (error, g_error_copy (self->init_error));
      return FALSE;
    }
  return TRUE;
}

static void
gverbs_context_initable_iface_init (GInitableIface *iface)
{
  iface->init = gverbs_context_initable_init;
}

static void
gverbs_context_dispose (GObject *object)
{
  gverbs_context_close (GVERBS_CONTEXT (object), NULL);
  G_OBJECT_CLASS (gverbs_context_parent_class)->dispose (object);
}

static void
gverbs_context_finalize (GObject *object)
{
  GVerbsContext *self = GVERBS_CONTEXT (object);

  _gverbs_children_clear (&self->children);
  g_clear_error (&self->init_error);
  g_free (self->name);
  G_OBJECT_CLASS (gverbs_context_parent_class)->finalize (object);
}

static void
gverbs_context_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  GVerbsContext *self = GVERBS_CONTEXT (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_NUM_COMP_VECTORS:
      g_value_set_int (value, self->ibv ? self->ibv->num_comp_vectors : 0);
      break;
    case PROP_CMD_FD:
      g_value_set_int (value, self->ibv ? self->ibv->cmd_fd : -1);
      break;
    case PROP_ASYNC_FD:
      g_value_set_int (value, self->ibv ? self->ibv->async_fd : -1);
      break;
    case PROP_CLOSED:
      g_value_set_boolean (value, self->ibv == NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gverbs_context_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  GVerbsContext *self = GVERBS_CONTEXT (object);

  switch (prop_id)
    {
    case PROP_NAME:
      self->name = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gverbs_context_class_init (GVerbsContextClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gverbs_context_dispose;
  object_class->finalize = gverbs_context_finalize;
  object_class->get_property = gverbs_context_get_property;
  object_class->set_property = gverbs_context_set_property;

  /**
   * GVerbsContext:name:
   *
   * The name of the device to open, such as `rxe0`; %NULL opens the first
   * device. After initialization it is the name of the open device.
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsContext:num-comp-vectors:
   *
   * How many completion vectors (interrupt vectors for CQ events) the device has.
   */
  properties[PROP_NUM_COMP_VECTORS] =
    g_param_spec_int ("num-comp-vectors", NULL, NULL, 0, G_MAXINT, 0,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsContext:cmd-fd:
   *
   * The command file descriptor of the open device (what ibv_import_device()
   * takes), or -1 when closed. It stays owned by the context.
   */
  properties[PROP_CMD_FD] =
    g_param_spec_int ("cmd-fd", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsContext:async-fd:
   *
   * The file descriptor that reports asynchronous device events, or -1 when
   * closed. It stays owned by the context.
   */
  properties[PROP_ASYNC_FD] =
    g_param_spec_int ("async-fd", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsContext:closed:
   *
   * Whether the context is closed (or was never opened).
   */
  properties[PROP_CLOSED] =
    g_param_spec_boolean ("closed", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gverbs_context_init (GVerbsContext *self)
{
}

/**
 * gverbs_context_new:
 * @name: (nullable): the device name, such as `rxe0`; %NULL for the first device
 * @error: return location for a #GError
 *
 * Opens an RDMA device (`ibv_open_device()`). A name that matches no device
 * gives %GVERBS_ERROR_NO_DEVICE with the names of the devices that exist.
 *
 * Returns: (transfer full): the open context, or %NULL on error
 */
GVerbsContext *
gverbs_context_new (const char  *name,
                    GError     **error)
{
  return g_initable_new (GVERBS_TYPE_CONTEXT, NULL, error, "name", name, NULL);
}

/**
 * gverbs_context_get_name:
 * @self: a #GVerbsContext
 *
 * Returns: (nullable): the device name
 */
const char *
gverbs_context_get_name (GVerbsContext *self)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), NULL);
  return self->name;
}

/**
 * gverbs_context_get_num_comp_vectors:
 * @self: a #GVerbsContext
 *
 * Returns: the number of completion vectors, 0 when closed
 */
int
gverbs_context_get_num_comp_vectors (GVerbsContext *self)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), 0);
  return self->ibv ? self->ibv->num_comp_vectors : 0;
}

/**
 * gverbs_context_get_cmd_fd:
 * @self: a #GVerbsContext
 *
 * Returns: the command file descriptor, -1 when closed
 */
int
gverbs_context_get_cmd_fd (GVerbsContext *self)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), -1);
  return self->ibv ? self->ibv->cmd_fd : -1;
}

/**
 * gverbs_context_query_device:
 * @self: a #GVerbsContext
 * @error: return location for a #GError
 *
 * Queries the device's attributes (`ibv_query_device()`).
 *
 * Returns: (transfer full): the attributes, or %NULL on error
 */
GVerbsDeviceAttr *
gverbs_context_query_device (GVerbsContext  *self,
                             GError        **error)
{
  struct ibv_device_attr attr;
  int rc;

  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!_gverbs_context_check_open (self, error))
    return NULL;
  rc = ibv_query_device (self->ibv, &attr);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_query_device", self->name, NULL);
      return NULL;
    }
  return _gverbs_device_attr_new (&attr);
}

/**
 * gverbs_context_query_port:
 * @self: a #GVerbsContext
 * @port_num: the port number, from 1
 * @error: return location for a #GError
 *
 * Queries a port's attributes (`ibv_query_port()`). A port the device does
 * not have gives %GVERBS_ERROR_INVALID_ARGUMENT.
 *
 * Returns: (transfer full): the attributes, or %NULL on error
 */
GVerbsPortAttr *
gverbs_context_query_port (GVerbsContext  *self,
                           guint           port_num,
                           GError        **error)
{
  struct ibv_port_attr attr;
  int rc;

  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!_gverbs_context_check_open (self, error))
    return NULL;
  if (port_num == 0 || port_num > G_MAXUINT8)
    {
      _gverbs_set_error_errno (error, EINVAL, "ibv_query_port", self->name,
                               _("port %u does not exist (ports are numbered from 1)"), port_num);
      return NULL;
    }
  rc = ibv_query_port (self->ibv, (guint8) port_num, &attr);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, rc, "ibv_query_port", self->name, _("port %u"), port_num);
      return NULL;
    }
  return _gverbs_port_attr_new (&attr);
}

/**
 * gverbs_context_close:
 * @self: a #GVerbsContext
 * @error: return location for a #GError
 *
 * Closes the device (`ibv_close_device()`), after closing every object that
 * is still open under it. Closing a closed context does nothing.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_context_close (GVerbsContext  *self,
                      GError        **error)
{
  int rc;

  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), FALSE);

  if (self->ibv == NULL)
    return TRUE;
  _gverbs_children_close_all (&self->children);
  rc = ibv_close_device (self->ibv);
  self->ibv = NULL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOSED]);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, errno, "ibv_close_device", self->name, NULL);
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_context_is_closed:
 * @self: a #GVerbsContext
 *
 * Returns: whether the context is closed
 */
gboolean
gverbs_context_is_closed (GVerbsContext *self)
{
  g_return_val_if_fail (GVERBS_IS_CONTEXT (self), TRUE);
  return self->ibv == NULL;
}

struct ibv_context *
_gverbs_context_get_ibv (GVerbsContext *self)
{
  return self->ibv;
}

gboolean
_gverbs_context_check_open (GVerbsContext  *self,
                            GError        **error)
{
  if (self->ibv != NULL)
    return TRUE;
  if (self->init_error != NULL)
    {
      g_propagate_error (error, g_error_copy (self->init_error));
      return FALSE;
    }
  return _gverbs_set_closed_error (error, self->name ? self->name : "GVerbsContext");
}

void
_gverbs_context_add_child (GVerbsContext   *self,
                           gpointer         child,
                           GVerbsRank       rank,
                           GVerbsCloseFunc  close_func)
{
  _gverbs_children_add (&self->children, child, rank, close_func);
}

void
_gverbs_context_remove_child (GVerbsContext *self,
                              gpointer       child)
{
  _gverbs_children_remove (&self->children, child);
}

GVerbsContext *
_gverbs_context_new_imported (struct ibv_context *ibv)
{
  GVerbsContext *self = g_object_new (GVERBS_TYPE_CONTEXT,
                                      "name", ibv_get_device_name (ibv->device), NULL);

  self->initialized = TRUE;
  self->ibv = ibv;
  return self;
}
