/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

/* Host tests: the flow specs pack exactly as rdma-core's structs filled by
 * hand, and refuse bad values with a GError. */
#include <arpa/inet.h>
#include <string.h>
#include <infiniband/verbs.h>
#include <gverbs.h>

static void
assert_packs_as (GVerbsSpec    *spec,
                 gconstpointer  expected,
                 gsize          size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = gverbs_spec_pack (spec, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (gverbs_spec_get_size (spec), ==, size);
  g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), expected, size);
}

static void
test_eth (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsSpec) spec = gverbs_spec_make (GVERBS_FLOW_SPEC_ETH, TRUE, &error);
  struct ibv_flow_spec_eth eth;
  static const guint8 dst[6] = { 0x01, 0x50, 0x56, 0x19, 0x20, 0xa7 };

  g_assert_no_error (error);
  g_assert_true (GVERBS_IS_ETH_SPEC (spec));
  g_assert_true (gverbs_spec_set_field (spec, "dst_mac", "01:50:56:19:20:a7", &error));
  g_assert_true (gverbs_spec_set_field (spec, "dst-mac-mask", "ff:ff:ff:ff:ff:ff", &error));
  g_object_set (spec, "vlan-tag", 0x123, "vlan-tag-mask", 0xfff, NULL);
  memset (&eth, 0, sizeof eth);
  eth.type = IBV_FLOW_SPEC_ETH | IBV_FLOW_SPEC_INNER;
  eth.size = sizeof eth;
  memcpy (eth.val.dst_mac, dst, 6);
  memset (eth.mask.dst_mac, 0xff, 6);
  eth.val.vlan_tag = htons (0x123);
  eth.mask.vlan_tag = htons (0xfff);
  assert_packs_as (spec, &eth, sizeof eth);
  g_assert_cmpuint (gverbs_spec_get_spec_type (spec), ==, IBV_FLOW_SPEC_ETH | IBV_FLOW_SPEC_INNER);
}

static void
test_ipv6_and_tcp (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsSpec) ip6 = gverbs_spec_make (GVERBS_FLOW_SPEC_IPV6, FALSE, &error);
  g_autoptr(GVerbsSpec) tcp = gverbs_spec_make (GVERBS_FLOW_SPEC_TCP, FALSE, &error);
  struct ibv_flow_spec_ipv6 v6;
  struct ibv_flow_spec_tcp_udp t;

  g_assert_no_error (error);
  g_assert_true (gverbs_spec_set_field (ip6, "src-ip", "fe80::1:2", &error));
  g_assert_true (gverbs_spec_set_field (ip6, "src-ip-mask", "ffff::", &error));
  g_object_set (ip6, "flow-label", 0xabcde, "flow-label-mask", 0xfffff, "hop-limit", 9, NULL);
  memset (&v6, 0, sizeof v6);
  v6.type = IBV_FLOW_SPEC_IPV6;
  v6.size = sizeof v6;
  g_assert_cmpint (inet_pton (AF_INET6, "fe80::1:2", v6.val.src_ip), ==, 1);
  v6.mask.src_ip[0] = v6.mask.src_ip[1] = 0xff;
  v6.val.flow_label = htonl (0xabcde);
  v6.mask.flow_label = htonl (0xfffff);
  v6.val.hop_limit = 9;
  assert_packs_as (ip6, &v6, sizeof v6);

  g_object_set (tcp, "dst-port", 443, "dst-port-mask", 0xffff, NULL);
  memset (&t, 0, sizeof t);
  t.type = IBV_FLOW_SPEC_TCP;
  t.size = sizeof t;
  t.val.dst_port = htons (443);
  t.mask.dst_port = 0xffff;
  assert_packs_as (tcp, &t, sizeof t);
}

static void
test_flow_attr (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsFlowAttr) attr = gverbs_flow_attr_new ();
  g_autoptr(GVerbsSpec) tag = gverbs_spec_make (GVERBS_FLOW_SPEC_ACTION_TAG, FALSE, &error);
  g_autoptr(GVerbsSpec) drop = gverbs_spec_make (GVERBS_FLOW_SPEC_ACTION_DROP, FALSE, &error);
  g_autoptr(GBytes) bytes = NULL;
  struct {
    struct ibv_flow_attr attr;
    struct ibv_flow_spec_action_tag tag;
    struct ibv_flow_spec_action_drop drop;
  } __attribute__((packed)) expected;

  g_assert_no_error (error);
  g_object_set (tag, "tag-id", 0x42, NULL);
  g_object_set (attr, "priority", 7, "flags", GVERBS_FLOW_ATTR_FLAGS_EGRESS, NULL);
  gverbs_flow_attr_add_spec (attr, tag);
  gverbs_flow_attr_add_spec (attr, drop);
  memset (&expected, 0, sizeof expected);
  expected.attr.type = IBV_FLOW_ATTR_NORMAL;
  expected.attr.size = sizeof expected;
  expected.attr.priority = 7;
  expected.attr.num_of_specs = 2;
  expected.attr.port = 1;
  expected.attr.flags = IBV_FLOW_ATTR_FLAGS_EGRESS;
  expected.tag.type = IBV_FLOW_SPEC_ACTION_TAG;
  expected.tag.size = sizeof expected.tag;
  expected.tag.tag_id = 0x42;
  expected.drop.type = IBV_FLOW_SPEC_ACTION_DROP;
  expected.drop.size = sizeof expected.drop;
  bytes = gverbs_flow_attr_pack (attr, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &expected, sizeof expected);
}

static void
test_bad_values (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsSpec) spec = gverbs_spec_make (GVERBS_FLOW_SPEC_IPV4_EXT, FALSE, &error);
  GVerbsSpec *none;

  g_assert_no_error (error);
  g_assert_false (gverbs_spec_set_field (spec, "dst-ip", "1.2.3", &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (gverbs_spec_set_field (spec, "ttl", "256", &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  g_assert_false (gverbs_spec_set_field (spec, "ttl", "x1", &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  /* a malformed address set as a property is kept out and reported */
  g_object_set (spec, "src-ip", "10.0.0.300", NULL);
  g_assert_false (gverbs_spec_check (spec, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "10.0.0.300"));
  g_clear_error (&error);
  g_assert_null (gverbs_spec_pack (spec, &error));
  g_clear_error (&error);

  none = gverbs_spec_make ((GVerbsFlowSpecType) 0x77, FALSE, &error);
  g_assert_null (none);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  none = gverbs_spec_make (GVERBS_FLOW_SPEC_ACTION_COUNT, FALSE, &error);
  g_assert_null (none);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flow-spec/eth", test_eth);
  g_test_add_func ("/flow-spec/ipv6-and-tcp", test_ipv6_and_tcp);
  g_test_add_func ("/flow-spec/flow-attr", test_flow_attr);
  g_test_add_func ("/flow-spec/bad-values", test_bad_values);
  return g_test_run ();
}
