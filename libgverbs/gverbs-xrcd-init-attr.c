#include "config.h"

#include <string.h>

#include "gverbs-xrcd-init-attr.h"
#include "gverbs-xrcd-init-attr-private.h"
#include "gverbs-enum-types.h"

/**
 * GVerbsXRCDInitAttr:
 *
 * How to open an XRC domain (`struct ibv_xrcd_init_attr`, pyverbs'
 * `XRCDInitAttr`): which fields are valid, the file that names a domain
 * shared between processes (-1 for a private one) and its open flags
 * (`O_CREAT`, `O_EXCL`).
 */
struct _GVerbsXRCDInitAttr
{
  GObject parent_instance;

  GVerbsXRCDInitAttrMask comp_mask;
  int fd;
  int oflags;
};

G_DEFINE_FINAL_TYPE (GVerbsXRCDInitAttr, gverbs_xrcd_init_attr, G_TYPE_OBJECT)

enum {
  ATTR_PROP_0,
  ATTR_PROP_COMP_MASK,
  ATTR_PROP_FD,
  ATTR_PROP_OFLAGS,
  ATTR_N_PROPS
};

static GParamSpec *attr_properties[ATTR_N_PROPS];

static void
gverbs_xrcd_init_attr_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  GVerbsXRCDInitAttr *self = GVERBS_XRCD_INIT_ATTR (object);

  switch (prop_id)
    {
    case ATTR_PROP_COMP_MASK:
      g_value_set_flags (value, self->comp_mask);
      break;
    case ATTR_PROP_FD:
      g_value_set_int (value, self->fd);
      break;
    case ATTR_PROP_OFLAGS:
      g_value_set_int (value, self->oflags);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gverbs_xrcd_init_attr_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  GVerbsXRCDInitAttr *self = GVERBS_XRCD_INIT_ATTR (object);

  switch (prop_id)
    {
    case ATTR_PROP_COMP_MASK:
      self->comp_mask = g_value_get_flags (value);
      break;
    case ATTR_PROP_FD:
      self->fd = g_value_get_int (value);
      break;
    case ATTR_PROP_OFLAGS:
      self->oflags = g_value_get_int (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gverbs_xrcd_init_attr_class_init (GVerbsXRCDInitAttrClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gverbs_xrcd_init_attr_get_property;
  object_class->set_property = gverbs_xrcd_init_attr_set_property;

  /**
   * GVerbsXRCDInitAttr:comp-mask:
   *
   * Which of #GVerbsXRCDInitAttr:fd and #GVerbsXRCDInitAttr:oflags are valid.
   */
  attr_properties[ATTR_PROP_COMP_MASK] =
    g_param_spec_flags ("comp-mask", NULL, NULL, GVERBS_TYPE_XRCD_INIT_ATTR_MASK, 0,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsXRCDInitAttr:fd:
   *
   * An open file that names a shared XRC domain, or -1 for a private one.
   * It stays owned by the caller. Any int is stored (a property range would
   * have GObject drop a value with only a warning); ibv_open_xrcd() refuses
   * a bad descriptor with a #GError.
   */
  attr_properties[ATTR_PROP_FD] =
    g_param_spec_int ("fd", NULL, NULL, G_MININT, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsXRCDInitAttr:oflags:
   *
   * Open flags for the domain: `O_CREAT`, `O_EXCL`. Any int is stored;
   * ibv_open_xrcd() refuses flags it does not know with a #GError.
   */
  attr_properties[ATTR_PROP_OFLAGS] =
    g_param_spec_int ("oflags", NULL, NULL, G_MININT, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, ATTR_N_PROPS, attr_properties);
}

static void
gverbs_xrcd_init_attr_init (GVerbsXRCDInitAttr *self)
{
  self->fd = -1;
}

/**
 * gverbs_xrcd_init_attr_new:
 * @comp_mask: which of @oflags and @fd are valid
 * @oflags: open flags (`O_CREAT`, `O_EXCL`)
 * @fd: a file naming a shared domain, or -1
 *
 * Creates XRC domain attributes, in pyverbs' argument order.
 *
 * Returns: (transfer full): the attributes
 */
GVerbsXRCDInitAttr *
gverbs_xrcd_init_attr_new (GVerbsXRCDInitAttrMask comp_mask,
                           int                    oflags,
                           int                    fd)
{
  return g_object_new (GVERBS_TYPE_XRCD_INIT_ATTR, "comp-mask", comp_mask,
                       "oflags", oflags, "fd", fd, NULL);
}

void
_gverbs_xrcd_init_attr_fill (GVerbsXRCDInitAttr        *self,
                             struct ibv_xrcd_init_attr *attr)
{
  memset (attr, 0, sizeof *attr);
  attr->comp_mask = self->comp_mask;
  attr->fd = self->fd;
  attr->oflags = self->oflags;
}
