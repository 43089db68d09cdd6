/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/*
 * Read-only attribute objects (DeviceAttr, PortAttr, …) copy an rdma-core
 * struct and expose each field as a property of the same name. A table of
 * fields drives both the GParamSpecs and get_property(). Property ids are the
 * table index + 1.
 *
 * The same tables describe properties stored in an instance's own fields
 * (writable attribute objects, a resource's construct properties): entries
 * made with GVERBS_PROP() carry the property's name, flags, range and
 * default; _gverbs_properties_install() installs them, and
 * _gverbs_properties_get/set() (usable as the class's get_property and
 * set_property, or as their default case) find the field through the pspec.
 * GObject checks a value against the range before set_property runs.
 * A derivable class whose fields are in its private struct installs the
 * table with _gverbs_properties_install_private() and the
 * `TypeName_private_offset` G_DEFINE_TYPE_WITH_PRIVATE() defines, its
 * offsets being into that struct; its finalize passes the private struct
 * to _gverbs_properties_clear().
 */
typedef enum {
  GVERBS_FIELD_STRING,  /* char array of `size` bytes */
  GVERBS_FIELD_GUID,    /* __be64, exposed in host order */
  GVERBS_FIELD_UINT,    /* unsigned integer of `size` bytes */
  GVERBS_FIELD_INT,     /* int */
  GVERBS_FIELD_ENUM,    /* integer of `size` bytes, as the GEnum `type` */
  GVERBS_FIELD_FLAGS,   /* unsigned integer of `size` bytes, as the GFlags `type` */
  GVERBS_FIELD_BOOLEAN, /* gboolean */
  GVERBS_FIELD_OBJECT,  /* a reference to a GObject of GType `type` */
  GVERBS_FIELD_HANDLE_UINT, /* unsigned integer of `size` bytes at `member_offset` in the
                             * rdma-core object the field points to; 0 while it is NULL */
  GVERBS_FIELD_HANDLE_INT,  /* int at `member_offset` in the rdma-core object the field
                             * points to; `default_value` while it is NULL */
  GVERBS_FIELD_OWNED_STRING, /* a char * the instance owns */
  GVERBS_FIELD_BOXED,       /* a pointer to a boxed value of GType `type` the instance owns */
  GVERBS_FIELD_GID_TEXT,    /* a GVerbsGid shown as text; text set that is not a GID is kept
                             * in the char * at `member_offset` (the instance owns it) */
  GVERBS_FIELD_INLINE_BOXED, /* a struct of `size` bytes held by value, as the boxed GType
                              * `type`; setting NULL copies `default_boxed` (or zeroes) */
} GVerbsFieldKind;

/* How _gverbs_print_rows() and _gverbs_fields_print() show a member. */
typedef enum {
  GVERBS_PRINT_INT,       /* signed integer of `size` bytes, in decimal */
  GVERBS_PRINT_UINT,      /* unsigned integer of `size` bytes, in decimal (as a gint64) */
  GVERBS_PRINT_HEX,       /* unsigned integer of `size` bytes, as 0x… */
  GVERBS_PRINT_STRING,    /* char array */
  GVERBS_PRINT_GUID,      /* __be64, as xxxx:xxxx:xxxx:xxxx in host order */
  GVERBS_PRINT_ENUM,      /* integer, the name of its value in the GEnum `type`
                           * without "GVERBS_", or "?" */
  GVERBS_PRINT_FLAGS,     /* unsigned integer, the names of its GFlags `type` bits
                           * without "GVERBS_", joined by ", " */
  GVERBS_PRINT_IBV_FLAGS, /* unsigned integer, its GFlags `type` bits as pyverbs'
                           * str_from_flags() lists them: "\n  IBV_NAME\n  …" */
  GVERBS_PRINT_IBV_FLAGS_INLINE, /* the same bits as "IBV_NAME IBV_NAME " */
  GVERBS_PRINT_HEADING,   /* no value: the label alone on its line */
} GVerbsPrintFormat;

typedef struct {
  const char *name;
  GVerbsFieldKind kind;
  gsize offset;
  gsize size;
  GType (*type) (void);
  GParamFlags flags;    /* GVERBS_PROP() entries: the property's flags */
  gint64 min;
  guint64 max;
  gint64 default_value;
  gsize member_offset;
  const char *label;    /* GVERBS_FIELD_PRINTED() rows: the to_string() label */
  GVerbsPrintFormat print;
  GCallback getter;     /* GVERBS_PROP_GETTER() rows: computes the value from the instance */
  gconstpointer default_boxed; /* GVERBS_FIELD_INLINE_BOXED: the value NULL stands for */
} GVerbsField;

#define GVERBS_FIELD(st, field, kind, type) \
  { #field, kind, G_STRUCT_OFFSET (st, field), sizeof (((st *) 0)->field), type, 0, 0, 0, 0, 0 }

/* A property named @name stored in the field @field of the instance type @st. */
#define GVERBS_PROP(st, field, name, kind, type, min, max, default_value, flags) \
  { name, kind, G_STRUCT_OFFSET (st, field), sizeof (((st *) 0)->field), type, \
    flags, min, max, default_value, 0 }
#define GVERBS_PROP_UINT(st, field, name, max, default_value, flags) \
  GVERBS_PROP (st, field, name, GVERBS_FIELD_UINT, NULL, 0, max, default_value, flags)
#define GVERBS_PROP_INT(st, field, name, min, max, default_value, flags) \
  GVERBS_PROP (st, field, name, GVERBS_FIELD_INT, NULL, min, max, default_value, flags)
#define GVERBS_PROP_BOOLEAN(st, field, name, default_value, flags) \
  GVERBS_PROP (st, field, name, GVERBS_FIELD_BOOLEAN, NULL, 0, 1, default_value, flags)
#define GVERBS_PROP_ENUM(st, field, name, type, default_value, flags) \
  GVERBS_PROP (st, field, name, GVERBS_FIELD_ENUM, type, 0, 0, default_value, flags)
#define GVERBS_PROP_FLAGS(st, field, name, type, default_value, flags) \
  GVERBS_PROP (st, field, name, GVERBS_FIELD_FLAGS, type, 0, 0, default_value, flags)
#define GVERBS_PROP_OBJECT(st, field, name, type, flags) \
  GVERBS_PROP (st, field, name, GVERBS_FIELD_OBJECT, type, 0, 0, 0, flags)
/* A read-only guint32 (guint64 for an 8-byte member) property read from the
 * rdma-core object a resource holds (`self->ibv->rkey`), 0 once it is closed. */
#define GVERBS_PROP_HANDLE_UINT(st, handle, ibv_st, member, name) \
  { name, GVERBS_FIELD_HANDLE_UINT, G_STRUCT_OFFSET (st, handle), sizeof (((ibv_st *) 0)->member), \
    NULL, G_PARAM_READABLE, 0, sizeof (((ibv_st *) 0)->member) == 8 ? G_MAXUINT64 : G_MAXUINT32, \
    0, G_STRUCT_OFFSET (ibv_st, member) }

/* A read-only int property read from the rdma-core object a resource holds
 * (`self->ibv->fd`), @closed_value once it is closed. */
#define GVERBS_PROP_HANDLE_INT(st, handle, ibv_st, member, name, closed_value) \
  { name, GVERBS_FIELD_HANDLE_INT, G_STRUCT_OFFSET (st, handle), sizeof (((ibv_st *) 0)->member), \
    NULL, G_PARAM_READABLE, closed_value, G_MAXINT, closed_value, G_STRUCT_OFFSET (ibv_st, member) }
#define GVERBS_PROP_STRING(st, field, name, flags) \
  GVERBS_PROP (st, field, name, GVERBS_FIELD_OWNED_STRING, NULL, 0, 0, 0, flags)
#define GVERBS_PROP_BOXED(st, field, name, type, flags) \
  GVERBS_PROP (st, field, name, GVERBS_FIELD_BOXED, type, 0, 0, 0, flags)

/* A string property holding a GID (the GVerbsGid field @gid of @st) as
 * `xxxx:…:xxxx`; text set that is not a GID is kept in @bad_text (a char *)
 * and read back as it was, NULL sets the zero GID. */
#define GVERBS_PROP_GID_TEXT(st, gid, bad_text, name, flags) \
  { name, GVERBS_FIELD_GID_TEXT, G_STRUCT_OFFSET (st, gid), sizeof (((st *) 0)->gid), NULL, \
    flags, 0, 0, 0, G_STRUCT_OFFSET (st, bad_text) }

/* A boxed property of GType @type held by value in the struct field @field;
 * setting NULL stores *@default_ptr (zeroes when it is NULL). */
#define GVERBS_PROP_INLINE_BOXED(st, field, name, type, default_ptr, flags) \
  { name, GVERBS_FIELD_INLINE_BOXED, G_STRUCT_OFFSET (st, field), sizeof (((st *) 0)->field), \
    type, flags, 0, 0, 0, 0, NULL, 0, NULL, default_ptr }

/* A read-only property of @kind (GVERBS_FIELD_UINT, _INT, _ENUM, _FLAGS,
 * _BOOLEAN, _OBJECT, _STRING or _OWNED_STRING) whose value @getter computes
 * from the instance: `guint getter (Type *self)` and so on, an _OWNED_STRING
 * one returning a new string (transfer full), a _STRING one and an object one
 * a borrowed one. @type, @max, @default_value and @flags (readable ones) make
 * the pspec as for GVERBS_PROP(). */
#define GVERBS_PROP_GETTER(name, kind, type, max, default_value, flags, getter) \
  { name, kind, 0, sizeof (guint), type, flags, 0, max, default_value, 0, \
    NULL, 0, G_CALLBACK (getter) }

/* A resource's input: an object it is made from, kept until finalize. */
#define GVERBS_PROP_INPUT(st, field, name, type) \
  GVERBS_PROP_OBJECT (st, field, name, type, GVERBS_PROP_CONSTRUCT_ONLY)

/* The flags of a resource's inputs and of an attribute object's fields. */
#define GVERBS_PROP_CONSTRUCT_ONLY (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY)
#define GVERBS_PROP_READWRITE G_PARAM_READWRITE

void _gverbs_fields_install   (GObjectClass      *klass,
                               const GVerbsField *fields,
                               guint              n_fields);
void _gverbs_fields_get_value (const GVerbsField *fields,
                               guint              n_fields,
                               gconstpointer      base,
                               guint              prop_id,
                               GValue            *value);

void _gverbs_properties_install (GObjectClass      *klass,
                                 guint              first_id,
                                 const GVerbsField *fields,
                                 guint              n_fields,
                                 GParamSpec       **pspecs);
void _gverbs_properties_install_private (GObjectClass      *klass,
                                         guint              first_id,
                                         const GVerbsField *fields,
                                         guint              n_fields,
                                         GParamSpec       **pspecs,
                                         int                private_offset);
void _gverbs_properties_get     (GObject           *object,
                                 guint              prop_id,
                                 GValue            *value,
                                 GParamSpec        *pspec);
void _gverbs_properties_set     (GObject           *object,
                                 guint              prop_id,
                                 const GValue      *value,
                                 GParamSpec        *pspec);
void _gverbs_properties_clear   (gpointer           instance,
                                 const GVerbsField *fields,
                                 guint              n_fields);

/* Defines the public getter @name: returns @expr (which may use `self`), or
 * @fallback after a critical when @self is not a @check instance. The
 * getter's gtk-doc block stays above the line, as for a written-out one. */
#define GVERBS_DEFINE_GETTER(ret_type, name, InstanceType, check, fallback, expr) \
  ret_type                                                               \
  name (InstanceType *self)                                              \
  {                                                                      \
    g_return_val_if_fail (check (self), fallback);                       \
    return expr;                                                         \
  }

/* Defines the public setter @name: sets the property @prop_name to @value
 * (of @ValueType), after a critical when @self is not a @check instance. */
#define GVERBS_DEFINE_SETTER(name, InstanceType, check, ValueType, value, prop_name) \
  void                                                                   \
  name (InstanceType *self,                                              \
        ValueType     value)                                             \
  {                                                                      \
    g_return_if_fail (check (self));                                     \
    g_object_set (self, prop_name, value, NULL);                         \
  }

/* Defines the public setter @name of an unsigned integer property whose
 * range is narrower than guint: a @value beyond it is a GError (from a
 * binding as from C), not GObject's warning. */
#define GVERBS_DEFINE_UINT_SETTER(name, InstanceType, check, value, prop_name) \
  gboolean                                                               \
  name (InstanceType  *self,                                             \
        guint          value,                                            \
        GError       **error)                                            \
  {                                                                      \
    g_return_val_if_fail (check (self), FALSE);                          \
    g_return_val_if_fail (error == NULL || *error == NULL, FALSE);       \
    return _gverbs_object_set_uint_checked (G_OBJECT (self), prop_name, value, error); \
  }

/* An attribute object whose properties are all rows of @field_table (ids
 * from 1), stored in its own fields: defines the type, a finalize that drops
 * what the rows own (objects, strings, boxed values), a class_init that
 * installs them (_gverbs_properties_get/set serve as get_property and
 * set_property) and an empty init. Place it after the table. The _WITH_INIT
 * form leaves `type_name_init()` to the file. */
#define GVERBS_DEFINE_PROPERTIES_TYPE_WITH_INIT(TypeName, type_name, field_table)     \
  GVERBS_DEFINE_PROPERTIES_TYPE_WITH_PSPECS (TypeName, type_name, field_table, NULL)
/* The same, keeping the installed pspecs in @pspecs (an array of
 * G_N_ELEMENTS (@field_table), indexed by row) for g_object_notify_by_pspec(). */
#define GVERBS_DEFINE_PROPERTIES_TYPE_WITH_PSPECS(TypeName, type_name, field_table, pspecs) \
  G_DEFINE_FINAL_TYPE (TypeName, type_name, G_TYPE_OBJECT)                           \
  static void                                                                        \
  type_name##_finalize (GObject *object)                                             \
  {                                                                                  \
    _gverbs_properties_clear (object, field_table, G_N_ELEMENTS (field_table));      \
    G_OBJECT_CLASS (type_name##_parent_class)->finalize (object);                    \
  }                                                                                  \
  GVERBS_DEFINE_PROPERTIES_CLASS_INIT (TypeName, type_name, field_table, pspecs)
#define GVERBS_DEFINE_PROPERTIES_TYPE(TypeName, type_name, field_table)               \
  GVERBS_DEFINE_PROPERTIES_TYPE_WITH_INIT (TypeName, type_name, field_table)         \
  static void type_name##_init (TypeName *self) { }
/* The class_init alone, for an object whose finalize, `type_name_finalize()`,
 * frees more than the rows (it calls _gverbs_properties_clear() itself if
 * the rows own anything). */
#define GVERBS_DEFINE_PROPERTIES_CLASS_INIT(TypeName, type_name, field_table, pspecs)  \
  static void                                                                        \
  type_name##_class_init (TypeName##Class *klass)                                    \
  {                                                                                  \
    G_OBJECT_CLASS (klass)->finalize = type_name##_finalize;                         \
    _gverbs_properties_install (G_OBJECT_CLASS (klass), 1, field_table,              \
                                G_N_ELEMENTS (field_table), pspecs);                 \
  }

/* A read-only attribute object: @TypeName holds a copy of a @CStruct in its
 * field @member and exposes it through the GVerbsField table @field_table
 * (one read-only property per row, ids from 1). Defines the type, its
 * class_init and init, and `TypeName *new_func (const CStruct *)`, which
 * copies the struct (declared in the class's private header, or static
 * beforehand). Place it after the table. */
#define GVERBS_DEFINE_FIELDS_TYPE(TypeName, type_name, CStruct, member, field_table, new_func) \
  G_DEFINE_FINAL_TYPE (TypeName, type_name, G_TYPE_OBJECT)                           \
  static void                                                                        \
  type_name##_get_property (GObject *object, guint prop_id, GValue *value,           \
                            GParamSpec *pspec)                                       \
  {                                                                                  \
    _gverbs_fields_get_value (field_table, G_N_ELEMENTS (field_table),               \
                              &((TypeName *) object)->member, prop_id, value);       \
  }                                                                                  \
  static void                                                                        \
  type_name##_class_init (TypeName##Class *klass)                                    \
  {                                                                                  \
    G_OBJECT_CLASS (klass)->get_property = type_name##_get_property;                 \
    _gverbs_fields_install (G_OBJECT_CLASS (klass), field_table,                     \
                            G_N_ELEMENTS (field_table));                             \
  }                                                                                  \
  static void type_name##_init (TypeName *self) { }                                  \
  TypeName *                                                                         \
  new_func (const CStruct *src)                                                      \
  {                                                                                  \
    TypeName *self = g_object_new (type_name##_get_type (), NULL);                   \
    self->member = *src;                                                             \
    return self;                                                                     \
  }

/* A row of a read-only table that to_string() also prints, as @print with
 * the label @label (_gverbs_fields_print()). */
#define GVERBS_FIELD_PRINTED(st, field, kind, type, label, print) \
  GVERBS_FIELD_NAMED_PRINTED (st, field, #field, kind, type, label, print)
#define GVERBS_FIELD_NAMED_PRINTED(st, member, name, kind, type, label, print) \
  { name, kind, G_STRUCT_OFFSET (st, member), sizeof (((st *) 0)->member), type, 0, 0, 0, 0, 0, \
    label, print }

/* A row of a read-only table whose property name (@name, with `_`) is not
 * the member's (a nested member: `caps.max_num`). */
#define GVERBS_FIELD_NAMED(st, member, name, kind, type) \
  { name, kind, G_STRUCT_OFFSET (st, member), sizeof (((st *) 0)->member), type, 0, 0, 0, 0, 0 }

/* G_DEFINE_BOXED_TYPE for a plain struct that owns no pointers: `_copy`
 * duplicates its bytes, `_free` frees them. Their gtk-doc blocks stay above
 * the line. */
#define GVERBS_DEFINE_PLAIN_BOXED_TYPE(TypeName, type_name)               \
  TypeName *                                                             \
  type_name##_copy (const TypeName *self)                                \
  {                                                                      \
    g_return_val_if_fail (self != NULL, NULL);                           \
    return g_memdup2 (self, sizeof *self);                               \
  }                                                                      \
                                                                         \
  void                                                                   \
  type_name##_free (TypeName *self)                                      \
  {                                                                      \
    g_free (self);                                                       \
  }                                                                      \
                                                                         \
  G_DEFINE_BOXED_TYPE (TypeName, type_name, type_name##_copy, type_name##_free)

/* pyverbs' print layout: "Label<pad to width>: value<pad to 20>\n" */
void _gverbs_append_row       (GString           *out,
                               int                width,
                               const char        *label,
                               const char        *value);
void _gverbs_append_int_row   (GString           *out,
                               int                width,
                               const char        *label,
                               gint64             value);

/*
 * The to_string() of an attribute object as a table: one row per line of
 * pyverbs' print layout ("Label<pad to width>: value<pad to 20>\n", see
 * _gverbs_append_row()), each naming its label, the member it prints (an
 * offset into the struct or instance given to _gverbs_print_rows()) and how.
 */

typedef struct {
  const char *label;
  GVerbsPrintFormat format;
  int width;
  gsize offset;
  gsize size;
  GType (*type) (void);
} GVerbsPrintRow;

/* A row printing the member @member of @st as @format, its label padded to @width. */
#define GVERBS_PRINT_ROW(st, member, label, width, format, type) \
  { label, format, width, G_STRUCT_OFFSET (st, member), sizeof (((st *) 0)->member), type }
#define GVERBS_PRINT_HEADING_ROW(label) \
  { label, GVERBS_PRINT_HEADING, 0, 0, 0, NULL }

void  _gverbs_print_rows      (GString              *out,
                               const GVerbsPrintRow *rows,
                               guint                 n_rows,
                               gconstpointer         base);
char *_gverbs_print_to_string (const GVerbsPrintRow *rows,
                               guint                 n_rows,
                               gconstpointer         base);
void  _gverbs_fields_print     (GString              *out,
                               int                   width,
                               const GVerbsField    *fields,
                               guint                 n_fields,
                               gconstpointer         base);
char *_gverbs_flags_text      (GType                 type,
                               guint64               value,
                               GVerbsPrintFormat     format);

guint64 _gverbs_field_read    (gconstpointer         p,
                               gsize                 size,
                               gboolean              is_signed);

gboolean _gverbs_object_set_uint_checked (GObject     *object,
                                          const char  *name,
                                          guint        value,
                                          GError     **error);

/* One named value for _gverbs_object_new_checked(). */
typedef struct
{
  const char *name;
  gint64      value;
} GVerbsCheckedValue;

GObject *_gverbs_object_new_checked (GType                     type,
                                     GParamSpec              **pspecs,
                                     gint64                   *initial,
                                     const GVerbsCheckedValue *fields,
                                     guint                     n_fields,
                                     GError                  **error);

G_END_DECLS
