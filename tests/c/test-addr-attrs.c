/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Host tests: the attribute carriers of addressing, XRCD and device memory. */
#include <string.h>
#include <gverbs.h>

static void
test_global_route_defaults_and_round_trip (void)
{
  g_autoptr(GVerbsGlobalRoute) gr = gverbs_global_route_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) raw = NULL;
  g_autofree char *dgid = NULL;
  guint flow_label, sgid_index, hop_limit, traffic_class;
  static const guint8 expected[16] = { 0xfe, 0x80, 0, 0, 0, 0, 0, 0,
                                       0x50, 0x54, 0x00, 0xff, 0xfe, 0x77, 0x00, 0x01 };

  g_object_get (gr, "flow-label", &flow_label, "sgid-index", &sgid_index,
                "hop-limit", &hop_limit, "traffic-class", &traffic_class, NULL);
  g_assert_cmpuint (flow_label, ==, 0);
  g_assert_cmpuint (sgid_index, ==, 0);
  g_assert_cmpuint (hop_limit, ==, 1);   /* pyverbs' default */
  g_assert_cmpuint (traffic_class, ==, 0);

  g_assert_true (gverbs_global_route_set_dgid (gr, "fe80:0000:0000:0000:5054:00ff:fe77:0001", &error));
  g_assert_no_error (error);
  raw = gverbs_global_route_dup_dgid_bytes (gr);
  g_assert_cmpmem (g_bytes_get_data (raw, NULL), g_bytes_get_size (raw), expected, 16);
  g_object_set (gr, "flow-label", 0xabcde, "sgid-index", 3, "hop-limit", 64, "traffic-class", 7, NULL);
  g_object_get (gr, "dgid", &dgid, "flow-label", &flow_label, "sgid-index", &sgid_index,
                "hop-limit", &hop_limit, "traffic-class", &traffic_class, NULL);
  g_assert_cmpstr (dgid, ==, "fe80:0000:0000:0000:5054:00ff:fe77:0001");
  g_assert_cmpuint (flow_label, ==, 0xabcde);
  g_assert_cmpuint (sgid_index, ==, 3);
  g_assert_cmpuint (hop_limit, ==, 64);
  g_assert_cmpuint (traffic_class, ==, 7);
}

static void
test_global_route_gid_forms (void)
{
  g_autoptr(GVerbsGlobalRoute) gr = gverbs_global_route_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) raw = NULL;
  g_autofree char *text = NULL;
  guint8 bytes[16];

  /* short groups and compressed IPv6 text are GIDs too */
  g_assert_true (gverbs_global_route_set_dgid (gr, "::ffff:10.77.0.1", &error));
  g_assert_no_error (error);
  text = gverbs_global_route_dup_dgid (gr);
  g_assert_cmpstr (text, ==, "0000:0000:0000:0000:0000:ffff:0a4d:0001");
  g_clear_pointer (&text, g_free);
  g_assert_true (gverbs_global_route_set_dgid (gr, "FE80:0:0:0:1:2:3:4", &error));
  text = gverbs_global_route_dup_dgid (gr);
  g_assert_cmpstr (text, ==, "fe80:0000:0000:0000:0001:0002:0003:0004");
  g_clear_pointer (&text, g_free);

  for (guint i = 0; i < 16; i++)
    bytes[i] = i;
  raw = g_bytes_new (bytes, 16);
  g_assert_true (gverbs_global_route_set_dgid_bytes (gr, raw, &error));
  text = gverbs_global_route_dup_dgid (gr);
  g_assert_cmpstr (text, ==, "0001:0203:0405:0607:0809:0a0b:0c0d:0e0f");
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&raw, g_bytes_unref);

  /* refused text leaves the route unchanged */
  for (guint i = 0; i < 4; i++)
    {
      static const char *bad[] = { "xyz", "fe80:0000:0000:0000:5054:00ff:fe77", "12345:0:0:0:0:0:0:0",
                                   "fe80:0000:0000:0000:5054:00ff:fe77:000g" };

      g_assert_false (gverbs_global_route_set_dgid (gr, bad[i], &error));
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, bad[i]));
      g_clear_error (&error);
    }
  text = gverbs_global_route_dup_dgid (gr);
  g_assert_cmpstr (text, ==, "0001:0203:0405:0607:0809:0a0b:0c0d:0e0f");
  g_clear_pointer (&text, g_free);

  raw = g_bytes_new (bytes, 15);
  g_assert_false (gverbs_global_route_set_dgid_bytes (gr, raw, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* through the property, bad text is kept and reported later */
  g_object_set (gr, "dgid", "not-a-gid", NULL);
  text = gverbs_global_route_dup_dgid (gr);
  g_assert_cmpstr (text, ==, "not-a-gid");
}

static void
test_global_route_to_string (void)
{
  g_autoptr(GVerbsGlobalRoute) gr = gverbs_global_route_new ();
  g_autofree char *text = NULL;

  g_assert_true (gverbs_global_route_set_dgid (gr, "fe80:0000:0000:0000:9a03:9bff:fe00:e4bf", NULL));
  text = gverbs_global_route_to_string (gr);
  /* the seed's printout, with pyverbs' {:<20} value padding */
  g_assert_cmpstr (text, ==,
                   "DGID                  : fe80:0000:0000:0000:9a03:9bff:fe00:e4bf\n"
                   "flow label            : 0                   \n"
                   "sgid index            : 0                   \n"
                   "hop limit             : 1                   \n"
                   "traffic class         : 0                   \n");
}

static void
test_ah_attr (void)
{
  g_autoptr(GVerbsAHAttr) attr = gverbs_ah_attr_new ();
  g_autoptr(GVerbsGlobalRoute) gr = gverbs_global_route_new ();
  g_autoptr(GVerbsGlobalRoute) got = NULL;
  g_autofree char *text = NULL;
  g_autofree char *global_text = NULL;
  guint dlid, sl, bits, port;
  GVerbsRate rate;
  gboolean global;

  g_object_get (attr, "dlid", &dlid, "sl", &sl, "src-path-bits", &bits, "static-rate", &rate,
                "is-global", &global, "port-num", &port, "grh", &got, NULL);
  g_assert_cmpuint (dlid, ==, 0);
  g_assert_cmpuint (port, ==, 1);
  g_assert_false (global);
  g_assert_null (got);
  g_assert_cmpint (rate, ==, GVERBS_RATE_MAX);

  text = gverbs_ah_attr_to_string (attr);
  g_assert_cmpstr (text, ==,
                   "  port num              : 1                   \n"
                   "  sl                    : 0                   \n"
                   "  source path bits      : 0                   \n"
                   "  dlid                  : 0                   \n"
                   "  static rate           : 0                   \n"
                   "  is global             : 0                   \n");

  g_object_set (gr, "sgid-index", 1, "hop-limit", 2, NULL);
  g_assert_true (gverbs_global_route_set_dgid (gr, "0000:0000:0000:0000:0000:ffff:0a4d:0001", NULL));
  g_object_set (attr, "dlid", 0x1234, "sl", 5, "src-path-bits", 1,
                "static-rate", GVERBS_RATE_GBPS_100, "is-global", TRUE, "port-num", 2,
                "grh", gr, NULL);
  g_object_get (attr, "dlid", &dlid, "sl", &sl, "src-path-bits", &bits, "static-rate", &rate,
                "is-global", &global, "port-num", &port, "grh", &got, NULL);
  g_assert_cmpuint (dlid, ==, 0x1234);
  g_assert_cmpuint (sl, ==, 5);
  g_assert_cmpuint (bits, ==, 1);
  g_assert_cmpint (rate, ==, GVERBS_RATE_GBPS_100);
  g_assert_true (global);
  g_assert_cmpuint (port, ==, 2);
  g_assert_true (got == gr);
  g_assert_true (gverbs_ah_attr_get_grh (attr) == gr);
  g_assert_cmpuint (gverbs_ah_attr_get_port_num (attr), ==, 2);
  g_assert_true (gverbs_ah_attr_get_is_global (attr));

  global_text = gverbs_ah_attr_to_string (attr);
  g_assert_cmpstr (global_text, ==,
                   "  port num              : 2                   \n"
                   "  sl                    : 5                   \n"
                   "  source path bits      : 1                   \n"
                   "  dlid                  : 4660                \n"
                   "  static rate           : 16                  \n"
                   "  is global             : 1                   \n"
                   "  dgid                  : 0000:0000:0000:0000:0000:ffff:0a4d:0001\n"
                   "  flow label            : 0                   \n"
                   "  sgid index            : 1                   \n"
                   "  hop limit             : 2                   \n"
                   "  traffic_class         : 0                   \n");
  gverbs_ah_attr_set_grh (attr, NULL);
  g_assert_null (gverbs_ah_attr_get_grh (attr));
}

static void
test_xrcd_and_dm_attrs (void)
{
  g_autoptr(GVerbsXRCDInitAttr) x = gverbs_xrcd_init_attr_new (GVERBS_XRCD_INIT_ATTR_FD |
                                                               GVERBS_XRCD_INIT_ATTR_OFLAGS, 0100, 7);
  g_autoptr(GVerbsXRCDInitAttr) xd = g_object_new (GVERBS_TYPE_XRCD_INIT_ATTR, NULL);
  g_autoptr(GVerbsAllocDmAttr) d = gverbs_alloc_dm_attr_new (G_GUINT64_CONSTANT (1) << 40, 6, 0);
  GVerbsXRCDInitAttrMask mask;
  int fd, oflags;
  guint64 length;
  guint align, comp;

  g_object_get (x, "comp-mask", &mask, "fd", &fd, "oflags", &oflags, NULL);
  g_assert_cmpuint (mask, ==, GVERBS_XRCD_INIT_ATTR_FD | GVERBS_XRCD_INIT_ATTR_OFLAGS);
  g_assert_cmpint (fd, ==, 7);
  g_assert_cmpint (oflags, ==, 0100);
  g_object_get (xd, "fd", &fd, NULL);
  g_assert_cmpint (fd, ==, -1);

  g_object_get (d, "length", &length, "log-align-req", &align, "comp-mask", &comp, NULL);
  g_assert_cmpuint (length, ==, G_GUINT64_CONSTANT (1) << 40);
  g_assert_cmpuint (gverbs_alloc_dm_attr_get_length (d), ==, G_GUINT64_CONSTANT (1) << 40);
  g_assert_cmpuint (align, ==, 6);
  g_assert_cmpuint (comp, ==, 0);
}

/* The kinds of property-table rows the attribute classes use: a GID kept
 * as text, a value computed by a getter, a struct held by value, fields in
 * a private struct, read through GObject as a binding does. */
static void
test_table_row_kinds (void)
{
  g_autoptr(GVerbsGlobalRoute) gr = gverbs_global_route_new ();
  g_autoptr(GBytes) key = g_bytes_new_static ("0123456789", 10);
  g_autoptr(GVerbsRxHashConf) conf = gverbs_rx_hash_conf_new (0, key, 0, NULL);
  g_autoptr(GVerbsSrqInitAttrEx) srq = gverbs_srq_init_attr_ex_new (NULL);
  GVerbsSrqAttr sa = { 5, 2, 1 };
  GVerbsQPCap cap = { 3, 4, 2, 2, 16 };
  g_autoptr(GVerbsQPInitAttr) qp = gverbs_qp_init_attr_new (GVERBS_QPT_RC, NULL, NULL, &cap);
  g_autoptr(GBytes) got_key = NULL;
  g_autofree char *dgid = NULL;
  GVerbsSrqAttr *got_sa = NULL;
  GVerbsQPCap *got_cap = NULL;
  GVerbsQPType qp_type;
  gboolean sig_all;
  guint key_len;

  g_object_get (gr, "dgid", &dgid, NULL);
  g_assert_cmpstr (dgid, ==, "0000:0000:0000:0000:0000:0000:0000:0000");
  g_clear_pointer (&dgid, g_free);
  g_object_set (gr, "dgid", "::1", NULL);
  g_object_get (gr, "dgid", &dgid, NULL);
  g_assert_cmpstr (dgid, ==, "0000:0000:0000:0000:0000:0000:0000:0001");
  g_clear_pointer (&dgid, g_free);
  g_object_set (gr, "dgid", "nope", NULL);
  g_object_get (gr, "dgid", &dgid, NULL);
  g_assert_cmpstr (dgid, ==, "nope");
  g_clear_pointer (&dgid, g_free);
  g_object_set (gr, "dgid", NULL, NULL);
  g_object_get (gr, "dgid", &dgid, NULL);
  g_assert_cmpstr (dgid, ==, "0000:0000:0000:0000:0000:0000:0000:0000");

  g_assert_nonnull (conf);
  g_object_get (conf, "rx-hash-key-len", &key_len, "rx-hash-key", &got_key, NULL);
  g_assert_cmpuint (key_len, ==, 10);
  g_assert_true (g_bytes_equal (got_key, key));

  g_object_get (srq, "attr", &got_sa, NULL);
  g_assert_cmpuint (got_sa->max_wr, ==, 100);
  g_assert_cmpuint (got_sa->max_sge, ==, 1);
  g_clear_pointer (&got_sa, gverbs_srq_attr_free);
  g_object_set (srq, "attr", &sa, NULL);
  g_object_get (srq, "attr", &got_sa, NULL);
  g_assert_cmpmem (got_sa, sizeof *got_sa, &sa, sizeof sa);
  g_clear_pointer (&got_sa, gverbs_srq_attr_free);
  g_object_set (srq, "attr", NULL, NULL);
  g_object_get (srq, "attr", &got_sa, NULL);
  g_assert_cmpuint (got_sa->max_wr, ==, 100);
  g_clear_pointer (&got_sa, gverbs_srq_attr_free);

  g_object_get (qp, "qp-type", &qp_type, "sq-sig-all", &sig_all, "cap", &got_cap, NULL);
  g_assert_cmpint (qp_type, ==, GVERBS_QPT_RC);
  g_assert_true (sig_all);
  g_assert_cmpmem (got_cap, sizeof *got_cap, &cap, sizeof cap);
  g_clear_pointer (&got_cap, gverbs_qp_cap_free);
  g_object_set (qp, "qp-type", GVERBS_QPT_UC, "sq-sig-all", FALSE, "cap", NULL, NULL);
  g_object_get (qp, "qp-type", &qp_type, "sq-sig-all", &sig_all, "cap", &got_cap, NULL);
  g_assert_cmpint (qp_type, ==, GVERBS_QPT_UC);
  g_assert_cmpint (gverbs_qp_init_attr_get_qp_type (qp), ==, GVERBS_QPT_UC);
  g_assert_false (sig_all);
  g_assert_cmpuint (got_cap->max_send_wr, ==, 0);
  g_assert_cmpuint (got_cap->max_inline_data, ==, 0);
  g_clear_pointer (&got_cap, gverbs_qp_cap_free);
}

/* AddrInfo's computed properties store nothing: finalizing one must not
 * free what their rows point at (it freed the instance's class pointer). */
static void
test_addr_info_computed_properties (void)
{
  GVerbsAddrInfo *ai = g_object_new (GVERBS_TYPE_ADDR_INFO, "src", "127.0.0.1",
                                     "src-service", "7471", NULL);
  g_autofree char *src = NULL, *src_address = NULL;
  guint src_port = 1;

  /* not initialized: nothing resolved yet */
  g_object_get (ai, "src", &src, "src-address", &src_address, "src-port", &src_port, NULL);
  g_assert_cmpstr (src, ==, "127.0.0.1");
  g_assert_null (src_address);
  g_assert_cmpuint (src_port, ==, 0);
  g_assert_finalize_object (ai);
}

/* The *_new_full() constructors: every field in one call, each value checked
 * against its property's range, and the object's own defaults kept where a
 * value equals them. */
static void
test_new_full_constructors (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsGid) gid = NULL;
  g_autoptr(GVerbsGlobalRoute) gr = NULL;
  g_autoptr(GVerbsAHAttr) ah = NULL;
  g_autoptr(GVerbsQPAttr) qpa = NULL;
  g_autoptr(GVerbsQPInitAttr) qpia = NULL;
  g_autoptr(GVerbsCMQPInitAttr) cm_attr = NULL;
  const GVerbsQPCap cap = { 8, 16, 2, 1, 64 };
  GVerbsQPCap got_cap;
  g_autoptr(GBytes) raw = NULL;
  guint flow_label, sgid_index, hop_limit, dlid, sl, port_num;
  GVerbsRate rate;
  GVerbsQPState state, cur_state;
  GVerbsMTU mtu;
  gboolean is_global;

  gid = gverbs_gid_new_from_string ("fe80::5054:ff:fe77:1", &error);
  g_assert_no_error (error);
  gr = gverbs_global_route_new_full (gid, 0xabcde, 3, 64, 7, &error);
  g_assert_no_error (error);
  g_object_get (gr, "flow-label", &flow_label, "sgid-index", &sgid_index,
                "hop-limit", &hop_limit, NULL);
  g_assert_cmpuint (flow_label, ==, 0xabcde);
  g_assert_cmpuint (sgid_index, ==, 3);
  g_assert_cmpuint (hop_limit, ==, 64);
  raw = gverbs_global_route_dup_dgid_bytes (gr);
  g_assert_cmpmem (g_bytes_get_data (raw, NULL), 16, gid->raw, 16);

  ah = gverbs_ah_attr_new_full (17, 2, 0, GVERBS_RATE_GBPS_10, TRUE, 1, gr, &error);
  g_assert_no_error (error);
  g_object_get (ah, "dlid", &dlid, "sl", &sl, "static-rate", &rate, "is-global", &is_global,
                "port-num", &port_num, NULL);
  g_assert_cmpuint (dlid, ==, 17);
  g_assert_cmpuint (sl, ==, 2);
  g_assert_cmpint (rate, ==, GVERBS_RATE_GBPS_10);
  g_assert_true (is_global);
  g_assert_cmpuint (port_num, ==, 1);
  g_assert_true (gverbs_ah_attr_get_grh (ah) != NULL);

  qpa = gverbs_qp_attr_new_full (GVERBS_QPS_RESET, GVERBS_QPS_RESET, 1, GVERBS_MTU_BYTES_4096, &error);
  g_assert_no_error (error);
  g_object_get (qpa, "qp-state", &state, "cur-qp-state", &cur_state, "path-mtu", &mtu, NULL);
  g_assert_cmpint (state, ==, GVERBS_QPS_RESET);
  g_assert_cmpint (cur_state, ==, GVERBS_QPS_RESET);
  g_assert_cmpint (mtu, ==, GVERBS_MTU_BYTES_4096);

  qpia = gverbs_qp_init_attr_new_full (GVERBS_QPT_RC, NULL, NULL, NULL, &cap, FALSE);
  gverbs_qp_init_attr_get_cap (qpia, &got_cap);
  g_assert_cmpint (gverbs_qp_init_attr_get_qp_type (qpia), ==, GVERBS_QPT_RC);
  g_assert_cmpmem (&got_cap, sizeof got_cap, &cap, sizeof cap);
  g_assert_false (gverbs_qp_init_attr_get_sq_sig_all (qpia));
  g_assert_null (gverbs_qp_init_attr_get_srq (qpia));
  g_clear_object (&qpia);
  /* no capacities: pyverbs' QPCap() */
  qpia = gverbs_qp_init_attr_new_full (GVERBS_QPT_UD, NULL, NULL, NULL, NULL, TRUE);
  gverbs_qp_init_attr_get_cap (qpia, &got_cap);
  g_assert_cmpuint (got_cap.max_send_wr, ==, 1);
  g_assert_cmpuint (got_cap.max_recv_wr, ==, 10);
  g_assert_true (gverbs_qp_init_attr_get_sq_sig_all (qpia));
  g_clear_object (&qpia);

  /* rdma_cm's attributes from verbs' (pyverbs' CMID(qp_init_attr=QPInitAttr)) */
  qpia = gverbs_qp_init_attr_new_full (GVERBS_QPT_UD, NULL, NULL, NULL, &cap, FALSE);
  cm_attr = gverbs_cm_qp_init_attr_new_from_qp_init_attr (qpia);
  g_assert_cmpint (cm_attr->qp_type, ==, GVERBS_QPT_UD);
  g_assert_cmpuint (cm_attr->max_send_wr, ==, 8);
  g_assert_cmpuint (cm_attr->max_recv_wr, ==, 16);
  g_assert_cmpuint (cm_attr->max_send_sge, ==, 2);
  g_assert_cmpuint (cm_attr->max_recv_sge, ==, 1);
  g_assert_cmpuint (cm_attr->max_inline_data, ==, 64);
  g_assert_false (cm_attr->sq_sig_all);

  /* out of range, and no member: errors naming the field, nothing made */
  g_assert_null (gverbs_global_route_new_full (NULL, -1, 0, 1, 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
  g_assert_nonnull (strstr (error->message, "flow_label -1"));
  g_clear_error (&error);
  g_assert_null (gverbs_ah_attr_new_full (0, 0, 0, 12345, FALSE, 1, NULL, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "static_rate 12345"));
  g_clear_error (&error);
  g_assert_null (gverbs_qp_attr_new_full (G_MAXINT64, 0, 1, GVERBS_MTU_BYTES_1024, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "qp_state"));
}

/* Every QPAttr setter sets its property (read back through the property);
 * an integer beyond the field's width is OUT_OF_RANGE, with no warning, and
 * leaves the field as it was. */
static void
test_qp_attr_setters (void)
{
  g_autoptr(GVerbsQPAttr) attr = gverbs_qp_attr_new ();
  g_autoptr(GVerbsAHAttr) ah = gverbs_ah_attr_new ();
  g_autoptr(GVerbsAHAttr) read_ah = NULL;
  const struct {
    gboolean (*set) (GVerbsQPAttr *, guint, GError **);
    const char *name;
    guint value, too_big;
  } uints[] = {
    { gverbs_qp_attr_set_qkey, "qkey", 0x11111111, 0 },
    { gverbs_qp_attr_set_rq_psn, "rq-psn", 0xabcdef, 0x1000000 },
    { gverbs_qp_attr_set_sq_psn, "sq-psn", 0x123456, 0x1000000 },
    { gverbs_qp_attr_set_dest_qp_num, "dest-qp-num", 0xfedcba, 0x1000000 },
    { gverbs_qp_attr_set_pkey_index, "pkey-index", 0xfffe, 0x10000 },
    { gverbs_qp_attr_set_alt_pkey_index, "alt-pkey-index", 3, 0x10000 },
    { gverbs_qp_attr_set_en_sqd_async_notify, "en-sqd-async-notify", 1, 0x100 },
    { gverbs_qp_attr_set_sq_draining, "sq-draining", 1, 0x100 },
    { gverbs_qp_attr_set_max_rd_atomic, "max-rd-atomic", 16, 0x100 },
    { gverbs_qp_attr_set_max_dest_rd_atomic, "max-dest-rd-atomic", 8, 0x100 },
    { gverbs_qp_attr_set_min_rnr_timer, "min-rnr-timer", 12, 32 },
    { gverbs_qp_attr_set_port_num, "port-num", 2, 0x100 },
    { gverbs_qp_attr_set_timeout, "timeout", 14, 32 },
    { gverbs_qp_attr_set_retry_cnt, "retry-cnt", 7, 8 },
    { gverbs_qp_attr_set_rnr_retry, "rnr-retry", 6, 8 },
    { gverbs_qp_attr_set_alt_port_num, "alt-port-num", 1, 0x100 },
    { gverbs_qp_attr_set_alt_timeout, "alt-timeout", 31, 32 },
    { gverbs_qp_attr_set_rate_limit, "rate-limit", 100000, 0 },
  };
  GVerbsQPState state, cur_state;
  GVerbsMTU mtu;
  GVerbsMigState mig;
  GVerbsAccessFlags access;
  guint dlid = 1;

  for (gsize i = 0; i < G_N_ELEMENTS (uints); i++)
    {
      guint read = 0;

      g_autoptr(GError) error = NULL;

      g_assert_true (uints[i].set (attr, uints[i].value, &error));
      g_assert_no_error (error);
      g_object_get (attr, uints[i].name, &read, NULL);
      g_assert_cmphex (read, ==, uints[i].value);
      if (uints[i].too_big == 0)
        continue;
      g_assert_false (uints[i].set (attr, uints[i].too_big, &error));
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
      g_test_message ("%s", error->message);
      g_object_get (attr, uints[i].name, &read, NULL);
      g_assert_cmphex (read, ==, uints[i].value);
    }

  gverbs_qp_attr_set_qp_state (attr, GVERBS_QPS_RTR);
  gverbs_qp_attr_set_cur_qp_state (attr, GVERBS_QPS_INIT);
  gverbs_qp_attr_set_path_mtu (attr, GVERBS_MTU_BYTES_2048);
  gverbs_qp_attr_set_path_mig_state (attr, GVERBS_MIG_REARM);
  gverbs_qp_attr_set_qp_access_flags (attr, GVERBS_ACCESS_REMOTE_READ | GVERBS_ACCESS_REMOTE_WRITE);
  g_object_get (attr, "qp-state", &state, "cur-qp-state", &cur_state, "path-mtu", &mtu,
                "path-mig-state", &mig, "qp-access-flags", &access, NULL);
  g_assert_cmpint (state, ==, GVERBS_QPS_RTR);
  g_assert_cmpint (cur_state, ==, GVERBS_QPS_INIT);
  g_assert_cmpint (mtu, ==, GVERBS_MTU_BYTES_2048);
  g_assert_cmpint (mig, ==, GVERBS_MIG_REARM);
  g_assert_cmphex (access, ==, GVERBS_ACCESS_REMOTE_READ | GVERBS_ACCESS_REMOTE_WRITE);

  g_object_set (ah, "dlid", 0x1234, "port-num", 2, NULL);
  gverbs_qp_attr_set_ah_attr (attr, ah);
  g_object_get (attr, "ah-attr", &read_ah, NULL);
  g_assert_true (read_ah == ah);
  g_clear_object (&read_ah);
  gverbs_qp_attr_set_alt_ah_attr (attr, ah);
  g_object_get (attr, "alt-ah-attr", &read_ah, NULL);
  g_assert_true (read_ah == ah);
  g_clear_object (&read_ah);
  gverbs_qp_attr_set_ah_attr (attr, NULL);
  g_object_get (attr, "ah-attr", &read_ah, NULL);
  g_assert_true (read_ah != ah);
  g_object_get (read_ah, "dlid", &dlid, NULL);
  g_assert_cmpuint (dlid, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/addr/global-route/round-trip", test_global_route_defaults_and_round_trip);
  g_test_add_func ("/addr/global-route/gid-forms", test_global_route_gid_forms);
  g_test_add_func ("/addr/global-route/to-string", test_global_route_to_string);
  g_test_add_func ("/addr/ah-attr", test_ah_attr);
  g_test_add_func ("/addr/xrcd-and-dm-attrs", test_xrcd_and_dm_attrs);
  g_test_add_func ("/addr/table-row-kinds", test_table_row_kinds);
  g_test_add_func ("/addr/addr-info/computed-properties", test_addr_info_computed_properties);
  g_test_add_func ("/addr/new-full-constructors", test_new_full_constructors);
  g_test_add_func ("/addr/qp-attr-setters", test_qp_attr_setters);
  return g_test_run ();
}
