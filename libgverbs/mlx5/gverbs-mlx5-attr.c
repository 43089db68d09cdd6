/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* The mlx5 direct-verbs attribute objects: what Mlx5Context, Mlx5QP and
 * Mlx5CQ are created with (writable carriers) and what mlx5dv_query_device()
 * and mlx5dv_query_port() return (read-only copies). */
#include "config.h"

#include <string.h>

#include "gverbs-mlx5-attr.h"
#include "gverbs-mlx5-private.h"
#include "gverbs-mlx5-enum-types.h"
#include "gverbs-fields-private.h"

/* ---- Mlx5DVContextAttr ---------------------------------------------------- */

/**
 * GVerbsMlx5DVContextAttr:
 *
 * How #GVerbsMlx5Context opens an mlx5 device (`struct
 * mlx5dv_context_attr`, pyverbs' `Mlx5DVContextAttr`): its
 * #GVerbsMlx5DVContextAttr:flags (%GVERBS_MLX5DV_CONTEXT_FLAGS_DEVX for a
 * DevX context) and #GVerbsMlx5DVContextAttr:comp-mask.
 *
 * When to use it: to open a #GVerbsMlx5Context, with
 * %GVERBS_MLX5DV_CONTEXT_FLAGS_DEVX for DevX commands.
 *
 * ```c
 * g_autoptr(GVerbsMlx5DVContextAttr) attr =
 *   gverbs_mlx5_dv_context_attr_new (GVERBS_MLX5DV_CONTEXT_FLAGS_DEVX, 0);
 * g_autoptr(GVerbsMlx5Context) ctx = gverbs_mlx5_context_new ("mlx5_0", attr, &error);
 * ```
 *
 * Python: `Verbs.Mlx5DVContextAttr(flags=0, comp_mask=0)`, pyverbs' keywords.
 *
 * Since: 0.1
 */
struct _GVerbsMlx5DVContextAttr
{
  GObject parent_instance;

  guint flags;
  guint64 comp_mask;
};

static const GVerbsField context_attr_fields[] = {
  /**
   * GVerbsMlx5DVContextAttr:flags:
   *
   * How to open the device (`MLX5DV_CONTEXT_FLAGS_DEVX`: with DevX).
   */
  GVERBS_PROP_FLAGS (GVerbsMlx5DVContextAttr, flags, "flags",
                     gverbs_mlx5_dv_context_attr_flags_get_type, 0, G_PARAM_READWRITE),
  /**
   * GVerbsMlx5DVContextAttr:comp-mask:
   *
   * Compatibility mask for future fields; 0.
   */
  GVERBS_PROP_UINT (GVerbsMlx5DVContextAttr, comp_mask, "comp-mask", G_MAXUINT64, 0,
                    G_PARAM_READWRITE),
};

GVERBS_DEFINE_PROPERTIES_TYPE (GVerbsMlx5DVContextAttr, gverbs_mlx5_dv_context_attr, context_attr_fields)

/**
 * gverbs_mlx5_dv_context_attr_new:
 * @flags: how to open the device
 * @comp_mask: compatibility mask; 0
 *
 * Creates the attributes to open an mlx5 device with (`struct
 * mlx5dv_context_attr`).
 *
 * Returns: (transfer full): new attributes for gverbs_mlx5_context_new()
 *
 * Since: 0.1
 */
GVerbsMlx5DVContextAttr *
gverbs_mlx5_dv_context_attr_new (GVerbsMlx5DVContextAttrFlags flags,
                                 guint64                      comp_mask)
{
  return g_object_new (GVERBS_TYPE_MLX5_DV_CONTEXT_ATTR, "flags", flags,
                       "comp-mask", comp_mask, NULL);
}

/**
 * gverbs_mlx5_dv_context_attr_to_string:
 * @self: a #GVerbsMlx5DVContextAttr
 *
 * Formats the attributes as text, as pyverbs' `Mlx5DVContextAttr` prints them.
 *
 * Returns: (transfer full): the attributes in pyverbs' layout
 *
 * Since: 0.1
 */
char *
gverbs_mlx5_dv_context_attr_to_string (GVerbsMlx5DVContextAttr *self)
{
#define R(member, label, format, type) GVERBS_PRINT_ROW (GVerbsMlx5DVContextAttr, member, label, 20, format, type)
  static const GVerbsPrintRow rows[] = {
    R (flags, "Flags", GVERBS_PRINT_FLAGS, gverbs_mlx5_dv_context_attr_flags_get_type),
    R (comp_mask, "comp mask", GVERBS_PRINT_UINT, NULL),
  };
#undef R

  g_return_val_if_fail (GVERBS_IS_MLX5_DV_CONTEXT_ATTR (self), NULL);
  return _gverbs_print_to_string (rows, G_N_ELEMENTS (rows), self);
}

void
_gverbs_mlx5_dv_context_attr_fill (GVerbsMlx5DVContextAttr    *self,
                                   struct mlx5dv_context_attr *attr)
{
  memset (attr, 0, sizeof *attr);
  if (self == NULL)
    return;
  attr->flags = self->flags;
  attr->comp_mask = self->comp_mask;
}

/* ---- Mlx5DVDCInitAttr ----------------------------------------------------- */

/**
 * GVerbsMlx5DVDCInitAttr:
 *
 * What makes an mlx5 queue pair dynamically connected (`struct
 * mlx5dv_dc_init_attr`, pyverbs' `Mlx5DVDCInitAttr`): a DCI (initiator) or
 * a DCT (target, with its access key). Given to
 * gverbs_mlx5_dv_qp_init_attr_new(), which copies it.
 *
 * When to use it: to make a dynamically connected queue pair: a DCI sends to
 * any DCT, a DCT receives from any DCI that knows its access key.
 *
 * ```c
 * g_autoptr(GVerbsMlx5DVDCInitAttr) dct = gverbs_mlx5_dv_dc_init_attr_new (GVERBS_MLX5DV_DCTYPE_DCT,
 *                                                                          0x1234);
 * g_autoptr(GVerbsMlx5DVQPInitAttr) dv =
 *   gverbs_mlx5_dv_qp_init_attr_new (GVERBS_MLX5DV_QP_INIT_ATTR_MASK_DC, 0, dct, 0);
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsMlx5DVDCInitAttr
{
  GObject parent_instance;

  int dc_type;
  guint64 dct_access_key;
};

static const GVerbsField dc_fields[] = {
  /**
   * GVerbsMlx5DVDCInitAttr:dc-type:
   *
   * %GVERBS_MLX5DV_DCTYPE_DCI or %GVERBS_MLX5DV_DCTYPE_DCT.
   */
  GVERBS_PROP_ENUM (GVerbsMlx5DVDCInitAttr, dc_type, "dc-type", gverbs_mlx5_dv_dc_type_get_type,
                    0, G_PARAM_READWRITE),
  /**
   * GVerbsMlx5DVDCInitAttr:dct-access-key:
   *
   * A DCT's access key, which DCIs sending to it must present.
   */
  GVERBS_PROP_UINT (GVerbsMlx5DVDCInitAttr, dct_access_key, "dct-access-key", G_MAXUINT64, 0,
                    G_PARAM_READWRITE),
};

GVERBS_DEFINE_PROPERTIES_TYPE (GVerbsMlx5DVDCInitAttr, gverbs_mlx5_dv_dc_init_attr, dc_fields)

/**
 * gverbs_mlx5_dv_dc_init_attr_new:
 * @dc_type: DCI or DCT
 * @dct_access_key: a DCT's access key (ignored for a DCI)
 *
 * Creates the attributes that make an mlx5 queue pair a DC initiator or
 * target (`struct mlx5dv_dc_init_attr`), for
 * gverbs_mlx5_dv_qp_init_attr_new().
 *
 * Returns: (transfer full): new DC attributes
 *
 * Since: 0.1
 */
GVerbsMlx5DVDCInitAttr *
gverbs_mlx5_dv_dc_init_attr_new (GVerbsMlx5DVDCType dc_type,
                                 guint64            dct_access_key)
{
  return g_object_new (GVERBS_TYPE_MLX5_DV_DC_INIT_ATTR, "dc-type", dc_type,
                       "dct-access-key", dct_access_key, NULL);
}

/* ---- Mlx5DVQPInitAttr ----------------------------------------------------- */

/**
 * GVerbsMlx5DVQPInitAttr:
 *
 * The mlx5-specific creation attributes of a #GVerbsMlx5QP (`struct
 * mlx5dv_qp_init_attr`, pyverbs' `Mlx5DVQPInitAttr`):
 * #GVerbsMlx5DVQPInitAttr:comp-mask says which of the other fields count —
 * %GVERBS_MLX5DV_QP_INIT_ATTR_MASK_DC for #GVerbsMlx5DVQPInitAttr:dc-type
 * and #GVerbsMlx5DVQPInitAttr:dct-access-key,
 * %GVERBS_MLX5DV_QP_INIT_ATTR_MASK_QP_CREATE_FLAGS for
 * #GVerbsMlx5DVQPInitAttr:create-flags,
 * %GVERBS_MLX5DV_QP_INIT_ATTR_MASK_SEND_OPS_FLAGS for
 * #GVerbsMlx5DVQPInitAttr:send-ops-flags.
 *
 * When to use it: to create a #GVerbsMlx5QP: a DC queue pair, or one with
 * mlx5 creation flags or mlx5 send operations.
 *
 * ```c
 * // given: GVerbsMlx5Context *ctx; GVerbsQPInitAttrEx *init;  // qp-type GVERBS_QPT_DRIVER
 * g_autoptr(GVerbsMlx5DVDCInitAttr) dci = gverbs_mlx5_dv_dc_init_attr_new (GVERBS_MLX5DV_DCTYPE_DCI, 0);
 * g_autoptr(GVerbsMlx5DVQPInitAttr) dv =
 *   gverbs_mlx5_dv_qp_init_attr_new (GVERBS_MLX5DV_QP_INIT_ATTR_MASK_DC, 0, dci, 0);
 * g_autoptr(GVerbsMlx5QP) qp = gverbs_mlx5_qp_new (GVERBS_CONTEXT (ctx), init, dv, NULL, &error);
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsMlx5DVQPInitAttr
{
  GObject parent_instance;

  guint comp_mask;
  guint create_flags;
  int dc_type;
  guint64 dct_access_key;
  guint send_ops_flags;
};

static const GVerbsField qp_fields[] = {
  /**
   * GVerbsMlx5DVQPInitAttr:comp-mask:
   *
   * Which of the other fields are valid.
   */
  GVERBS_PROP_FLAGS (GVerbsMlx5DVQPInitAttr, comp_mask, "comp-mask",
                     gverbs_mlx5_dv_qp_init_attr_mask_get_type, 0, G_PARAM_READWRITE),
  /**
   * GVerbsMlx5DVQPInitAttr:create-flags:
   *
   * mlx5 creation flags (scatter to CQE, tunnel offloads, self loopback …).
   */
  GVERBS_PROP_FLAGS (GVerbsMlx5DVQPInitAttr, create_flags, "create-flags",
                     gverbs_mlx5_dv_qp_create_flags_get_type, 0, G_PARAM_READWRITE),
  /**
   * GVerbsMlx5DVQPInitAttr:dc-type:
   *
   * DCI or DCT, with %GVERBS_MLX5DV_QP_INIT_ATTR_MASK_DC.
   */
  GVERBS_PROP_ENUM (GVerbsMlx5DVQPInitAttr, dc_type, "dc-type", gverbs_mlx5_dv_dc_type_get_type,
                    0, G_PARAM_READWRITE),
  /**
   * GVerbsMlx5DVQPInitAttr:dct-access-key:
   *
   * A DCT's access key.
   */
  GVERBS_PROP_UINT (GVerbsMlx5DVQPInitAttr, dct_access_key, "dct-access-key", G_MAXUINT64, 0,
                    G_PARAM_READWRITE),
  /**
   * GVerbsMlx5DVQPInitAttr:send-ops-flags:
   *
   * mlx5 send operations of the extended send API.
   */
  GVERBS_PROP_FLAGS (GVerbsMlx5DVQPInitAttr, send_ops_flags, "send-ops-flags",
                     gverbs_mlx5_dv_qp_create_send_ops_flags_get_type, 0, G_PARAM_READWRITE),
};

GVERBS_DEFINE_PROPERTIES_TYPE (GVerbsMlx5DVQPInitAttr, gverbs_mlx5_dv_qp_init_attr, qp_fields)

/**
 * gverbs_mlx5_dv_qp_init_attr_new:
 * @comp_mask: which fields are valid
 * @create_flags: mlx5 creation flags
 * @dc_init_attr: (nullable): DC attributes, copied into
 *   #GVerbsMlx5DVQPInitAttr:dc-type and #GVerbsMlx5DVQPInitAttr:dct-access-key
 * @send_ops_flags: mlx5 send operations
 *
 * Creates the mlx5-specific creation attributes of a queue pair (`struct
 * mlx5dv_qp_init_attr`).
 *
 * Returns: (transfer full): new mlx5 QP attributes
 *
 * Since: 0.1
 */
GVerbsMlx5DVQPInitAttr *
gverbs_mlx5_dv_qp_init_attr_new (GVerbsMlx5DVQPInitAttrMask        comp_mask,
                                 GVerbsMlx5DVQPCreateFlags         create_flags,
                                 GVerbsMlx5DVDCInitAttr           *dc_init_attr,
                                 GVerbsMlx5DVQPCreateSendOpsFlags  send_ops_flags)
{
  g_return_val_if_fail (dc_init_attr == NULL || GVERBS_IS_MLX5_DV_DC_INIT_ATTR (dc_init_attr), NULL);
  return g_object_new (GVERBS_TYPE_MLX5_DV_QP_INIT_ATTR, "comp-mask", comp_mask,
                       "create-flags", create_flags, "send-ops-flags", send_ops_flags,
                       "dc-type", dc_init_attr ? dc_init_attr->dc_type : 0,
                       "dct-access-key", dc_init_attr ? dc_init_attr->dct_access_key : 0,
                       NULL);
}

/**
 * gverbs_mlx5_dv_qp_init_attr_to_string:
 * @self: a #GVerbsMlx5DVQPInitAttr
 *
 * Formats the attributes as text, as pyverbs' `Mlx5DVQPInitAttr` prints them.
 *
 * Returns: (transfer full): the attributes in pyverbs' layout
 *
 * Since: 0.1
 */
char *
gverbs_mlx5_dv_qp_init_attr_to_string (GVerbsMlx5DVQPInitAttr *self)
{
#define R(member, label, format, type) GVERBS_PRINT_ROW (GVerbsMlx5DVQPInitAttr, member, label, 20, format, type)
  static const GVerbsPrintRow rows[] = {
    R (comp_mask, "Comp mask", GVERBS_PRINT_FLAGS, gverbs_mlx5_dv_qp_init_attr_mask_get_type),
    R (create_flags, "Create flags", GVERBS_PRINT_FLAGS, gverbs_mlx5_dv_qp_create_flags_get_type),
    R (dc_type, "DC type", GVERBS_PRINT_ENUM, gverbs_mlx5_dv_dc_type_get_type),
    R (dct_access_key, "DCT access key", GVERBS_PRINT_UINT, NULL),
    R (send_ops_flags, "Send ops flags", GVERBS_PRINT_FLAGS,
       gverbs_mlx5_dv_qp_create_send_ops_flags_get_type),
  };
#undef R

  g_return_val_if_fail (GVERBS_IS_MLX5_DV_QP_INIT_ATTR (self), NULL);
  return _gverbs_print_to_string (rows, G_N_ELEMENTS (rows), self);
}

void
_gverbs_mlx5_dv_qp_init_attr_fill (GVerbsMlx5DVQPInitAttr     *self,
                                   struct mlx5dv_qp_init_attr *attr)
{
  memset (attr, 0, sizeof *attr);
  attr->comp_mask = self->comp_mask;
  attr->create_flags = self->create_flags;
  attr->dc_init_attr.dc_type = self->dc_type;
  if (self->dc_type == MLX5DV_DCTYPE_DCT)
    attr->dc_init_attr.dct_access_key = self->dct_access_key;
  attr->send_ops_flags = self->send_ops_flags;
}

/* ---- Mlx5DVCQInitAttr ----------------------------------------------------- */

/**
 * GVerbsMlx5DVCQInitAttr:
 *
 * The mlx5-specific creation attributes of a #GVerbsMlx5CQ (`struct
 * mlx5dv_cq_init_attr`, pyverbs' `Mlx5DVCQInitAttr`): CQE compression and
 * its format, padding flags, the CQE size.
 *
 * When to use it: to create a #GVerbsMlx5CQ with compressed or 128-byte
 * CQEs, which saves PCIe bandwidth at high message rates.
 *
 * ```c
 * // given: GVerbsMlx5Context *ctx; GVerbsCqInitAttrEx *attr;
 * g_autoptr(GVerbsMlx5DVCQInitAttr) dv =
 *   gverbs_mlx5_dv_cq_init_attr_new (GVERBS_MLX5DV_CQ_INIT_ATTR_MASK_COMPRESSED_CQE,
 *                                    GVERBS_MLX5DV_CQE_RES_FORMAT_HASH, 0, 0);
 * g_autoptr(GVerbsMlx5CQ) cq = gverbs_mlx5_cq_new (GVERBS_CONTEXT (ctx), attr, dv, &error);
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsMlx5DVCQInitAttr
{
  GObject parent_instance;

  guint comp_mask;
  guint cqe_comp_res_format;
  guint flags;
  guint cqe_size;
};

static const GVerbsField cq_fields[] = {
  /**
   * GVerbsMlx5DVCQInitAttr:comp-mask:
   *
   * Which of the other fields are valid.
   */
  GVERBS_PROP_FLAGS (GVerbsMlx5DVCQInitAttr, comp_mask, "comp-mask",
                     gverbs_mlx5_dv_cq_init_attr_mask_get_type, 0, G_PARAM_READWRITE),
  /**
   * GVerbsMlx5DVCQInitAttr:cqe-comp-res-format:
   *
   * The compressed CQE format, with %GVERBS_MLX5DV_CQ_INIT_ATTR_MASK_COMPRESSED_CQE.
   */
  GVERBS_PROP_FLAGS (GVerbsMlx5DVCQInitAttr, cqe_comp_res_format, "cqe-comp-res-format",
                     gverbs_mlx5_dv_cqe_res_format_get_type, 0, G_PARAM_READWRITE),
  /**
   * GVerbsMlx5DVCQInitAttr:flags:
   *
   * Creation flags, with %GVERBS_MLX5DV_CQ_INIT_ATTR_MASK_FLAGS.
   */
  GVERBS_PROP_FLAGS (GVerbsMlx5DVCQInitAttr, flags, "flags",
                     gverbs_mlx5_dv_cq_init_attr_flags_get_type, 0, G_PARAM_READWRITE),
  /**
   * GVerbsMlx5DVCQInitAttr:cqe-size:
   *
   * The CQE size in bytes (64 or 128), with %GVERBS_MLX5DV_CQ_INIT_ATTR_MASK_CQE_SIZE.
   */
  GVERBS_PROP_UINT (GVerbsMlx5DVCQInitAttr, cqe_size, "cqe-size", G_MAXUINT16, 0,
                    G_PARAM_READWRITE),
};

GVERBS_DEFINE_PROPERTIES_TYPE (GVerbsMlx5DVCQInitAttr, gverbs_mlx5_dv_cq_init_attr, cq_fields)

/**
 * gverbs_mlx5_dv_cq_init_attr_new:
 * @comp_mask: which fields are valid
 * @cqe_comp_res_format: the compressed CQE format
 * @flags: creation flags
 * @cqe_size: the CQE size (0: the default)
 *
 * Creates the mlx5-specific creation attributes of a completion queue
 * (`struct mlx5dv_cq_init_attr`); @cqe_size is capped at 65535.
 *
 * Returns: (transfer full): new mlx5 CQ attributes
 *
 * Since: 0.1
 */
GVerbsMlx5DVCQInitAttr *
gverbs_mlx5_dv_cq_init_attr_new (GVerbsMlx5DVCQInitAttrMask  comp_mask,
                                 GVerbsMlx5DVCqeResFormat    cqe_comp_res_format,
                                 GVerbsMlx5DVCQInitAttrFlags flags,
                                 guint                       cqe_size)
{
  return g_object_new (GVERBS_TYPE_MLX5_DV_CQ_INIT_ATTR, "comp-mask", comp_mask,
                       "cqe-comp-res-format", cqe_comp_res_format, "flags", flags,
                       "cqe-size", MIN (cqe_size, G_MAXUINT16), NULL);
}

/**
 * gverbs_mlx5_dv_cq_init_attr_to_string:
 * @self: a #GVerbsMlx5DVCQInitAttr
 *
 * Formats the attributes as text, as pyverbs' `Mlx5DVCQInitAttr` prints them.
 *
 * Returns: (transfer full): the attributes in pyverbs' layout
 *
 * Since: 0.1
 */
char *
gverbs_mlx5_dv_cq_init_attr_to_string (GVerbsMlx5DVCQInitAttr *self)
{
#define R(member, label, format, type) GVERBS_PRINT_ROW (GVerbsMlx5DVCQInitAttr, member, label, 20, format, type)
  static const GVerbsPrintRow rows[] = {
    R (comp_mask, "comp mask", GVERBS_PRINT_FLAGS, gverbs_mlx5_dv_cq_init_attr_mask_get_type),
    R (cqe_comp_res_format, "CQE compression", GVERBS_PRINT_FLAGS, gverbs_mlx5_dv_cqe_res_format_get_type),
    R (flags, "flags", GVERBS_PRINT_FLAGS, gverbs_mlx5_dv_cq_init_attr_flags_get_type),
    R (cqe_size, "CQE size", GVERBS_PRINT_UINT, NULL),
  };
#undef R

  g_return_val_if_fail (GVERBS_IS_MLX5_DV_CQ_INIT_ATTR (self), NULL);
  return _gverbs_print_to_string (rows, G_N_ELEMENTS (rows), self);
}

void
_gverbs_mlx5_dv_cq_init_attr_fill (GVerbsMlx5DVCQInitAttr     *self,
                                   struct mlx5dv_cq_init_attr *attr)
{
  memset (attr, 0, sizeof *attr);
  attr->comp_mask = self->comp_mask;
  attr->cqe_comp_res_format = (uint8_t) self->cqe_comp_res_format;
  attr->flags = self->flags;
  attr->cqe_size = (uint16_t) self->cqe_size;
}

/* ---- Mlx5DVContext (mlx5dv_query_device) ----------------------------------- */

/**
 * GVerbsMlx5DVContext:
 *
 * An mlx5 device's direct-verbs attributes (`struct mlx5dv_context` from
 * mlx5dv_query_device(), pyverbs' `Mlx5DVContext`), returned by
 * gverbs_mlx5_context_query_mlx5_device(): one read-only property per
 * field, nested groups flattened (`cqe_comp_caps.max_num` is
 * `cqe-comp-caps-max-num`).
 *
 * When to use it: to check what an mlx5 device offers (CQE compression,
 * striding RQ, tunnel offloads, DC ODP …) before asking for it.
 *
 * ```c
 * // given: GVerbsMlx5Context *ctx;
 * g_autoptr(GVerbsMlx5DVContext) dv =
 *   gverbs_mlx5_context_query_mlx5_device (ctx, GVERBS_MLX5DV_CONTEXT_MASK_CQE_COMPRESION, &error);
 * guint max_num = 0;
 *
 * if (dv != NULL)
 *   g_object_get (dv, "cqe-comp-caps-max-num", &max_num, NULL);
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsMlx5DVContext
{
  GObject parent_instance;
  struct mlx5dv_context attr;
};

/**
 * GVerbsMlx5DVContext:version:
 *
 * The mlx5 direct-verbs version the device reports
 * (`mlx5dv_context.version`).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:flags:
 *
 * The device's capability flags (`mlx5dv_context.flags`,
 * #GVerbsMlx5DVContextFlags bits: CQE version 1, multi-packet WQE allowed,
 * enhanced MPW, 128-byte CQE compression or padding …).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:comp-mask:
 *
 * Which of the optional field groups the device filled
 * (`mlx5dv_context.comp_mask`, #GVerbsMlx5DVContextCompMask bits); the other
 * groups read 0.
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:cqe-comp-caps-max-num:
 *
 * The most CQEs the device can compress into one compressed CQE session
 * (`cqe_comp_caps.max_num`); 0 when CQE compression is not supported.
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:cqe-comp-caps-supported-format:
 *
 * The compressed CQE formats the device supports
 * (`cqe_comp_caps.supported_format`, #GVerbsMlx5DVCQEResFormat bits).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:sw-parsing-offloads:
 *
 * The software-parsing offloads the device supports
 * (`sw_parsing_caps.sw_parsing_offloads`, `MLX5DV_SW_PARSING*` bits: parsing,
 * checksum, LSO).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:sw-parsing-supported-qpts:
 *
 * The QP types software parsing works on (`sw_parsing_caps.supported_qpts`),
 * a bit `1 << IBV_QPT_*` per type.
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:min-single-stride-log-num-of-bytes:
 *
 * The smallest stride of a striding receive queue, as log2 of its size in
 * bytes (`striding_rq_caps.min_single_stride_log_num_of_bytes`).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:max-single-stride-log-num-of-bytes:
 *
 * The largest stride of a striding receive queue, as log2 of its size in
 * bytes (`striding_rq_caps.max_single_stride_log_num_of_bytes`).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:min-single-wqe-log-num-of-strides:
 *
 * The fewest strides in one striding receive WQE, as log2 of the count
 * (`striding_rq_caps.min_single_wqe_log_num_of_strides`).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:max-single-wqe-log-num-of-strides:
 *
 * The most strides in one striding receive WQE, as log2 of the count
 * (`striding_rq_caps.max_single_wqe_log_num_of_strides`).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:striding-rq-supported-qpts:
 *
 * The QP types a striding receive queue works on
 * (`striding_rq_caps.supported_qpts`), a bit `1 << IBV_QPT_*` per type.
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:tunnel-offloads-caps:
 *
 * The tunnel types whose stateless offloads the device supports
 * (`tunnel_offloads_caps`, `MLX5DV_RAW_PACKET_CAP_TUNNELED_OFFLOAD_*` bits:
 * VXLAN, GRE, GENEVE …).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:max-dynamic-bfregs:
 *
 * The most BlueFlame registers the context can allocate dynamically
 * (`max_dynamic_bfregs`).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:max-clock-info-update-nsec:
 *
 * The longest time, in nanoseconds, between two updates of the clock
 * information mlx5dv_get_clock_info() reads (`max_clock_info_update_nsec`).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:flow-action-flags:
 *
 * The flow actions the device supports (`flow_action_flags`,
 * `MLX5DV_FLOW_ACTION_FLAGS_*` bits, such as ESP AES-GCM offloads).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:dc-odp-caps:
 *
 * The on-demand paging operations the device supports on DC transport
 * (`dc_odp_caps`, `IBV_ODP_SUPPORT_*` bits).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:num-lag-ports:
 *
 * The number of ports in the device's link aggregation (`num_lag_ports`); 0
 * without LAG.
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:max-log-num-concurent:
 *
 * The most streams a DCI can run concurrently, as log2 of the count
 * (`dci_streams_caps.max_log_num_concurent`; the spelling is rdma-core's).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:max-log-num-errored:
 *
 * The most streams of a DCI that may be in error at once before the DCI
 * itself is, as log2 of the count (`dci_streams_caps.max_log_num_errored`).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVContext:max-wr-memcpy-length:
 *
 * The longest copy, in bytes, one memcpy work request can do
 * (`max_wr_memcpy_length`).
 *
 * Since: 0.1
 */
#define N(name, field, kind, type) GVERBS_FIELD_NAMED (struct mlx5dv_context, field, name, kind, type)
static const GVerbsField context_fields[] = {
  N ("version", version, GVERBS_FIELD_UINT, NULL),
  N ("flags", flags, GVERBS_FIELD_UINT, NULL),
  N ("comp_mask", comp_mask, GVERBS_FIELD_UINT, NULL),
  N ("cqe_comp_caps_max_num", cqe_comp_caps.max_num, GVERBS_FIELD_UINT, NULL),
  N ("cqe_comp_caps_supported_format", cqe_comp_caps.supported_format, GVERBS_FIELD_UINT, NULL),
  N ("sw_parsing_offloads", sw_parsing_caps.sw_parsing_offloads, GVERBS_FIELD_UINT, NULL),
  N ("sw_parsing_supported_qpts", sw_parsing_caps.supported_qpts, GVERBS_FIELD_UINT, NULL),
  N ("min_single_stride_log_num_of_bytes", striding_rq_caps.min_single_stride_log_num_of_bytes,
     GVERBS_FIELD_UINT, NULL),
  N ("max_single_stride_log_num_of_bytes", striding_rq_caps.max_single_stride_log_num_of_bytes,
     GVERBS_FIELD_UINT, NULL),
  N ("min_single_wqe_log_num_of_strides", striding_rq_caps.min_single_wqe_log_num_of_strides,
     GVERBS_FIELD_UINT, NULL),
  N ("max_single_wqe_log_num_of_strides", striding_rq_caps.max_single_wqe_log_num_of_strides,
     GVERBS_FIELD_UINT, NULL),
  N ("striding_rq_supported_qpts", striding_rq_caps.supported_qpts, GVERBS_FIELD_UINT, NULL),
  N ("tunnel_offloads_caps", tunnel_offloads_caps, GVERBS_FIELD_UINT, NULL),
  N ("max_dynamic_bfregs", max_dynamic_bfregs, GVERBS_FIELD_UINT, NULL),
  N ("max_clock_info_update_nsec", max_clock_info_update_nsec, GVERBS_FIELD_UINT, NULL),
  N ("flow_action_flags", flow_action_flags, GVERBS_FIELD_UINT, NULL),
  N ("dc_odp_caps", dc_odp_caps, GVERBS_FIELD_UINT, NULL),
  N ("num_lag_ports", num_lag_ports, GVERBS_FIELD_UINT, NULL),
  N ("max_log_num_concurent", dci_streams_caps.max_log_num_concurent, GVERBS_FIELD_UINT, NULL),
  N ("max_log_num_errored", dci_streams_caps.max_log_num_errored, GVERBS_FIELD_UINT, NULL),
  N ("max_wr_memcpy_length", max_wr_memcpy_length, GVERBS_FIELD_UINT, NULL),
};
#undef N

GVERBS_DEFINE_FIELDS_TYPE (GVerbsMlx5DVContext, gverbs_mlx5_dv_context, struct mlx5dv_context, attr, context_fields,
                           _gverbs_mlx5_dv_context_new)

/**
 * gverbs_mlx5_dv_context_to_string:
 * @self: a #GVerbsMlx5DVContext
 *
 * Formats the device attributes as text, as pyverbs' `Mlx5DVContext`
 * prints them.
 *
 * Returns: (transfer full): the attributes in pyverbs' layout (the mlx5
 *   query example of its README)
 *
 * Since: 0.1
 */
char *
gverbs_mlx5_dv_context_to_string (GVerbsMlx5DVContext *self)
{
#define R(member, label, width, format, type) \
  GVERBS_PRINT_ROW (struct mlx5dv_context, member, label, width, format, type)
  static const GVerbsPrintRow rows[] = {
    R (version, "Version", 20, GVERBS_PRINT_UINT, NULL),
    R (flags, "Flags", 20, GVERBS_PRINT_FLAGS, gverbs_mlx5_dv_context_flags_get_type),
    R (comp_mask, "comp mask", 20, GVERBS_PRINT_FLAGS, gverbs_mlx5_dv_context_comp_mask_get_type),
    GVERBS_PRINT_HEADING_ROW ("CQE compression caps:"),
    R (cqe_comp_caps.max_num, "  max num", 22, GVERBS_PRINT_UINT, NULL),
    R (cqe_comp_caps.supported_format, "  supported formats", 20, GVERBS_PRINT_FLAGS,
       gverbs_mlx5_dv_cqe_res_format_get_type),
    GVERBS_PRINT_HEADING_ROW ("SW parsing caps:"),
    R (sw_parsing_caps.sw_parsing_offloads, "  SW parsing offloads", 22, GVERBS_PRINT_UINT, NULL),
    R (sw_parsing_caps.supported_qpts, "  supported QP types", 22, GVERBS_PRINT_UINT, NULL),
    GVERBS_PRINT_HEADING_ROW ("Striding RQ caps:"),
    R (striding_rq_caps.min_single_stride_log_num_of_bytes, "  min single stride log num of bytes",
       0, GVERBS_PRINT_UINT, NULL),
    R (striding_rq_caps.max_single_stride_log_num_of_bytes, "  max single stride log num of bytes",
       0, GVERBS_PRINT_UINT, NULL),
    R (striding_rq_caps.min_single_wqe_log_num_of_strides, "  min single wqe log num of strides",
       0, GVERBS_PRINT_UINT, NULL),
    R (striding_rq_caps.max_single_wqe_log_num_of_strides, "  max single wqe log num of strides",
       0, GVERBS_PRINT_UINT, NULL),
    R (striding_rq_caps.supported_qpts, "  supported QP types", 22, GVERBS_PRINT_UINT, NULL),
    R (tunnel_offloads_caps, "Tunnel offloads caps", 20, GVERBS_PRINT_UINT, NULL),
    R (max_dynamic_bfregs, "Max dynamic BF registers", 0, GVERBS_PRINT_UINT, NULL),
    R (max_clock_info_update_nsec, "Max clock info update [nsec]", 0, GVERBS_PRINT_UINT, NULL),
    R (flow_action_flags, "Flow action flags", 20, GVERBS_PRINT_UINT, NULL),
  };
#undef R

  g_return_val_if_fail (GVERBS_IS_MLX5_DV_CONTEXT (self), NULL);
  return _gverbs_print_to_string (rows, G_N_ELEMENTS (rows), &self->attr);
}

/* ---- Mlx5DVPortAttr (mlx5dv_query_port) ----------------------------------- */

/**
 * GVerbsMlx5DVPortAttr:
 *
 * An mlx5 port's direct-verbs attributes (`struct mlx5dv_port` from
 * mlx5dv_query_port(), pyverbs' `Mlx5DVPortAttr`), returned by
 * gverbs_mlx5_context_query_mlx5_port(): one read-only property per field;
 * #GVerbsMlx5DVPortAttr:flags says which are valid.
 *
 * When to use it: on a switchdev (e-switch) setup, to learn a port's vport
 * number and steering addresses.
 *
 * ```c
 * // given: GVerbsMlx5Context *ctx;
 * g_autoptr(GVerbsMlx5DVPortAttr) port = gverbs_mlx5_context_query_mlx5_port (ctx, 1, &error);
 * guint vport = 0;
 *
 * if (port != NULL)
 *   g_object_get (port, "vport", &vport, NULL);
 * ```
 *
 * Since: 0.1
 */
struct _GVerbsMlx5DVPortAttr
{
  GObject parent_instance;
  struct mlx5dv_port attr;
};

/**
 * GVerbsMlx5DVPortAttr:flags:
 *
 * Which of the other fields are valid (`mlx5dv_port.flags`,
 * `MLX5DV_QUERY_PORT_*` bits).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVPortAttr:vport:
 *
 * The e-switch vport number of the port (`mlx5dv_port.vport`).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVPortAttr:vport-vhca-id:
 *
 * The id of the virtual HCA that the vport belongs to
 * (`mlx5dv_port.vport_vhca_id`).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVPortAttr:esw-owner-vhca-id:
 *
 * The id of the virtual HCA that manages the e-switch the vport is on
 * (`mlx5dv_port.esw_owner_vhca_id`).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVPortAttr:vport-steering-icm-rx:
 *
 * The device (ICM) address of the vport's receive steering root table
 * (`mlx5dv_port.vport_steering_icm_rx`), for software steering.
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVPortAttr:vport-steering-icm-tx:
 *
 * The device (ICM) address of the vport's transmit steering root table
 * (`mlx5dv_port.vport_steering_icm_tx`), for software steering.
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVPortAttr:reg-c0-value:
 *
 * The metadata value in register C0 that marks packets from this vport
 * (`mlx5dv_port.reg_c0.value`).
 *
 * Since: 0.1
 */
/**
 * GVerbsMlx5DVPortAttr:reg-c0-mask:
 *
 * The bits of register C0 that #GVerbsMlx5DVPortAttr:reg-c0-value occupies
 * (`mlx5dv_port.reg_c0.mask`).
 *
 * Since: 0.1
 */
#define N(name, field) GVERBS_FIELD_NAMED (struct mlx5dv_port, field, name, GVERBS_FIELD_UINT, NULL)
/* a field that to_string() prints too, with pyverbs' label */
#define P(name, field, label) \
  GVERBS_FIELD_NAMED_PRINTED (struct mlx5dv_port, field, name, GVERBS_FIELD_UINT, NULL, label, \
                              GVERBS_PRINT_UINT)
static const GVerbsField port_fields[] = {
  GVERBS_FIELD_NAMED_PRINTED (struct mlx5dv_port, flags, "flags", GVERBS_FIELD_UINT,
                              gverbs_mlx5_dv_query_port_flags_get_type, "Flags", GVERBS_PRINT_FLAGS),
  P ("vport", vport, "vport"),
  P ("vport_vhca_id", vport_vhca_id, "vport vhca id"),
  P ("esw_owner_vhca_id", esw_owner_vhca_id, "e-switch vhca id"),
  N ("vport_steering_icm_rx", vport_steering_icm_rx),
  N ("vport_steering_icm_tx", vport_steering_icm_tx),
  P ("reg_c0_value", reg_c0.value, "reg c0 value"),
  P ("reg_c0_mask", reg_c0.mask, "reg c0 mask"),
};
#undef N
#undef P

GVERBS_DEFINE_FIELDS_TYPE (GVerbsMlx5DVPortAttr, gverbs_mlx5_dv_port_attr, struct mlx5dv_port, attr, port_fields,
                           _gverbs_mlx5_dv_port_attr_new)

/**
 * gverbs_mlx5_dv_port_attr_to_string:
 * @self: a #GVerbsMlx5DVPortAttr
 *
 * Formats the port attributes as text, as pyverbs' `Mlx5DVPortAttr`
 * prints them.
 *
 * Returns: (transfer full): the attributes in pyverbs' layout
 *
 * Since: 0.1
 */
char *
gverbs_mlx5_dv_port_attr_to_string (GVerbsMlx5DVPortAttr *self)
{
  GString *out;

  g_return_val_if_fail (GVERBS_IS_MLX5_DV_PORT_ATTR (self), NULL);
  out = g_string_new (NULL);
  _gverbs_fields_print (out, 20, port_fields, G_N_ELEMENTS (port_fields), &self->attr);
  return g_string_free (out, FALSE);
}
