/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <endian.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "gverbs-fields-private.h"
#include "gverbs-error-private.h"
#include "gverbs-error.h"
#include "gverbs-gid.h"

/* The integer of @size bytes at @p; a signed one is sign-extended. */
guint64
_gverbs_field_read (gconstpointer p,
                    gsize         size,
                    gboolean      is_signed)
{
  switch (size)
    {
    case 1: return is_signed ? (guint64) *(const gint8 *) p : *(const guint8 *) p;
    case 2: return is_signed ? (guint64) *(const gint16 *) p : *(const guint16 *) p;
    case 4: return is_signed ? (guint64) *(const gint32 *) p : *(const guint32 *) p;
    case 8: return *(const guint64 *) p;
    default: g_assert_not_reached ();
    }
}

#define read_uint(p, size) _gverbs_field_read (p, size, FALSE)
#define read_int(p, size) ((gint64) _gverbs_field_read (p, size, TRUE))

static void
write_uint (gpointer p,
            gsize    size,
            guint64  value)
{
  switch (size)
    {
    case 1: *(guint8 *) p = (guint8) value; break;
    case 2: *(guint16 *) p = (guint16) value; break;
    case 4: *(guint32 *) p = (guint32) value; break;
    case 8: *(guint64 *) p = value; break;
    default: g_assert_not_reached ();
    }
}

/* The pspec of a GVERBS_PROP() entry: its own name, flags and range. */
static GParamSpec *
property_pspec (const GVerbsField *field)
{
  const GParamFlags flags = field->flags | G_PARAM_STATIC_STRINGS;

  switch (field->kind)
    {
    case GVERBS_FIELD_UINT:
    case GVERBS_FIELD_HANDLE_UINT:
      if (field->size == 8)
        return g_param_spec_uint64 (field->name, NULL, NULL, (guint64) field->min, field->max,
                                    (guint64) field->default_value, flags);
      return g_param_spec_uint (field->name, NULL, NULL, (guint) field->min, (guint) field->max,
                                (guint) field->default_value, flags);
    case GVERBS_FIELD_INT:
      return g_param_spec_int (field->name, NULL, NULL, (int) field->min, (int) field->max,
                               (int) field->default_value, flags);
    case GVERBS_FIELD_BOOLEAN:
      return g_param_spec_boolean (field->name, NULL, NULL, field->default_value != 0, flags);
    case GVERBS_FIELD_ENUM:
      return g_param_spec_enum (field->name, NULL, NULL, field->type (),
                                (int) field->default_value, flags);
    case GVERBS_FIELD_FLAGS:
      return g_param_spec_flags (field->name, NULL, NULL, field->type (),
                                 (guint) field->default_value, flags);
    case GVERBS_FIELD_OBJECT:
      return g_param_spec_object (field->name, NULL, NULL, field->type (), flags);
    case GVERBS_FIELD_HANDLE_INT:
      return g_param_spec_int (field->name, NULL, NULL, (int) field->min, (int) field->max,
                               (int) field->default_value, flags);
    case GVERBS_FIELD_OWNED_STRING:
    case GVERBS_FIELD_STRING: /* GVERBS_PROP_GETTER() rows only */
      return g_param_spec_string (field->name, NULL, NULL, NULL, flags);
    case GVERBS_FIELD_BOXED:
    case GVERBS_FIELD_INLINE_BOXED:
      return g_param_spec_boxed (field->name, NULL, NULL, field->type (), flags);
    case GVERBS_FIELD_GID_TEXT:
      return g_param_spec_string (field->name, NULL, NULL,
                                  "0000:0000:0000:0000:0000:0000:0000:0000", flags);
    case GVERBS_FIELD_GUID:
    default:
      g_assert_not_reached ();
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

static GQuark
field_quark (void)
{
  static GQuark quark;

  if (G_UNLIKELY (quark == 0))
    quark = g_quark_from_static_string ("gverbs-field");
  return quark;
}

/* Where a class's rows are: at their offsets from the instance plus this. */
static GQuark
private_offset_quark (void)
{
  static GQuark quark;

  if (G_UNLIKELY (quark == 0))
    quark = g_quark_from_static_string ("gverbs-field-private-offset");
  return quark;
}

void
_gverbs_properties_install (GObjectClass      *klass,
                            guint              first_id,
                            const GVerbsField *fields,
                            guint              n_fields,
                            GParamSpec       **pspecs)
{
  _gverbs_properties_install_private (klass, first_id, fields, n_fields, pspecs, 0);
}

void
_gverbs_properties_install_private (GObjectClass      *klass,
                                    guint              first_id,
                                    const GVerbsField *fields,
                                    guint              n_fields,
                                    GParamSpec       **pspecs,
                                    int                private_offset)
{
  GObjectClass *parent = g_type_class_peek_parent (klass);

  /* unless the class set its own (falling back on these in its default
   * case), serve the table: a subclass must not keep its parent's, which
   * know only the parent's properties */
  if (klass->get_property == NULL || (parent != NULL && klass->get_property == parent->get_property))
    klass->get_property = _gverbs_properties_get;
  if (klass->set_property == NULL || (parent != NULL && klass->set_property == parent->set_property))
    klass->set_property = _gverbs_properties_set;
  for (guint i = 0; i < n_fields; i++)
    {
      GParamSpec *pspec = property_pspec (&fields[i]);

      g_param_spec_set_qdata (pspec, field_quark (), (gpointer) &fields[i]);
      if (private_offset != 0)
        g_param_spec_set_qdata (pspec, private_offset_quark (), GINT_TO_POINTER (private_offset));
      g_object_class_install_property (klass, first_id + i, pspec);
      if (pspecs != NULL)
        pspecs[i] = pspec;
    }
}

/* The table row @pspec was installed from and where its field is in
 * @object, or %NULL (with GObject's warning) for a property of no table. */
static gpointer
property_field (GObject            *object,
                guint               prop_id,
                GParamSpec         *pspec,
                const GVerbsField **field)
{
  *field = g_param_spec_get_qdata (pspec, field_quark ());
  if (*field == NULL)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return NULL;
    }
  return G_STRUCT_MEMBER_P (object, (*field)->offset + GPOINTER_TO_INT (
                              g_param_spec_get_qdata (pspec, private_offset_quark ())));
}

/* The value of a GVERBS_PROP_GETTER() row, from its getter. */
static void
getter_value (GObject           *object,
              const GVerbsField *field,
              GValue            *value)
{
  switch (field->kind)
    {
    case GVERBS_FIELD_UINT:
      g_value_set_uint (value, ((guint (*) (GObject *)) field->getter) (object));
      break;
    case GVERBS_FIELD_INT:
      g_value_set_int (value, ((int (*) (GObject *)) field->getter) (object));
      break;
    case GVERBS_FIELD_ENUM:
      g_value_set_enum (value, ((int (*) (GObject *)) field->getter) (object));
      break;
    case GVERBS_FIELD_FLAGS:
      g_value_set_flags (value, ((guint (*) (GObject *)) field->getter) (object));
      break;
    case GVERBS_FIELD_BOOLEAN:
      g_value_set_boolean (value, ((gboolean (*) (GObject *)) field->getter) (object));
      break;
    case GVERBS_FIELD_OBJECT:
      g_value_set_object (value, ((gpointer (*) (GObject *)) field->getter) (object));
      break;
    case GVERBS_FIELD_OWNED_STRING:
      g_value_take_string (value, ((char *(*) (GObject *)) field->getter) (object));
      break;
    case GVERBS_FIELD_STRING:
      g_value_set_string (value, ((const char *(*) (GObject *)) field->getter) (object));
      break;
    default:
      g_assert_not_reached ();
    }
}

void
_gverbs_properties_get (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  const GVerbsField *field;
  gconstpointer p = property_field (object, prop_id, pspec, &field);

  if (p == NULL)
    return;
  if (field->getter != NULL)
    {
      getter_value (object, field, value);
      return;
    }
  switch (field->kind)
    {
    case GVERBS_FIELD_BOOLEAN:
      g_value_set_boolean (value, *(const gboolean *) p);
      break;
    case GVERBS_FIELD_OBJECT:
      g_value_set_object (value, *(GObject * const *) p);
      break;
    case GVERBS_FIELD_HANDLE_UINT:
      {
        const guint8 *handle = *(const guint8 * const *) p;
        guint64 v = handle ? read_uint (handle + field->member_offset, field->size) : 0;

        if (field->size == 8)
          g_value_set_uint64 (value, v);
        else
          g_value_set_uint (value, (guint) v);
      }
      break;
    case GVERBS_FIELD_HANDLE_INT:
      {
        const guint8 *handle = *(const guint8 * const *) p;

        g_value_set_int (value, handle ? (int) read_int (handle + field->member_offset,
                                                         field->size)
                                       : (int) field->default_value);
      }
      break;
    case GVERBS_FIELD_OWNED_STRING:
      g_value_set_string (value, *(const char * const *) p);
      break;
    case GVERBS_FIELD_BOXED:
      g_value_set_boxed (value, *(gconstpointer const *) p);
      break;
    case GVERBS_FIELD_INLINE_BOXED:
      g_value_set_boxed (value, p);
      break;
    case GVERBS_FIELD_GID_TEXT:
      {
        const char *bad = *(const char * const *) ((const guint8 *) p - field->offset
                                                   + field->member_offset);

        g_value_take_string (value, bad ? g_strdup (bad) : gverbs_gid_to_string (p));
      }
      break;
    default:
      /* the scalar kinds read as a query result's fields do */
      _gverbs_fields_get_value (field, 1, (const guint8 *) p - field->offset, 1, value);
    }
}

void
_gverbs_properties_set (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  const GVerbsField *field;
  gpointer p = property_field (object, prop_id, pspec, &field);

  if (p == NULL)
    return;
  switch (field->kind)
    {
    case GVERBS_FIELD_UINT:
      write_uint (p, field->size, field->size == 8 ? g_value_get_uint64 (value)
                                                   : g_value_get_uint (value));
      break;
    case GVERBS_FIELD_INT:
      write_uint (p, field->size, (guint64) (gint64) g_value_get_int (value));
      break;
    case GVERBS_FIELD_ENUM:
      write_uint (p, field->size, (guint64) (gint64) g_value_get_enum (value));
      break;
    case GVERBS_FIELD_FLAGS:
      write_uint (p, field->size, g_value_get_flags (value));
      break;
    case GVERBS_FIELD_BOOLEAN:
      *(gboolean *) p = g_value_get_boolean (value);
      break;
    case GVERBS_FIELD_OBJECT:
      g_set_object ((GObject **) p, g_value_get_object (value));
      break;
    case GVERBS_FIELD_OWNED_STRING:
      g_free (*(char **) p);
      *(char **) p = g_value_dup_string (value);
      break;
    case GVERBS_FIELD_BOXED:
      if (*(gpointer *) p != NULL)
        g_boxed_free (field->type (), *(gpointer *) p);
      *(gpointer *) p = g_value_dup_boxed (value);
      break;
    case GVERBS_FIELD_INLINE_BOXED:
      if (g_value_get_boxed (value) != NULL)
        memcpy (p, g_value_get_boxed (value), field->size);
      else if (field->default_boxed != NULL)
        memcpy (p, field->default_boxed, field->size);
      else
        memset (p, 0, field->size);
      break;
    case GVERBS_FIELD_GID_TEXT:
      {
        char **bad = (char **) ((guint8 *) p - field->offset + field->member_offset);

        g_clear_pointer (bad, g_free);
        if (g_value_get_string (value) == NULL)
          memset (p, 0, sizeof (GVerbsGid));
        else if (!gverbs_gid_parse (p, g_value_get_string (value), NULL))
          *bad = g_value_dup_string (value);
      }
      break;
    case GVERBS_FIELD_STRING:
    case GVERBS_FIELD_GUID:
    case GVERBS_FIELD_HANDLE_UINT:
    case GVERBS_FIELD_HANDLE_INT:
    default:
      g_assert_not_reached ();
    }
}

/* Drops what the instance's object, string and boxed fields hold. */
void
_gverbs_properties_clear (gpointer           instance,
                          const GVerbsField *fields,
                          guint              n_fields)
{
  for (guint i = 0; i < n_fields; i++)
    {
      gpointer *p = G_STRUCT_MEMBER_P (instance, fields[i].offset);

      if (fields[i].getter != NULL)
        continue;   /* computed: nothing stored */
      switch (fields[i].kind)
        {
        case GVERBS_FIELD_OBJECT:
          g_clear_object ((GObject **) p);
          break;
        case GVERBS_FIELD_OWNED_STRING:
          g_clear_pointer (p, g_free);
          break;
        case GVERBS_FIELD_GID_TEXT:
          g_clear_pointer ((char **) G_STRUCT_MEMBER_P (instance, fields[i].member_offset), g_free);
          break;
        case GVERBS_FIELD_BOXED:
          if (*p != NULL)
            g_boxed_free (fields[i].type (), g_steal_pointer (p));
          break;
        default:
          break;
        }
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

static char *
field_label (const char *name)
{
  char *label = g_strdup (name);

  g_strdelimit (label, "-", '_');
  return label;
}

static gint64
value_as_int (const GValue *value)
{
  if (G_VALUE_HOLDS_UINT (value))
    return g_value_get_uint (value);
  if (G_VALUE_HOLDS_ENUM (value))
    return g_value_get_enum (value);
  return g_value_get_boolean (value);
}

/* Whether @value is inside the range of the unsigned integer property
 * @pspec (named @name); if not, GVERBS_ERROR_OUT_OF_RANGE, the check the
 * Python override makes before GObject would drop the value with a warning. */
static gboolean
check_uint_range (GParamSpec  *pspec,
                  const char  *name,
                  gint64       value,
                  GError     **error)
{
  GParamSpecUInt *range = G_PARAM_SPEC_UINT (pspec);
  g_autofree char *label = NULL;

  if (value >= range->minimum && value <= range->maximum)
    return TRUE;
  label = field_label (name);
  g_set_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE,
               _("%s %" G_GINT64_FORMAT " is out of range [%u, %u]"),
               label, value, range->minimum, range->maximum);
  return FALSE;
}

/* Sets the unsigned integer property @name of @object to @value, checked
 * as _gverbs_object_new_checked() checks it. */
gboolean
_gverbs_object_set_uint_checked (GObject     *object,
                                 const char  *name,
                                 guint        value,
                                 GError     **error)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (object), name);

  if (!check_uint_range (pspec, name, value, error))
    return FALSE;
  g_object_set (object, name, value, NULL);
  return TRUE;
}

/* Makes a @type with the integer, enum and boolean properties @fields, each
 * checked as the Python override checks a property: a value out of range or
 * an enum number no member names is a GError, not GObject's warning.
 * @pspecs caches the properties of @fields and @initial the values a new
 * object has (its init may set other values than the pspec defaults), both
 * found on the first call; a value equal to the object's own is not passed */
GObject *
_gverbs_object_new_checked (GType                     type,
                            GParamSpec              **pspecs,
                            gint64                   *initial,
                            const GVerbsCheckedValue *fields,
                            guint                     n_fields,
                            GError                  **error)
{
  const char *names[8];
  GValue values[8] = { G_VALUE_INIT };
  GObject *object = NULL;
  guint i, n = 0;

  g_assert (n_fields <= G_N_ELEMENTS (names));
  if (g_once_init_enter (&pspecs[0]))
    {
      GObjectClass *klass = g_type_class_ref (type);   /* kept: the pspecs are cached */
      g_autoptr(GObject) fresh = g_object_new (type, NULL);

      for (i = 0; i < n_fields; i++)
        {
          g_auto(GValue) value = G_VALUE_INIT;

          g_object_get_property (fresh, fields[i].name, &value);
          initial[i] = value_as_int (&value);
        }
      for (i = 1; i < n_fields; i++)
        pspecs[i] = g_object_class_find_property (klass, fields[i].name);
      g_once_init_leave (&pspecs[0], g_object_class_find_property (klass, fields[0].name));
    }
  for (i = 0; i < n_fields; i++)
    {
      GParamSpec *pspec = pspecs[i];
      gint64 value = fields[i].value;
      GValue *out = &values[n];

      g_assert (pspec != NULL);
      if (G_IS_PARAM_SPEC_UINT (pspec))
        {
          if (!check_uint_range (pspec, fields[i].name, value, error))
            goto out;
          if (value == initial[i])
            continue;
          g_value_init (out, G_TYPE_UINT);
          g_value_set_uint (out, (guint) value);
        }
      else if (G_IS_PARAM_SPEC_ENUM (pspec))
        {
          if (!_gverbs_check_enum (G_PARAM_SPEC_VALUE_TYPE (pspec), value, NULL, fields[i].name, error))
            goto out;
          if (value == initial[i])
            continue;
          g_value_init (out, G_PARAM_SPEC_VALUE_TYPE (pspec));
          g_value_set_enum (out, (int) value);
        }
      else
        {
          g_assert (G_IS_PARAM_SPEC_BOOLEAN (pspec));
          if ((value != 0) == (initial[i] != 0))
            continue;
          g_value_init (out, G_TYPE_BOOLEAN);
          g_value_set_boolean (out, value != 0);
        }
      names[n++] = fields[i].name;
    }
  object = g_object_new_with_properties (type, n, names, values);

out:
  for (i = 0; i < n; i++)
    g_value_unset (&values[i]);
  return object;
}
