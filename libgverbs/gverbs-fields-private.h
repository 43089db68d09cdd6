#pragma once

#if !defined (GVERBS_COMPILATION)
# error "This header is private to libgverbs."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

/*
 * Read-only attribute objects (DeviceAttr, PortAttr, …) copy an rdma-core
 * struct and expose each field as a property of the same name. A table of
 * fields drives both the GParamSpecs and get_property(). Property ids are the
 * table index + 1.
 */
typedef enum {
  GVERBS_FIELD_STRING,  /* char array of `size` bytes */
  GVERBS_FIELD_GUID,    /* __be64, exposed in host order */
  GVERBS_FIELD_UINT,    /* unsigned integer of `size` bytes */
  GVERBS_FIELD_INT,     /* int */
  GVERBS_FIELD_ENUM,    /* integer of `size` bytes, as the GEnum `type` */
  GVERBS_FIELD_FLAGS,   /* unsigned integer of `size` bytes, as the GFlags `type` */
} GVerbsFieldKind;

typedef struct {
  const char *name;
  GVerbsFieldKind kind;
  gsize offset;
  gsize size;
  GType (*type) (void);
} GVerbsField;

#define GVERBS_FIELD(st, field, kind, type) \
  { #field, kind, G_STRUCT_OFFSET (st, field), sizeof (((st *) 0)->field), type }

void _gverbs_fields_install   (GObjectClass      *klass,
                               const GVerbsField *fields,
                               guint              n_fields);
void _gverbs_fields_get_value (const GVerbsField *fields,
                               guint              n_fields,
                               gconstpointer      base,
                               guint              prop_id,
                               GValue            *value);

/* pyverbs' print layout: "Label<pad to width>: value<pad to 20>\n" */
void _gverbs_append_row       (GString           *out,
                               int                width,
                               const char        *label,
                               const char        *value);
void _gverbs_append_int_row   (GString           *out,
                               int                width,
                               const char        *label,
                               gint64             value);

G_END_DECLS
