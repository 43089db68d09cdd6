/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "gverbs-error.h"
#include "gverbs-private.h"
#include "gverbs-error-private.h"

/**
 * gverbs_error_quark:
 *
 * The error domain of libgverbs' errors, %GVERBS_ERROR.
 *
 * Returns: the quark of the #GVerbsError domain
 *
 * Since: 0.1
 */
G_DEFINE_QUARK (gverbs-error-quark, gverbs_error)
/**
 * gverbs_wc_error_quark:
 *
 * The error domain of failed work completions, %GVERBS_WC_ERROR.
 *
 * Returns: the quark of the #GVerbsWCError domain
 *
 * Since: 0.1
 */
G_DEFINE_QUARK (gverbs-wc-error-quark, gverbs_wc_error)

/**
 * gverbs_error_from_errno:
 * @err_no: an errno value, as rdma-core returns or sets it
 *
 * Maps an errno value to the #GVerbsError code that libgverbs uses for it.
 *
 * Returns: the error code; %GVERBS_ERROR_FAILED for values with no closer match
 *
 * Since: 0.1
 */
GVerbsError
gverbs_error_from_errno (int err_no)
{
  switch (err_no)
    {
    case ENODEV:
    case ENXIO:
      return GVERBS_ERROR_NO_DEVICE;
    case EOPNOTSUPP:
    case ENOSYS:
    case EPROTONOSUPPORT:
      return GVERBS_ERROR_NOT_SUPPORTED;
    case EINVAL:
      return GVERBS_ERROR_INVALID_ARGUMENT;
    case ENOMEM:
    case ENOSPC:
      return GVERBS_ERROR_NO_MEMORY;
    case EPERM:
    case EACCES:
      return GVERBS_ERROR_PERMISSION;
    case EBUSY:
      return GVERBS_ERROR_BUSY;
    case ETIMEDOUT:
      return GVERBS_ERROR_TIMED_OUT;
    case EAGAIN:
      return GVERBS_ERROR_WOULD_BLOCK;
    case ENOENT:
    case ENODATA:
      return GVERBS_ERROR_NOT_FOUND;
    case EEXIST:
      return GVERBS_ERROR_EXISTS;
    case ERANGE:
    case E2BIG:
    case EOVERFLOW:
      return GVERBS_ERROR_OUT_OF_RANGE;
    case EIO:
      return GVERBS_ERROR_IO;
    case ECONNREFUSED:
      return GVERBS_ERROR_CONNECTION_REFUSED;
    case ECONNRESET:
    case ECONNABORTED:
      return GVERBS_ERROR_CONNECTION_RESET;
    case EHOSTUNREACH:
    case ENETUNREACH:
    case EADDRNOTAVAIL:
      return GVERBS_ERROR_HOST_UNREACHABLE;
    case EADDRINUSE:
      return GVERBS_ERROR_ADDRESS_IN_USE;
    case EPROTO:
      return GVERBS_ERROR_PROTOCOL;
    default:
      return GVERBS_ERROR_FAILED;
    }
}

/**
 * gverbs_errno_name:
 * @err_no: an errno value
 *
 * Gives the symbolic name of an errno value, such as `"EINVAL"`.
 *
 * Returns: the name, or %NULL if libgverbs does not know it
 *
 * Since: 0.1
 */
const char *
gverbs_errno_name (int err_no)
{
  switch (err_no)
    {
#define NAME(e) case e: return #e
      NAME (EPERM); NAME (ENOENT); NAME (EINTR); NAME (EIO); NAME (ENXIO);
      NAME (E2BIG); NAME (EBADF); NAME (EAGAIN); NAME (ENOMEM); NAME (EACCES);
      NAME (EFAULT); NAME (EBUSY); NAME (EEXIST); NAME (ENODEV); NAME (EINVAL);
      NAME (ENFILE); NAME (EMFILE); NAME (ENOSPC); NAME (ERANGE); NAME (ENOSYS);
      NAME (EPROTO); NAME (EOVERFLOW); NAME (EPROTONOSUPPORT); NAME (EOPNOTSUPP);
      NAME (EADDRINUSE); NAME (EADDRNOTAVAIL); NAME (ENETUNREACH);
      NAME (ECONNABORTED); NAME (ECONNRESET); NAME (ETIMEDOUT);
      NAME (ECONNREFUSED); NAME (EHOSTUNREACH); NAME (ENOTCONN); NAME (EALREADY);
      NAME (EINPROGRESS); NAME (ENODATA);
#undef NAME
    default:
      return NULL;
    }
}

void
_gverbs_set_error_errno (GError     **error,
                         int          err_no,
                         const char  *call,
                         const char  *object,
                         const char  *detail_format,
                         ...)
{
  g_autofree char *detail = NULL;
  const char *name = gverbs_errno_name (err_no);
  g_autofree char *code = name ? g_strdup (name) : g_strdup_printf ("errno %d", err_no);

  if (error == NULL)
    return;

  if (detail_format != NULL)
    {
      va_list args;

      va_start (args, detail_format);
      detail = g_strdup_vprintf (detail_format, args);
      va_end (args);
    }

  /* TRANSLATORS: "ibv_create_qp on rxe0: Invalid argument (EINVAL)", then
   * optionally ": " and a detail */
  g_set_error (error, GVERBS_ERROR, gverbs_error_from_errno (err_no),
               _("%s on %s: %s (%s)%s%s%s"),
               call, object ? object : _("(no device)"), g_strerror (err_no), code,
               detail ? ": " : "", detail ? detail : "",
               err_no == ENOMEM && _gverbs_call_locks_memory (call)
                 ? _("; check the locked-memory limit (ulimit -l)") : "");
}

/* The calls whose ENOMEM can come from RLIMIT_MEMLOCK: those that pin
 * memory (registration) or allocate and pin queue buffers. A full send or
 * receive queue (ibv_post_*), an address or connection call is never the
 * locked-memory limit, and the hint would mislead. */
gboolean
_gverbs_call_locks_memory (const char *call)
{
  static const char *const prefixes[] = {
    "ibv_reg_", "ibv_rereg_mr", "ibv_create_cq", "ibv_resize_cq", "ibv_create_qp",
    "ibv_create_srq", "ibv_create_wq", "ibv_alloc_dm", "ibv_create_comp_channel",
    "rdma_create_qp", "rdma_create_srq", "rdma_reg_",
  };

  if (call == NULL)
    return FALSE;
  for (gsize i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (g_str_has_prefix (call, prefixes[i]))
      return TRUE;
  return FALSE;
}

gboolean
_gverbs_check_flags (GType        flags_type,
                     guint        value,
                     const char  *call,
                     const char  *what,
                     GError     **error)
{
  g_autoptr(GFlagsClass) klass = g_type_class_ref (flags_type);
  guint unknown = value & ~klass->mask;

  if (unknown == 0)
    return TRUE;
  /* TRANSLATORS: "ibv_reg_mr: access 0x1000007 has bits 0x1000000 that no
   * GVerbsAccessFlags value names" */
  g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
               _("%s: %s 0x%x has bits 0x%x that no %s value names"),
               call, what, value, unknown, g_type_name (flags_type));
  return FALSE;
}

gboolean
_gverbs_check_enum (GType        enum_type,
                    gint64       value,
                    const char  *call,
                    const char  *what,
                    GError     **error)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (enum_type);
  const char *type_name = g_type_name (enum_type);
  g_autofree char *label = NULL;

  if (value >= G_MININT && value <= G_MAXINT && g_enum_get_value (klass, (int) value) != NULL)
    return TRUE;
  /* a property name as the bindings' keyword (static_rate), the type as
   * they name it (Verbs.Rate) */
  label = g_strdelimit (g_strdup (what), "-", '_');
  if (g_str_has_prefix (type_name, "GVerbs"))
    type_name += strlen ("GVerbs");
  /* TRANSLATORS: "rdma_getaddrinfo: port space 7 is not a PortSpace value";
   * without the call when a property is checked */
  g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
               _("%s%s%s %" G_GINT64_FORMAT " is not a %s value"),
               call ? call : "", call ? ": " : "", label, value, type_name);
  return FALSE;
}

/* A post call (ibv_post_send() …) refused work request @index of @n_wrs:
 * those before it were posted. */
void
_gverbs_set_post_error (GError     **error,
                        int          err_no,
                        const char  *call,
                        const char  *object,
                        guint        index,
                        guint        n_wrs,
                        guint64      wr_id)
{
  _gverbs_set_error_errno (error, err_no, call, object,
                           "work request %u of %u (wr_id %" G_GUINT64_FORMAT ") refused, "
                           "%u before it posted", index, n_wrs, wr_id, index);
}

gboolean
_gverbs_set_closed_error (GError     **error,
                          const char  *what)
{
  g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED,
               _("%s is closed"), what);
  return FALSE;
}

/* GVERBS_IMPLEMENT_INITABLE()'s GInterfaceInitFunc: @init_func is the
 * class's init(). */
void
_gverbs_initable_iface_init (gpointer g_iface,
                             gpointer init_func)
{
  ((GInitableIface *) g_iface)->init =
    (gboolean (*) (GInitable *, GCancellable *, GError **)) init_func;
}

/* A GInitable's init(): the error its one creation attempt left, if any. */
gboolean
_gverbs_init_result (const GError  *init_error,
                     GError       **error)
{
  if (init_error == NULL)
    return TRUE;
  g_propagate_error (error, g_error_copy (init_error));
  return FALSE;
}
