/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#include "config.h"

#include <endian.h>
#include <string.h>

#include "gverbs-device-attr-private.h"
#include "gverbs-fields-private.h"

/* The names of the bits of @value in the GFlags @type (each value that is
 * not 0 and whose bits are all set), without "GVERBS_": joined by ", " for
 * GVERBS_PRINT_FLAGS, as pyverbs' str_from_flags() lists them
 * ("\n  IBV_NAME\n  IBV_NAME\n  ") for GVERBS_PRINT_IBV_FLAGS, as
 * "IBV_NAME IBV_NAME " for GVERBS_PRINT_IBV_FLAGS_INLINE. */
char *
_gverbs_flags_text (GType             type,
                    guint64           value,
                    GVerbsPrintFormat format)
{
  g_autoptr(GFlagsClass) klass = g_type_class_ref (type);
  gboolean ibv = format == GVERBS_PRINT_IBV_FLAGS;
  GString *out = g_string_new (ibv ? "\n  " : NULL);

  for (guint i = 0; i < klass->n_values; i++)
    {
      const GFlagsValue *v = &klass->values[i];
      const char *name = v->value_name + strlen ("GVERBS_");

      if (v->value == 0 || (value & v->value) != v->value)
        continue;
      if (format == GVERBS_PRINT_FLAGS)
        g_string_append_printf (out, "%s%s", out->len ? ", " : "", name);
      else
        g_string_append_printf (out, "IBV_%s%s", name, ibv ? "\n  " : " ");
    }
  return g_string_free (out, FALSE);
}

static char *
row_text (const GVerbsPrintRow *row,
          gconstpointer         base)
{
  gconstpointer p = (const guint8 *) base + row->offset;
  guint64 u;

  switch (row->format)
    {
    case GVERBS_PRINT_STRING:
      return g_strndup (p, row->size);
    case GVERBS_PRINT_GUID:
      return _gverbs_guid_to_string (be64toh (*(const guint64 *) p));
    case GVERBS_PRINT_INT:
      return g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) _gverbs_field_read (p, row->size, TRUE));
    case GVERBS_PRINT_UINT:
      return g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) _gverbs_field_read (p, row->size, FALSE));
    case GVERBS_PRINT_HEX:
      return g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", _gverbs_field_read (p, row->size, FALSE));
    case GVERBS_PRINT_ENUM:
      {
        g_autoptr(GEnumClass) klass = g_type_class_ref (row->type ());
        GEnumValue *value = g_enum_get_value (klass, (int) _gverbs_field_read (p, row->size, TRUE));

        return g_strdup (value ? value->value_name + strlen ("GVERBS_") : "?");
      }
    case GVERBS_PRINT_FLAGS:
    case GVERBS_PRINT_IBV_FLAGS:
    case GVERBS_PRINT_IBV_FLAGS_INLINE:
      u = _gverbs_field_read (p, row->size, FALSE);
      return _gverbs_flags_text (row->type (), u, row->format);
    case GVERBS_PRINT_HEADING:
    default:
      g_assert_not_reached ();
    }
}

/* Appends one line per row of @rows, reading each row's member in @base. */
void
_gverbs_print_rows (GString              *out,
                    const GVerbsPrintRow *rows,
                    guint                 n_rows,
                    gconstpointer         base)
{
  for (guint i = 0; i < n_rows; i++)
    {
      g_autofree char *text = NULL;

      if (rows[i].format == GVERBS_PRINT_HEADING)
        {
          g_string_append_printf (out, "%s\n", rows[i].label);
          continue;
        }
      text = row_text (&rows[i], base);
      _gverbs_append_row (out, rows[i].width, rows[i].label, text);
    }
}

/* Appends a line for each row of @fields that has a label, its label
 * padded to @width, reading the members in @base. */
void
_gverbs_fields_print (GString           *out,
                      int                width,
                      const GVerbsField *fields,
                      guint              n_fields,
                      gconstpointer      base)
{
  for (guint i = 0; i < n_fields; i++)
    {
      const GVerbsField *f = &fields[i];
      const GVerbsPrintRow row = { f->label, f->print, width, f->offset, f->size, f->type };

      if (f->label != NULL)
        _gverbs_print_rows (out, &row, 1, base);
    }
}

char *
_gverbs_print_to_string (const GVerbsPrintRow *rows,
                         guint                 n_rows,
                         gconstpointer         base)
{
  GString *out = g_string_new (NULL);

  _gverbs_print_rows (out, rows, n_rows, base);
  return g_string_free (out, FALSE);
}
