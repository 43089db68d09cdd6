#include "config.h"

#include <endian.h>

#include "gverbs-fields-private.h"

static guint64
read_uint (gconstpointer p,
           gsize         size)
{
  switch (size)
    {
    case 1: return *(const guint8 *) p;
    case 2: return *(const guint16 *) p;
    case 4: return *(const guint32 *) p;
    case 8: return *(const guint64 *) p;
    default: g_assert_not_reached ();
    }
}

static gint64
read_int (gconstpointer p,
          gsize         size)
{
  switch (size)
    {
    case 1: return *(const gint8 *) p;
    case 2: return *(const gint16 *) p;
    case 4: return *(const gint32 *) p;
    case 8: return *(const gint64 *) p;
    default: g_assert_not_reached ();
    }
}

static GParamSpec *
field_pspec (const GVerbsField *field)
{
  g_autofree char *name = g_strdelimit (g_strdup (field->name), "_", '-');
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_NICK | G_PARAM_STATIC_BLURB;
  guint64 max = field->size >= 8 ? G_MAXUINT64 : (G_GUINT64_CONSTANT (1) << (8 * field->size)) - 1;

  switch (field->kind)
    {
    case GVERBS_FIELD_STRING:
      return g_param_spec_string (name, NULL, NULL, NULL, flags);
    case GVERBS_FIELD_GUID:
      return g_param_spec_uint64 (name, NULL, NULL, 0, G_MAXUINT64, 0, flags);
    case GVERBS_FIELD_UINT:
      if (field->size == 8)
        return g_param_spec_uint64 (name, NULL, NULL, 0, G_MAXUINT64, 0, flags);
      return g_param_spec_uint (name, NULL, NULL, 0, (guint) max, 0, flags);
    case GVERBS_FIELD_INT:
      return g_param_spec_int (name, NULL, NULL, G_MININT, G_MAXINT, 0, flags);
    case GVERBS_FIELD_ENUM:
      {
        g_autoptr(GEnumClass) klass = g_type_class_ref (field->type ());

        return g_param_spec_enum (name, NULL, NULL, field->type (),
                                  klass->values[0].value, flags);
      }
    case GVERBS_FIELD_FLAGS:
      return g_param_spec_flags (name, NULL, NULL, field->type (), 0, flags);
    default:
      g_assert_not_reached ();
    }
}

void
_gverbs_fields_install (GObjectClass      *klass,
                        const GVerbsField *fields,
                        guint              n_fields)
{
  for (guint i = 0; i < n_fields; i++)
    g_object_class_install_property (klass, i + 1, field_pspec (&fields[i]));
}

void
_gverbs_fields_get_value (const GVerbsField *fields,
                          guint              n_fields,
                          gconstpointer      base,
                          guint              prop_id,
                          GValue            *value)
{
  const GVerbsField *field;
  const guint8 *p;

  g_return_if_fail (prop_id >= 1 && prop_id <= n_fields);
  field = &fields[prop_id - 1];
  p = (const guint8 *) base + field->offset;

  switch (field->kind)
    {
    case GVERBS_FIELD_STRING:
      g_value_take_string (value, g_strndup ((const char *) p, field->size));
      break;
    case GVERBS_FIELD_GUID:
      g_value_set_uint64 (value, be64toh (*(const guint64 *) p));
      break;
    case GVERBS_FIELD_UINT:
      if (field->size == 8)
        g_value_set_uint64 (value, read_uint (p, field->size));
      else
        g_value_set_uint (value, (guint) read_uint (p, field->size));
      break;
    case GVERBS_FIELD_INT:
      g_value_set_int (value, (int) read_int (p, field->size));
      break;
    case GVERBS_FIELD_ENUM:
      g_value_set_enum (value, (int) read_int (p, field->size));
      break;
    case GVERBS_FIELD_FLAGS:
      g_value_set_flags (value, (guint) read_uint (p, field->size));
      break;
    default:
      g_assert_not_reached ();
    }
}

void
_gverbs_append_row (GString    *out,
                    int         width,
                    const char *label,
                    const char *value)
{
  g_string_append_printf (out, "%-*s: %-20s\n", width, label, value);
}

void
_gverbs_append_int_row (GString    *out,
                        int         width,
                        const char *label,
                        gint64      value)
{
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, value);

  _gverbs_append_row (out, width, label, text);
}
