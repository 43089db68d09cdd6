/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <errno.h>
#include <netdb.h>
#include <string.h>
#include <arpa/inet.h>
#include <glib/gi18n-lib.h>

#include "gverbs-addr-info.h"
#include "gverbs-addr-info-private.h"
#include "gverbs-enum-types.h"
#include "gverbs-error.h"
#include "gverbs-error-private.h"
#include "gverbs-private.h"

G_STATIC_ASSERT ((int) GVERBS_RDMA_PS_IPOIB == (int) RDMA_PS_IPOIB);
G_STATIC_ASSERT ((int) GVERBS_RDMA_PS_TCP == (int) RDMA_PS_TCP);
G_STATIC_ASSERT ((int) GVERBS_RDMA_PS_UDP == (int) RDMA_PS_UDP);
G_STATIC_ASSERT ((int) GVERBS_RDMA_PS_IB == (int) RDMA_PS_IB);
G_STATIC_ASSERT (GVERBS_RAI_PASSIVE == RAI_PASSIVE);
G_STATIC_ASSERT (GVERBS_RAI_NUMERICHOST == RAI_NUMERICHOST);
G_STATIC_ASSERT (GVERBS_RAI_NOROUTE == RAI_NOROUTE);
G_STATIC_ASSERT (GVERBS_RAI_FAMILY == RAI_FAMILY);
G_STATIC_ASSERT ((int) GVERBS_RDMA_CM_EVENT_ADDR_RESOLVED == (int) RDMA_CM_EVENT_ADDR_RESOLVED);
G_STATIC_ASSERT ((int) GVERBS_RDMA_CM_EVENT_ADDR_ERROR == (int) RDMA_CM_EVENT_ADDR_ERROR);
G_STATIC_ASSERT ((int) GVERBS_RDMA_CM_EVENT_ROUTE_RESOLVED == (int) RDMA_CM_EVENT_ROUTE_RESOLVED);
G_STATIC_ASSERT ((int) GVERBS_RDMA_CM_EVENT_ROUTE_ERROR == (int) RDMA_CM_EVENT_ROUTE_ERROR);
G_STATIC_ASSERT ((int) GVERBS_RDMA_CM_EVENT_CONNECT_REQUEST == (int) RDMA_CM_EVENT_CONNECT_REQUEST);
G_STATIC_ASSERT ((int) GVERBS_RDMA_CM_EVENT_CONNECT_RESPONSE == (int) RDMA_CM_EVENT_CONNECT_RESPONSE);
G_STATIC_ASSERT ((int) GVERBS_RDMA_CM_EVENT_CONNECT_ERROR == (int) RDMA_CM_EVENT_CONNECT_ERROR);
G_STATIC_ASSERT ((int) GVERBS_RDMA_CM_EVENT_UNREACHABLE == (int) RDMA_CM_EVENT_UNREACHABLE);
G_STATIC_ASSERT ((int) GVERBS_RDMA_CM_EVENT_REJECTED == (int) RDMA_CM_EVENT_REJECTED);
G_STATIC_ASSERT ((int) GVERBS_RDMA_CM_EVENT_ESTABLISHED == (int) RDMA_CM_EVENT_ESTABLISHED);
G_STATIC_ASSERT ((int) GVERBS_RDMA_CM_EVENT_DISCONNECTED == (int) RDMA_CM_EVENT_DISCONNECTED);
G_STATIC_ASSERT ((int) GVERBS_RDMA_CM_EVENT_DEVICE_REMOVAL == (int) RDMA_CM_EVENT_DEVICE_REMOVAL);
G_STATIC_ASSERT ((int) GVERBS_RDMA_CM_EVENT_MULTICAST_JOIN == (int) RDMA_CM_EVENT_MULTICAST_JOIN);
G_STATIC_ASSERT ((int) GVERBS_RDMA_CM_EVENT_MULTICAST_ERROR == (int) RDMA_CM_EVENT_MULTICAST_ERROR);
G_STATIC_ASSERT ((int) GVERBS_RDMA_CM_EVENT_ADDR_CHANGE == (int) RDMA_CM_EVENT_ADDR_CHANGE);
G_STATIC_ASSERT ((int) GVERBS_RDMA_CM_EVENT_TIMEWAIT_EXIT == (int) RDMA_CM_EVENT_TIMEWAIT_EXIT);
G_STATIC_ASSERT ((int) GVERBS_RDMA_OPTION_ID_TOS == (int) RDMA_OPTION_ID_TOS);
G_STATIC_ASSERT ((int) GVERBS_RDMA_OPTION_ID_REUSEADDR == (int) RDMA_OPTION_ID_REUSEADDR);
G_STATIC_ASSERT ((int) GVERBS_RDMA_OPTION_ID_AFONLY == (int) RDMA_OPTION_ID_AFONLY);
G_STATIC_ASSERT ((int) GVERBS_RDMA_OPTION_ID_ACK_TIMEOUT == (int) RDMA_OPTION_ID_ACK_TIMEOUT);

/**
 * GVerbsAddrInfo:
 *
 * The result of `rdma_getaddrinfo()`: the source and destination addresses
 * (and port space) that a #GVerbsCMID binds to, listens on or connects to.
 *
 * It is built like pyverbs' `AddrInfo(src, dst, src_service, dst_service,
 * port_space, flags)`: with %GVERBS_RAI_PASSIVE it describes the address a
 * listener binds to (@src and @src_service); otherwise the destination to
 * connect to, bound to @src when @src is given. An address that cannot be
 * resolved fails initialization with a #GError.
 *
 * When to use it: to tell a #GVerbsCMID (or gverbs_cm_id_new()) which
 * address and port to listen on or connect to; host names and numeric
 * addresses both work.
 *
 * ```c
 * // where a listener binds
 * g_autoptr(GVerbsAddrInfo) server = gverbs_addr_info_new ("0.0.0.0", NULL, "7471", NULL,
 *                                                          GVERBS_RDMA_PS_TCP, GVERBS_RAI_PASSIVE,
 *                                                          &error);
 * g_autoptr(GVerbsAddrInfo) client = NULL;
 *
 * if (server == NULL)
 *   return;
 * // the peer a client connects to
 * client = gverbs_addr_info_new (NULL, "192.0.2.1", NULL, "7471", GVERBS_RDMA_PS_TCP, 0, &error);
 * if (client != NULL)
 *   g_print ("port %u\n", gverbs_addr_info_get_dst_port (client));
 * ```
 *
 * Python: `Verbs.AddrInfo(src=None, dst='192.0.2.1', dst_service='7471')`, pyverbs'
 * keywords.
 *
 * Since: 0.1
 */
struct _GVerbsAddrInfo
{
  GObject parent_instance;

  char *src;
  char *dst;
  char *src_service;
  char *dst_service;
  GVerbsPortSpace port_space;
  GVerbsAddrInfoFlags flags;
  struct rdma_addrinfo *rai;
  gboolean initialized;
  GError *init_error;
};

static gboolean gverbs_addr_info_initable_init (GInitable     *initable,
                                                GCancellable  *cancellable,
                                                GError       **error);

G_DEFINE_FINAL_TYPE_WITH_CODE (GVerbsAddrInfo, gverbs_addr_info, G_TYPE_OBJECT,
                               GVERBS_IMPLEMENT_INITABLE (gverbs_addr_info_initable_init))

char *
_gverbs_sockaddr_to_string (const struct sockaddr *sa)
{
  char text[INET6_ADDRSTRLEN];

  if (sa == NULL)
    return NULL;
  if (sa->sa_family == AF_INET &&
      inet_ntop (AF_INET, &((const struct sockaddr_in *) sa)->sin_addr, text, sizeof text))
    return g_strdup (text);
  if (sa->sa_family == AF_INET6 &&
      inet_ntop (AF_INET6, &((const struct sockaddr_in6 *) sa)->sin6_addr, text, sizeof text))
    return g_strdup (text);
  return NULL;
}

guint
_gverbs_sockaddr_get_port (const struct sockaddr *sa)
{
  if (sa == NULL)
    return 0;
  if (sa->sa_family == AF_INET)
    return ntohs (((const struct sockaddr_in *) sa)->sin_port);
  if (sa->sa_family == AF_INET6)
    return ntohs (((const struct sockaddr_in6 *) sa)->sin6_port);
  return 0;
}

/* rdma_getaddrinfo() returns -1 with errno, or a getaddrinfo() EAI_* code. */
static void
set_getaddrinfo_error (GError     **error,
                       int          rc,
                       int          err_no,
                       const char  *node,
                       const char  *service)
{
  const char *what_node = node ? node : "";
  const char *what_service = service ? service : "";

  if ((rc == -1 && err_no != 0) || rc == EAI_SYSTEM)
    {
      _gverbs_set_error_errno (error, err_no ? err_no : EINVAL, "rdma_getaddrinfo", NULL,
                               _("node “%s”, service “%s”"), what_node, what_service);
      return;
    }
  g_set_error (error, GVERBS_ERROR,
               (rc == EAI_NONAME || rc == EAI_SERVICE || rc == EAI_FAMILY || rc == EAI_AGAIN)
                 ? GVERBS_ERROR_NOT_FOUND : GVERBS_ERROR_INVALID_ARGUMENT,
               _("rdma_getaddrinfo: %s: node “%s”, service “%s”"),
               gai_strerror (rc), what_node, what_service);
}

/* getaddrinfo() reads a numeric service with strtoul() and truncates it to
 * 16 bits ("65536" and "-1" are ports 0 and 65535), and takes "" as port 0:
 * a service that is not a name must be a decimal port 0-65535. */
static gboolean
check_service (const char  *service,
               GError     **error)
{
  guint64 port;

  if (service == NULL || g_ascii_isalpha (service[0]))
    return TRUE;
  for (const char *c = service; *c != '\0'; c++)
    if (!g_ascii_isdigit (*c))
      goto bad;
  if (service[0] != '\0' && strlen (service) <= 5 &&
      g_ascii_string_to_unsigned (service, 10, 0, G_MAXUINT16, &port, NULL))
    return TRUE;
bad:
  g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
               _("Service “%s” is neither a port number 0–65535 nor a service name"), service);
  return FALSE;
}

static gboolean
resolve (GVerbsAddrInfo  *self,
         GError         **error)
{
  struct rdma_addrinfo hints = { 0 };
  struct rdma_addrinfo *src_rai = NULL;
  int rc;

  if (self->src == NULL && self->dst == NULL && self->src_service == NULL &&
      self->dst_service == NULL)
    {
      g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                           _("An AddrInfo needs an address or a service"));
      return FALSE;
    }
  if (!check_service (self->src_service, error) || !check_service (self->dst_service, error))
    return FALSE;

  hints.ai_port_space = self->port_space;
  hints.ai_flags = self->flags;
  if (self->port_space == GVERBS_RDMA_PS_UDP || self->port_space == GVERBS_RDMA_PS_IPOIB)
    hints.ai_qp_type = IBV_QPT_UD;
  else if (self->port_space == GVERBS_RDMA_PS_TCP)
    hints.ai_qp_type = IBV_QPT_RC;

  if (self->flags & GVERBS_RAI_PASSIVE)
    {
      errno = 0;
      rc = rdma_getaddrinfo (self->src, self->src_service, &hints, &self->rai);
      if (rc != 0)
        {
          set_getaddrinfo_error (error, rc, errno, self->src, self->src_service);
          self->rai = NULL;
          return FALSE;
        }
      return TRUE;
    }

  if (self->src != NULL)
    {
      hints.ai_flags |= RAI_PASSIVE;
      errno = 0;
      rc = rdma_getaddrinfo (self->src, self->src_service, &hints, &src_rai);
      if (rc != 0)
        {
          set_getaddrinfo_error (error, rc, errno, self->src, self->src_service);
          return FALSE;
        }
      hints.ai_src_addr = src_rai->ai_src_addr;
      hints.ai_src_len = src_rai->ai_src_len;
      hints.ai_flags &= ~RAI_PASSIVE;
    }
  errno = 0;
  rc = rdma_getaddrinfo (self->dst, self->dst_service, &hints, &self->rai);
  if (rc != 0)
    {
      set_getaddrinfo_error (error, rc, errno, self->dst, self->dst_service);
      self->rai = NULL;
    }
  if (src_rai != NULL)
    rdma_freeaddrinfo (src_rai);
  return rc == 0;
}

static gboolean
gverbs_addr_info_initable_init (GInitable     *initable,
                                GCancellable  *cancellable,
                                GError       **error)
{
  GVerbsAddrInfo *self = GVERBS_ADDR_INFO (initable);

  if (!self->initialized)
    {
      self->initialized = TRUE;
      resolve (self, &self->init_error);
    }
  return _gverbs_init_result (self->init_error, error);
}

static const GVerbsField fields[] = {
  /**
   * GVerbsAddrInfo:src-address:
   *
   * The resolved source address as text, %NULL if there is none.
   */
  GVERBS_PROP_GETTER ("src-address", GVERBS_FIELD_OWNED_STRING, NULL, 0, 0, G_PARAM_READABLE,
                      gverbs_addr_info_dup_src_address),
  /**
   * GVerbsAddrInfo:dst-address:
   *
   * The resolved destination address as text, %NULL if there is none.
   */
  GVERBS_PROP_GETTER ("dst-address", GVERBS_FIELD_OWNED_STRING, NULL, 0, 0, G_PARAM_READABLE,
                      gverbs_addr_info_dup_dst_address),
  /**
   * GVerbsAddrInfo:src-port:
   *
   * The resolved source port, 0 if none.
   */
  GVERBS_PROP_GETTER ("src-port", GVERBS_FIELD_UINT, NULL, G_MAXUINT16, 0, G_PARAM_READABLE,
                      gverbs_addr_info_get_src_port),
  /**
   * GVerbsAddrInfo:dst-port:
   *
   * The resolved destination port, 0 if none.
   */
  GVERBS_PROP_GETTER ("dst-port", GVERBS_FIELD_UINT, NULL, G_MAXUINT16, 0, G_PARAM_READABLE,
                      gverbs_addr_info_get_dst_port),
  /**
   * GVerbsAddrInfo:src:
   *
   * The source (local) node: a host name or a numeric IPv4/IPv6 address.
   */
  GVERBS_PROP_STRING (GVerbsAddrInfo, src, "src", GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsAddrInfo:dst:
   *
   * The destination node: a host name or a numeric IPv4/IPv6 address.
   */
  GVERBS_PROP_STRING (GVerbsAddrInfo, dst, "dst", GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsAddrInfo:src-service:
   *
   * The source service: a port number 0–65535 as text, such as `"7471"`, or
   * a service name; anything else (`""`, `"65536"`) is refused.
   */
  GVERBS_PROP_STRING (GVerbsAddrInfo, src_service, "src-service", GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsAddrInfo:dst-service:
   *
   * The destination service: a port number 0–65535 as text, such as `"7471"`, or
   * a service name; anything else (`""`, `"65536"`) is refused.
   */
  GVERBS_PROP_STRING (GVerbsAddrInfo, dst_service, "dst-service", GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsAddrInfo:port-space:
   *
   * The rdma_cm port space.
   */
  GVERBS_PROP_ENUM (GVerbsAddrInfo, port_space, "port-space", gverbs_port_space_get_type,
                    GVERBS_RDMA_PS_TCP, GVERBS_PROP_CONSTRUCT_ONLY),
  /**
   * GVerbsAddrInfo:flags:
   *
   * The hint flags (%GVERBS_RAI_PASSIVE for a listener).
   */
  GVERBS_PROP_FLAGS (GVerbsAddrInfo, flags, "flags", gverbs_addr_info_flags_get_type,
                     GVERBS_RAI_NONE, GVERBS_PROP_CONSTRUCT_ONLY),
};

static void
gverbs_addr_info_finalize (GObject *object)
{
  GVerbsAddrInfo *self = GVERBS_ADDR_INFO (object);

  g_clear_pointer (&self->rai, rdma_freeaddrinfo);
  g_clear_error (&self->init_error);
  _gverbs_properties_clear (self, fields, G_N_ELEMENTS (fields));
  G_OBJECT_CLASS (gverbs_addr_info_parent_class)->finalize (object);
}

GVERBS_DEFINE_PROPERTIES_CLASS_INIT (GVerbsAddrInfo, gverbs_addr_info, fields, NULL)

static void
gverbs_addr_info_init (GVerbsAddrInfo *self)
{
  self->port_space = GVERBS_RDMA_PS_TCP;
}

/**
 * gverbs_addr_info_new:
 * @src: (nullable): the source node, or %NULL
 * @dst: (nullable): the destination node, or %NULL
 * @src_service: (nullable): the source service (port), or %NULL
 * @dst_service: (nullable): the destination service (port), or %NULL
 * @port_space: the port space
 * @flags: hint flags; %GVERBS_RAI_PASSIVE for a listener
 * @error: return location for a #GError
 *
 * Resolves addresses with `rdma_getaddrinfo()`. @flags with a bit that no
 * #GVerbsAddrInfoFlags value names, or a @port_space that is not a
 * #GVerbsPortSpace, is %GVERBS_ERROR_INVALID_ARGUMENT. An unknown host or service
 * gives %GVERBS_ERROR_NOT_FOUND; a host without RDMA devices
 * %GVERBS_ERROR_NO_DEVICE.
 *
 * Returns: (transfer full): the address information, or %NULL on error
 *
 * Since: 0.1
 */
GVerbsAddrInfo *
gverbs_addr_info_new (const char           *src,
                      const char           *dst,
                      const char           *src_service,
                      const char           *dst_service,
                      GVerbsPortSpace       port_space,
                      GVerbsAddrInfoFlags   flags,
                      GError              **error)
{
  if (!_gverbs_check_flags (GVERBS_TYPE_ADDR_INFO_FLAGS, flags, "rdma_getaddrinfo", "flags", error) ||
      !_gverbs_check_enum (GVERBS_TYPE_PORT_SPACE, port_space, "rdma_getaddrinfo", "port space", error))
    return NULL;
  return g_initable_new (GVERBS_TYPE_ADDR_INFO, NULL, error,
                         "src", src, "dst", dst,
                         "src-service", src_service, "dst-service", dst_service,
                         "port-space", port_space, "flags", flags, NULL);
}

/**
 * gverbs_addr_info_get_port_space:
 * @self: a #GVerbsAddrInfo
 *
 * Gets the port space.
 *
 * Returns: the port space
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsPortSpace, gverbs_addr_info_get_port_space,
                      GVerbsAddrInfo, GVERBS_IS_ADDR_INFO, GVERBS_RDMA_PS_TCP, self->port_space)

/**
 * gverbs_addr_info_get_flags:
 * @self: a #GVerbsAddrInfo
 *
 * Gets the hint flags.
 *
 * Returns: the hint flags
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (GVerbsAddrInfoFlags, gverbs_addr_info_get_flags,
                      GVerbsAddrInfo, GVERBS_IS_ADDR_INFO, GVERBS_RAI_NONE, self->flags)

/**
 * gverbs_addr_info_dup_src_address:
 * @self: a #GVerbsAddrInfo
 *
 * Gets the resolved source address, formatted as text.
 *
 * Returns: (transfer full) (nullable): the resolved source address as text
 *
 * Since: 0.1
 */
char *
gverbs_addr_info_dup_src_address (GVerbsAddrInfo *self)
{
  g_return_val_if_fail (GVERBS_IS_ADDR_INFO (self), NULL);
  return self->rai ? _gverbs_sockaddr_to_string (self->rai->ai_src_addr) : NULL;
}

/**
 * gverbs_addr_info_dup_dst_address:
 * @self: a #GVerbsAddrInfo
 *
 * Gets the resolved destination address, formatted as text.
 *
 * Returns: (transfer full) (nullable): the resolved destination address as text
 *
 * Since: 0.1
 */
char *
gverbs_addr_info_dup_dst_address (GVerbsAddrInfo *self)
{
  g_return_val_if_fail (GVERBS_IS_ADDR_INFO (self), NULL);
  return self->rai ? _gverbs_sockaddr_to_string (self->rai->ai_dst_addr) : NULL;
}

/**
 * gverbs_addr_info_get_src_port:
 * @self: a #GVerbsAddrInfo
 *
 * Gets the resolved source port.
 *
 * Returns: the resolved source port, 0 if none
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_addr_info_get_src_port,
                      GVerbsAddrInfo, GVERBS_IS_ADDR_INFO, 0,
                      self->rai ? _gverbs_sockaddr_get_port (self->rai->ai_src_addr) : 0)

/**
 * gverbs_addr_info_get_dst_port:
 * @self: a #GVerbsAddrInfo
 *
 * Gets the resolved destination port.
 *
 * Returns: the resolved destination port, 0 if none
 *
 * Since: 0.1
 */
GVERBS_DEFINE_GETTER (guint, gverbs_addr_info_get_dst_port,
                      GVerbsAddrInfo, GVERBS_IS_ADDR_INFO, 0,
                      self->rai ? _gverbs_sockaddr_get_port (self->rai->ai_dst_addr) : 0)

struct rdma_addrinfo *
_gverbs_addr_info_get_rai (GVerbsAddrInfo *self)
{
  return self->rai;
}

gboolean
_gverbs_addr_info_check (GVerbsAddrInfo  *self,
                         GError         **error)
{
  if (self->rai != NULL)
    return TRUE;
  if (self->init_error != NULL)
    {
      g_propagate_error (error, g_error_copy (self->init_error));
      return FALSE;
    }
  g_set_error_literal (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT,
                       _("The AddrInfo was not initialized (call g_initable_init())"));
  return FALSE;
}
