#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>

#include "gverbs-cm-buffer.h"
#include "gverbs-cm-buffer-private.h"
#include "gverbs-cm-id-private.h"
#include "gverbs-error.h"

/**
 * GVerbsCMBuffer:
 *
 * Memory that libgverbs allocated (page-aligned, zeroed) and registered for
 * a #GVerbsCMID with `rdma_reg_msgs()`, `rdma_reg_read()` or
 * `rdma_reg_write()`: what gverbs_cm_id_reg_msgs() returns and the
 * `post_*` calls take. Its interface is that of a memory region:
 * gverbs_cm_buffer_write(), gverbs_cm_buffer_read(), the address, length
 * and keys. It keeps its #GVerbsCMID alive; closing the CMID closes it.
 */
struct _GVerbsCMBuffer
{
  GObject parent_instance;

  GVerbsCMID *cm_id;
  guint8 *buf;
  gsize length;
  struct ibv_mr *mr;
};

G_DEFINE_FINAL_TYPE (GVerbsCMBuffer, gverbs_cm_buffer, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ADDR,
  PROP_LENGTH,
  PROP_LKEY,
  PROP_RKEY,
  PROP_CLOSED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
close_as_child (gpointer object)
{
  gverbs_cm_buffer_close (GVERBS_CM_BUFFER (object), NULL);
}

static void
gverbs_cm_buffer_dispose (GObject *object)
{
  GVerbsCMBuffer *self = GVERBS_CM_BUFFER (object);

  gverbs_cm_buffer_close (self, NULL);
  g_clear_object (&self->cm_id);
  G_OBJECT_CLASS (gverbs_cm_buffer_parent_class)->dispose (object);
}

static void
gverbs_cm_buffer_finalize (GObject *object)
{
  GVerbsCMBuffer *self = GVERBS_CM_BUFFER (object);

  free (self->buf);
  G_OBJECT_CLASS (gverbs_cm_buffer_parent_class)->finalize (object);
}

static void
gverbs_cm_buffer_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  GVerbsCMBuffer *self = GVERBS_CM_BUFFER (object);

  switch (prop_id)
    {
    case PROP_ADDR:
      g_value_set_uint64 (value, gverbs_cm_buffer_get_addr (self));
      break;
    case PROP_LENGTH:
      g_value_set_uint64 (value, self->length);
      break;
    case PROP_LKEY:
      g_value_set_uint (value, gverbs_cm_buffer_get_lkey (self));
      break;
    case PROP_RKEY:
      g_value_set_uint (value, gverbs_cm_buffer_get_rkey (self));
      break;
    case PROP_CLOSED:
      g_value_set_boolean (value, self->mr == NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gverbs_cm_buffer_class_init (GVerbsCMBufferClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags readable = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->dispose = gverbs_cm_buffer_dispose;
  object_class->finalize = gverbs_cm_buffer_finalize;
  object_class->get_property = gverbs_cm_buffer_get_property;

  /**
   * GVerbsCMBuffer:addr:
   *
   * The address of the buffer (what a peer uses as remote address), 0 when closed.
   */
  properties[PROP_ADDR] = g_param_spec_uint64 ("addr", NULL, NULL, 0, G_MAXUINT64, 0, readable);
  /**
   * GVerbsCMBuffer:length:
   *
   * The length of the buffer in bytes.
   */
  properties[PROP_LENGTH] = g_param_spec_uint64 ("length", NULL, NULL, 0, G_MAXUINT64, 0, readable);
  /**
   * GVerbsCMBuffer:lkey:
   *
   * The local key of the registration, 0 when closed.
   */
  properties[PROP_LKEY] = g_param_spec_uint ("lkey", NULL, NULL, 0, G_MAXUINT32, 0, readable);
  /**
   * GVerbsCMBuffer:rkey:
   *
   * The remote key of the registration, 0 when closed.
   */
  properties[PROP_RKEY] = g_param_spec_uint ("rkey", NULL, NULL, 0, G_MAXUINT32, 0, readable);
  /**
   * GVerbsCMBuffer:closed:
   *
   * Whether the buffer is deregistered.
   */
  properties[PROP_CLOSED] = g_param_spec_boolean ("closed", NULL, NULL, TRUE, readable);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gverbs_cm_buffer_init (GVerbsCMBuffer *self)
{
}

GVerbsCMBuffer *
_gverbs_cm_buffer_new (GVerbsCMID          *cm_id,
                       struct rdma_cm_id   *id,
                       gsize                size,
                       GVerbsCMBufferKind   kind,
                       GError             **error)
{
  static const char *calls[] = { "rdma_reg_msgs", "rdma_reg_read", "rdma_reg_write" };
  g_autoptr(GVerbsCMBuffer) self = NULL;
  long page = sysconf (_SC_PAGESIZE);
  void *buf = NULL;

  if (size == 0 || size > G_MAXSIZE - (gsize) page)
    {
      _gverbs_set_error_errno (error, EINVAL, calls[kind], _gverbs_cm_id_describe (cm_id),
                               _("buffer size %" G_GSIZE_FORMAT " is out of range"), size);
      return NULL;
    }
  if (id->pd == NULL)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                   _("%s on %s: the identifier has no protection domain yet (create its QP first)"),
                   calls[kind], _gverbs_cm_id_describe (cm_id));
      return NULL;
    }
  if (posix_memalign (&buf, page, size) != 0)
    {
      _gverbs_set_error_errno (error, ENOMEM, calls[kind], _gverbs_cm_id_describe (cm_id), NULL);
      return NULL;
    }
  memset (buf, 0, size);

  self = g_object_new (GVERBS_TYPE_CM_BUFFER, NULL);
  self->buf = buf;
  self->length = size;
  errno = 0;
  switch (kind)
    {
    case GVERBS_CM_BUFFER_MSGS:
      self->mr = rdma_reg_msgs (id, buf, size);
      break;
    case GVERBS_CM_BUFFER_READ:
      self->mr = rdma_reg_read (id, buf, size);
      break;
    case GVERBS_CM_BUFFER_WRITE:
      self->mr = rdma_reg_write (id, buf, size);
      break;
    }
  if (self->mr == NULL)
    {
      _gverbs_set_error_errno (error, errno ? errno : ENOMEM, calls[kind],
                               _gverbs_cm_id_describe (cm_id),
                               _("%" G_GSIZE_FORMAT " bytes"), size);
      return NULL;
    }
  self->cm_id = g_object_ref (cm_id);
  _gverbs_cm_id_add_child (cm_id, self, close_as_child);
  return g_steal_pointer (&self);
}

gboolean
_gverbs_cm_buffer_range (GVerbsCMBuffer  *self,
                         gsize            offset,
                         gsize            length,
                         void           **addr,
                         struct ibv_mr  **mr,
                         GError         **error)
{
  if (self->mr == NULL)
    return _gverbs_set_closed_error (error, "GVerbsCMBuffer");
  if (offset > self->length || length > self->length - offset)
    {
      g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
                   _("%" G_GSIZE_FORMAT " bytes at offset %" G_GSIZE_FORMAT
                     " do not fit in a buffer of %" G_GSIZE_FORMAT " bytes"),
                   length, offset, self->length);
      return FALSE;
    }
  if (addr != NULL)
    *addr = self->buf + offset;
  if (mr != NULL)
    *mr = self->mr;
  return TRUE;
}

/**
 * gverbs_cm_buffer_write:
 * @self: a #GVerbsCMBuffer
 * @data: (array length=length): the bytes to copy in
 * @length: how many bytes
 * @offset: where in the buffer
 * @error: return location for a #GError
 *
 * Copies bytes into the buffer. A range past the end gives
 * %GVERBS_ERROR_OUT_OF_RANGE.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_cm_buffer_write (GVerbsCMBuffer  *self,
                        const guint8    *data,
                        gsize            length,
                        gsize            offset,
                        GError         **error)
{
  void *addr;

  g_return_val_if_fail (GVERBS_IS_CM_BUFFER (self), FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (!_gverbs_cm_buffer_range (self, offset, length, &addr, NULL, error))
    return FALSE;
  if (length > 0)
    memcpy (addr, data, length);
  return TRUE;
}

/**
 * gverbs_cm_buffer_read:
 * @self: a #GVerbsCMBuffer
 * @length: how many bytes
 * @offset: where in the buffer
 * @error: return location for a #GError
 *
 * Copies bytes out of the buffer. A range past the end gives
 * %GVERBS_ERROR_OUT_OF_RANGE.
 *
 * Returns: (transfer full): the bytes, or %NULL on error
 */
GBytes *
gverbs_cm_buffer_read (GVerbsCMBuffer  *self,
                       gsize            length,
                       gsize            offset,
                       GError         **error)
{
  void *addr;

  g_return_val_if_fail (GVERBS_IS_CM_BUFFER (self), NULL);

  if (!_gverbs_cm_buffer_range (self, offset, length, &addr, NULL, error))
    return NULL;
  return g_bytes_new (addr, length);
}

/**
 * gverbs_cm_buffer_get_addr:
 * @self: a #GVerbsCMBuffer
 *
 * Returns: the buffer's address, 0 when closed
 */
guint64
gverbs_cm_buffer_get_addr (GVerbsCMBuffer *self)
{
  g_return_val_if_fail (GVERBS_IS_CM_BUFFER (self), 0);
  return self->mr ? (guint64) (guintptr) self->buf : 0;
}

/**
 * gverbs_cm_buffer_get_length:
 * @self: a #GVerbsCMBuffer
 *
 * Returns: the buffer's length in bytes
 */
gsize
gverbs_cm_buffer_get_length (GVerbsCMBuffer *self)
{
  g_return_val_if_fail (GVERBS_IS_CM_BUFFER (self), 0);
  return self->length;
}

/**
 * gverbs_cm_buffer_get_lkey:
 * @self: a #GVerbsCMBuffer
 *
 * Returns: the local key, 0 when closed
 */
guint32
gverbs_cm_buffer_get_lkey (GVerbsCMBuffer *self)
{
  g_return_val_if_fail (GVERBS_IS_CM_BUFFER (self), 0);
  return self->mr ? self->mr->lkey : 0;
}

/**
 * gverbs_cm_buffer_get_rkey:
 * @self: a #GVerbsCMBuffer
 *
 * Returns: the remote key, 0 when closed
 */
guint32
gverbs_cm_buffer_get_rkey (GVerbsCMBuffer *self)
{
  g_return_val_if_fail (GVERBS_IS_CM_BUFFER (self), 0);
  return self->mr ? self->mr->rkey : 0;
}

/**
 * gverbs_cm_buffer_close:
 * @self: a #GVerbsCMBuffer
 * @error: return location for a #GError
 *
 * Deregisters the buffer (`rdma_dereg_mr()`). Closing a closed buffer does
 * nothing.
 *
 * Returns: %TRUE on success
 */
gboolean
gverbs_cm_buffer_close (GVerbsCMBuffer  *self,
                        GError         **error)
{
  int rc;

  g_return_val_if_fail (GVERBS_IS_CM_BUFFER (self), FALSE);

  if (self->mr == NULL)
    return TRUE;
  rc = rdma_dereg_mr (self->mr);
  self->mr = NULL;
  _gverbs_cm_id_remove_child (self->cm_id, self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOSED]);
  if (rc != 0)
    {
      _gverbs_set_error_errno (error, errno, "rdma_dereg_mr", _gverbs_cm_id_describe (self->cm_id),
                               NULL);
      return FALSE;
    }
  return TRUE;
}

/**
 * gverbs_cm_buffer_is_closed:
 * @self: a #GVerbsCMBuffer
 *
 * Returns: whether the buffer is deregistered
 */
gboolean
gverbs_cm_buffer_is_closed (GVerbsCMBuffer *self)
{
  g_return_val_if_fail (GVERBS_IS_CM_BUFFER (self), TRUE);
  return self->mr == NULL;
}
