#include "config.h"

#include <string.h>

#include "gverbs-alloc-dm-attr.h"
#include "gverbs-alloc-dm-attr-private.h"

/**
 * GVerbsAllocDmAttr:
 *
 * How much device memory to allocate (`struct ibv_alloc_dm_attr`, pyverbs'
 * `AllocDmAttr`): the length in bytes, the log2 of the required alignment
 * and a compatibility mask (0).
 */
struct _GVerbsAllocDmAttr
{
  GObject parent_instance;

  guint64 length;
  guint log_align_req;
  guint comp_mask;
};

G_DEFINE_FINAL_TYPE (GVerbsAllocDmAttr, gverbs_alloc_dm_attr, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LENGTH,
  PROP_LOG_ALIGN_REQ,
  PROP_COMP_MASK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
gverbs_alloc_dm_attr_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  GVerbsAllocDmAttr *self = GVERBS_ALLOC_DM_ATTR (object);

  switch (prop_id)
    {
    case PROP_LENGTH:
      g_value_set_uint64 (value, self->length);
      break;
    case PROP_LOG_ALIGN_REQ:
      g_value_set_uint (value, self->log_align_req);
      break;
    case PROP_COMP_MASK:
      g_value_set_uint (value, self->comp_mask);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gverbs_alloc_dm_attr_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  GVerbsAllocDmAttr *self = GVERBS_ALLOC_DM_ATTR (object);

  switch (prop_id)
    {
    case PROP_LENGTH:
      self->length = g_value_get_uint64 (value);
      break;
    case PROP_LOG_ALIGN_REQ:
      self->log_align_req = g_value_get_uint (value);
      break;
    case PROP_COMP_MASK:
      self->comp_mask = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gverbs_alloc_dm_attr_class_init (GVerbsAllocDmAttrClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gverbs_alloc_dm_attr_get_property;
  object_class->set_property = gverbs_alloc_dm_attr_set_property;

  /**
   * GVerbsAllocDmAttr:length:
   *
   * The size of the device memory in bytes.
   */
  properties[PROP_LENGTH] =
    g_param_spec_uint64 ("length", NULL, NULL, 0, G_MAXUINT64, 0,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsAllocDmAttr:log-align-req:
   *
   * The log2 of the required alignment of the memory.
   */
  properties[PROP_LOG_ALIGN_REQ] =
    g_param_spec_uint ("log-align-req", NULL, NULL, 0, G_MAXUINT32, 0,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  /**
   * GVerbsAllocDmAttr:comp-mask:
   *
   * Compatibility mask for future fields; 0.
   */
  properties[PROP_COMP_MASK] =
    g_param_spec_uint ("comp-mask", NULL, NULL, 0, G_MAXUINT32, 0,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gverbs_alloc_dm_attr_init (GVerbsAllocDmAttr *self)
{
}

/**
 * gverbs_alloc_dm_attr_new:
 * @length: the size in bytes
 * @log_align_req: log2 of the required alignment
 * @comp_mask: compatibility mask, 0
 *
 * Creates device memory allocation attributes, in pyverbs' argument order.
 *
 * Returns: (transfer full): the attributes
 */
GVerbsAllocDmAttr *
gverbs_alloc_dm_attr_new (guint64 length,
                          guint   log_align_req,
                          guint   comp_mask)
{
  return g_object_new (GVERBS_TYPE_ALLOC_DM_ATTR, "length", length,
                       "log-align-req", log_align_req, "comp-mask", comp_mask, NULL);
}

/**
 * gverbs_alloc_dm_attr_get_length:
 * @self: a #GVerbsAllocDmAttr
 *
 * Returns: the size in bytes
 */
guint64
gverbs_alloc_dm_attr_get_length (GVerbsAllocDmAttr *self)
{
  g_return_val_if_fail (GVERBS_IS_ALLOC_DM_ATTR (self), 0);
  return self->length;
}

void
_gverbs_alloc_dm_attr_fill (GVerbsAllocDmAttr        *self,
                            struct ibv_alloc_dm_attr *attr)
{
  memset (attr, 0, sizeof *attr);
  attr->length = self->length;
  attr->log_align_req = self->log_align_req;
  attr->comp_mask = self->comp_mask;
}
