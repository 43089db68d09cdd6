/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>
#include "gverbs-test-util.h"

#define LOCAL_WRITE GVERBS_ACCESS_LOCAL_WRITE
#define ALL_ACCESS (GVERBS_ACCESS_LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE | \
                    GVERBS_ACCESS_REMOTE_READ | GVERBS_ACCESS_REMOTE_ATOMIC)

static guint
count_mrs (void)
{
  g_autoptr(GPtrArray) mrs = gverbs_test_rdma_resources ("mr");

  return mrs->len;
}

/* `rdma resource show pd`: how many objects (MRs, MWs …) use each of our PDs,
 * keyed by pdn. */
static GHashTable *
pd_users (void)
{
  g_autoptr(GPtrArray) pds = gverbs_test_rdma_resources ("pd");
  GHashTable *users = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (guint i = 0; i < pds->len; i++)
    g_hash_table_insert (users,
                         GINT_TO_POINTER (gverbs_test_parse_number (g_hash_table_lookup (pds->pdata[i], "pdn"))),
                         GINT_TO_POINTER (gverbs_test_parse_number (g_hash_table_lookup (pds->pdata[i], "users"))));
  return users;
}

static void
assert_byte_for_byte (GVerbsMR     *mr,
                      const guint8 *expected,
                      gsize         length)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) all = gverbs_mr_read (mr, length, 0, &error);
  const guint8 *data;
  gsize n;

  g_assert_no_error (error);
  data = g_bytes_get_data (all, &n);
  g_assert_cmpuint (n, ==, length);
  for (gsize i = 0; i < length; i++)
    if (data[i] != expected[i])
      g_error ("byte %" G_GSIZE_FORMAT ": 0x%02x, expected 0x%02x", i, data[i], expected[i]);
}

static void
test_write_read (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsMR) mr = NULL;
  const gsize len = 4096 + 100;
  g_autofree guint8 *mirror = NULL;
  const guint64 offsets[] = { 0, 1, 7, 4095, 4096, 4096 + 50, len - 8, len - 1 };
  guint8 pattern[8] = { 0xde, 0xad, 0xbe, 0xef, 0x00, 0xff, 0x5a, 0xa5 };

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  mr = gverbs_mr_new (pd, len, LOCAL_WRITE, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_mr_get_pd (mr) == pd);
  g_assert_cmpuint (gverbs_mr_get_length (mr), ==, len);
  g_assert_cmpuint (gverbs_mr_get_access (mr), ==, LOCAL_WRITE);
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (mr)));
  /* page-aligned, zeroed, and the address is the buffer's */
  g_assert_cmpuint (gverbs_mr_get_addr (mr) % sysconf (_SC_PAGESIZE), ==, 0);
  g_assert_cmpuint (gverbs_mr_get_addr (mr), ==, (guint64) (guintptr) gverbs_mr_get_buffer (mr));
  mirror = g_malloc0 (len);
  assert_byte_for_byte (mr, mirror, len);

  for (guint i = 0; i < G_N_ELEMENTS (offsets); i++)
    {
      gsize n = MIN (sizeof pattern, len - offsets[i]);
      g_autoptr(GBytes) back = NULL;

      pattern[0] = (guint8) i;
      g_assert_true (gverbs_mr_write (mr, pattern, n, offsets[i], &error));
      g_assert_no_error (error);
      memcpy (mirror + offsets[i], pattern, n);
      back = gverbs_mr_read (mr, n, offsets[i], &error);
      g_assert_no_error (error);
      g_assert_cmpmem (g_bytes_get_data (back, NULL), g_bytes_get_size (back), pattern, n);
    }
  /* the last byte alone */
  g_assert_true (gverbs_mr_write (mr, (const guint8 *) "\x77", 1, len - 1, &error));
  mirror[len - 1] = 0x77;
  assert_byte_for_byte (mr, mirror, len);
  /* the C view of the same memory */
  g_assert_cmpmem (gverbs_mr_get_buffer (mr), len, mirror, len);
  /* zero-length accesses at the very end are fine */
  g_assert_true (gverbs_mr_write (mr, NULL, 0, len, &error));
  g_assert_no_error (error);
  {
    g_autoptr(GBytes) empty = gverbs_mr_read (mr, 0, len, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (g_bytes_get_size (empty), ==, 0);
  }
}

/* A closed region's pages go to the next region of the same size. They are
 * zeroed when the region closes, so its bytes are not left behind in the
 * mapping that is kept (an inline send naming it is refused: see
 * test-device-wr-safety). */
static void
test_buffer_reuse (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsMR) first = NULL;
  g_autoptr(GVerbsMR) second = NULL;
  g_autofree guint8 *ones = g_malloc (8192);
  g_autofree guint8 *zeros = g_malloc0 (8192);
  guint8 scratch[16];
  struct iovec local = { scratch, sizeof scratch };
  struct iovec remote;
  guint64 addr;

  if (ctx == NULL)
    return;
  memset (ones, 0xab, 8192);
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  first = gverbs_mr_new (pd, 8192, LOCAL_WRITE, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_mr_write (first, ones, 8192, 0, &error));
  g_assert_no_error (error);
  assert_byte_for_byte (first, ones, 8192);
  addr = gverbs_mr_get_addr (first);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (first), &error));
  g_assert_no_error (error);

  remote = (struct iovec) { (void *) (guintptr) addr, sizeof scratch };
  memset (scratch, 0xff, sizeof scratch);
  g_assert_cmpint (process_vm_readv (getpid (), &local, 1, &remote, 1, 0), ==, sizeof scratch);
  g_assert_cmpmem (scratch, sizeof scratch, zeros, sizeof scratch);

  second = gverbs_mr_new (pd, 8192, LOCAL_WRITE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (gverbs_mr_get_addr (second), ==, addr);
  assert_byte_for_byte (second, zeros, 8192);
}

static void
test_out_of_range (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsMR) mr = NULL;
  guint8 ones[16];
  guint8 zeros[100] = { 0 };
  struct { guint64 length, offset; } bad[] = {
    { 1, 100 }, { 2, 99 }, { 101, 0 }, { 0, 101 }, { 16, 90 },
    { 1, G_MAXUINT64 }, { G_MAXUINT64, 1 }, { G_MAXUINT64, G_MAXUINT64 },
    { 8, G_MAXUINT64 - 4 },
  };

  if (ctx == NULL)
    return;
  memset (ones, 0xff, sizeof ones);
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  mr = gverbs_mr_new (pd, 100, LOCAL_WRITE, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GBytes) data = gverbs_mr_read (mr, bad[i].length, bad[i].offset, &error);
      g_autoptr(GVerbsSGE) sge = NULL;

      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
      g_assert_nonnull (strstr (error->message, "100 bytes long"));
      g_assert_null (data);
      g_clear_error (&error);

      sge = gverbs_mr_sge (mr, bad[i].length, bad[i].offset, &error);
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
      g_assert_null (sge);
      g_clear_error (&error);

      if (bad[i].length <= sizeof ones)
        {
          g_assert_false (gverbs_mr_write (mr, ones, bad[i].length, bad[i].offset, &error));
          g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
          g_clear_error (&error);
        }
    }
  /* a refused write wrote nothing */
  assert_byte_for_byte (mr, zeros, sizeof zeros);
}

static void
test_kernel_view (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) idle = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsMR) mr = NULL;
  g_autoptr(GPtrArray) mrs = NULL;
  g_autoptr(GPtrArray) pds = NULL;
  GHashTable *seen;
  gint64 pdn = -1;
  guint handle = 0, lkey = 0, rkey = 0;
  guint64 addr = 0;

  if (ctx == NULL)
    return;
  g_assert_cmpuint (count_mrs (), ==, 0);
  idle = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  mr = gverbs_pd_reg_mr (pd, 12345, ALL_ACCESS, &error);
  g_assert_no_error (error);
  g_object_get (mr, "lkey", &lkey, "rkey", &rkey, "handle", &handle, "addr", &addr, NULL);
  g_assert_cmpuint (lkey, ==, gverbs_mr_get_lkey (mr));
  g_assert_cmpuint (rkey, ==, gverbs_mr_get_rkey (mr));
  g_assert_cmpuint (handle, ==, gverbs_mr_get_handle (mr));
  g_assert_cmpuint (addr, ==, gverbs_mr_get_addr (mr));
  g_assert_cmpuint (lkey, !=, 0);
  g_assert_cmpuint (rkey, !=, 0);   /* remote access asked: a real rkey */

  /* the PD in use is the one the MR names */
  pds = gverbs_test_rdma_resources ("pd");
  g_assert_cmpuint (pds->len, ==, 2);
  for (guint i = 0; i < pds->len; i++)
    if (gverbs_test_parse_number (g_hash_table_lookup (pds->pdata[i], "users")) == 1)
      pdn = gverbs_test_parse_number (g_hash_table_lookup (pds->pdata[i], "pdn"));
  g_assert_cmpint (pdn, >=, 0);

  mrs = gverbs_test_rdma_resources ("mr");
  g_assert_cmpuint (mrs->len, ==, 1);
  seen = mrs->pdata[0];
  g_assert_cmpstr (g_hash_table_lookup (seen, "dev"), ==, gverbs_test_device_name ());
  g_assert_cmpint (gverbs_test_parse_number (g_hash_table_lookup (seen, "lkey")), ==, lkey);
  g_assert_cmpint (gverbs_test_parse_number (g_hash_table_lookup (seen, "rkey")), ==, rkey);
  g_assert_cmpint (gverbs_test_parse_number (g_hash_table_lookup (seen, "mrlen")), ==, 12345);
  g_assert_cmpint (gverbs_test_parse_number (g_hash_table_lookup (seen, "pdn")), ==, pdn);

  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (mr), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_mrs (), ==, 0);
  {
    g_autoptr(GHashTable) users = pd_users ();

    g_assert_cmpint (GPOINTER_TO_INT (g_hash_table_lookup (users, GINT_TO_POINTER (pdn))), ==, 0);
  }
}

static void
test_closed_mr (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsMR) mr = NULL;
  g_autoptr(GBytes) data = NULL;
  g_autoptr(GVerbsSGE) sge = NULL;
  gboolean closed = FALSE;

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  mr = gverbs_mr_new (pd, 64, LOCAL_WRITE, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (mr), &error));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (mr), &error));  /* idempotent */
  g_assert_no_error (error);
  g_object_get (mr, "closed", &closed, NULL);
  g_assert_true (closed);
  g_assert_cmpuint (gverbs_mr_get_lkey (mr), ==, 0);
  g_assert_cmpuint (gverbs_mr_get_rkey (mr), ==, 0);
  g_assert_cmpuint (gverbs_mr_get_addr (mr), ==, 0);
  g_assert_cmpuint (gverbs_mr_get_handle (mr), ==, 0);
  g_assert_null (gverbs_mr_get_buffer (mr));
  g_assert_cmpuint (gverbs_mr_get_length (mr), ==, 64);

  g_assert_false (gverbs_mr_write (mr, (const guint8 *) "x", 1, 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_assert_nonnull (strstr (error->message, gverbs_test_device_name ()));
  g_clear_error (&error);
  data = gverbs_mr_read (mr, 1, 0, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_assert_null (data);
  g_clear_error (&error);
  sge = gverbs_mr_sge (mr, 1, 0, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_assert_null (sge);
  g_clear_error (&error);
  g_assert_false (gverbs_mr_rereg (mr, GVERBS_REREG_MR_CHANGE_ACCESS, NULL, LOCAL_WRITE, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
}

static void
test_pd_close_closes_mrs_and_mws (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsMR) mr1 = NULL;
  g_autoptr(GVerbsMR) mr2 = NULL;
  g_autoptr(GVerbsMW) mw1 = NULL;
  g_autoptr(GVerbsMW) mw2 = NULL;
  g_autoptr(GBytes) data = NULL;

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  mr1 = gverbs_mr_new (pd, 100, LOCAL_WRITE | GVERBS_ACCESS_MW_BIND, &error);
  g_assert_no_error (error);
  mw1 = gverbs_mw_new (pd, GVERBS_MW_TYPE_1, &error);
  g_assert_no_error (error);
  mr2 = gverbs_mr_new (pd, 200, ALL_ACCESS, &error);
  g_assert_no_error (error);
  mw2 = gverbs_mw_new (pd, GVERBS_MW_TYPE_2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count_mrs (), ==, 2);

  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (pd), &error));
  g_assert_no_error (error);
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (mr1)));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (mr2)));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (mw1)));
  g_assert_true (gverbs_resource_is_closed (GVERBS_RESOURCE (mw2)));
  g_assert_cmpuint (count_mrs (), ==, 0);
  {
    g_autoptr(GPtrArray) pds = gverbs_test_rdma_resources ("pd");

    g_assert_cmpuint (pds->len, ==, 0);
  }
  data = gverbs_mr_read (mr1, 1, 0, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_cmpuint (gverbs_mw_get_rkey (mw1), ==, 0);
  /* nothing more to do */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (mr1), &error));
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (mw2), &error));
  g_assert_no_error (error);

  /* and on a closed PD nothing can be made */
  g_clear_object (&mr1);
  mr1 = gverbs_mr_new (pd, 100, LOCAL_WRITE, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_assert_null (mr1);
  g_clear_error (&error);
  g_clear_object (&mw1);
  mw1 = gverbs_mw_new (pd, GVERBS_MW_TYPE_1, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_assert_null (mw1);
}

static void
test_mr_keeps_pd_alive (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  GVerbsPD *pd;
  g_autoptr(GVerbsMR) mr = NULL;
  GWeakRef weak;

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  mr = gverbs_mr_new (pd, 100, LOCAL_WRITE, &error);
  g_assert_no_error (error);
  g_weak_ref_init (&weak, pd);
  g_object_unref (pd);
  pd = g_weak_ref_get (&weak);
  g_assert_nonnull (pd);
  g_assert_false (gverbs_resource_is_closed (GVERBS_RESOURCE (pd)));
  g_object_unref (pd);
  g_assert_true (gverbs_mr_write (mr, (const guint8 *) "still", 5, 0, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_mrs (), ==, 1);
  g_clear_object (&mr);
  pd = g_weak_ref_get (&weak);
  g_assert_null (pd);
  g_weak_ref_clear (&weak);
  g_assert_cmpuint (count_mrs (), ==, 0);
  {
    g_autoptr(GPtrArray) pds = gverbs_test_rdma_resources ("pd");

    g_assert_cmpuint (pds->len, ==, 0);
  }
}

static void
test_access_rules (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  const GVerbsAccessFlags good[] = {
    0,
    LOCAL_WRITE,
    GVERBS_ACCESS_REMOTE_READ,
    LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE,
    LOCAL_WRITE | GVERBS_ACCESS_REMOTE_ATOMIC,
    ALL_ACCESS,
    LOCAL_WRITE | GVERBS_ACCESS_MW_BIND,
  };
  const GVerbsAccessFlags bad[] = {
    GVERBS_ACCESS_REMOTE_WRITE,
    GVERBS_ACCESS_REMOTE_ATOMIC,
    GVERBS_ACCESS_REMOTE_WRITE | GVERBS_ACCESS_REMOTE_READ,
    GVERBS_ACCESS_REMOTE_ATOMIC | GVERBS_ACCESS_REMOTE_READ | GVERBS_ACCESS_MW_BIND,
  };

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr(GVerbsMR) mr = gverbs_mr_new (pd, 256, good[i], &error);
      GVerbsAccessFlags access = 0;

      g_assert_no_error (error);
      g_object_get (mr, "access", &access, NULL);
      g_assert_cmpuint (access, ==, good[i]);
      g_assert_cmpuint (count_mrs (), ==, 1);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GVerbsMR) mr = gverbs_mr_new (pd, 256, bad[i], &error);

      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, "ibv_reg_mr"));
      g_assert_nonnull (strstr (error->message, "IBV_ACCESS_LOCAL_WRITE"));
      g_assert_null (mr);
      g_clear_error (&error);
      g_assert_cmpuint (count_mrs (), ==, 0);
    }
}

static void
test_bad_lengths (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  GVerbsMR *mr;

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);

  mr = gverbs_mr_new (pd, 0, LOCAL_WRITE, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "length 0"));
  g_assert_null (mr);
  g_clear_error (&error);

  /* more than this machine has: refused, nothing registered or leaked */
  mr = gverbs_mr_new (pd, G_GUINT64_CONSTANT (1) << 50, LOCAL_WRITE, &error);
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NO_MEMORY);
  g_assert_null (mr);
  g_clear_error (&error);
  mr = gverbs_mr_new (pd, G_MAXUINT64, LOCAL_WRITE, &error);
  g_assert_nonnull (error);
  g_assert_true (error->domain == GVERBS_ERROR);
  g_assert_null (mr);
  g_clear_error (&error);
  g_assert_cmpuint (count_mrs (), ==, 0);
}

static void
test_sizes (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  const guint64 sizes[] = { 1, 64 << 20 };

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(GVerbsMR) mr = gverbs_mr_new (pd, sizes[i], LOCAL_WRITE, &error);
      g_autoptr(GPtrArray) mrs = NULL;
      g_autoptr(GBytes) last = NULL;
      g_autoptr(GBytes) past = NULL;

      g_assert_no_error (error);
      mrs = gverbs_test_rdma_resources ("mr");
      g_assert_cmpuint (mrs->len, ==, 1);
      g_assert_cmpint (gverbs_test_parse_number (g_hash_table_lookup (mrs->pdata[0], "mrlen")),
                       ==, sizes[i]);
      g_assert_true (gverbs_mr_write (mr, (const guint8 *) "\x42", 1, sizes[i] - 1, &error));
      g_assert_no_error (error);
      last = gverbs_mr_read (mr, 1, sizes[i] - 1, &error);
      g_assert_no_error (error);
      g_assert_cmpint (((const guint8 *) g_bytes_get_data (last, NULL))[0], ==, 0x42);
      past = gverbs_mr_read (mr, 1, sizes[i], &error);
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
      g_clear_error (&error);
    }
}

static void
test_caller_memory (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsMR) mr = NULL;
  g_autoptr(GBytes) back = NULL;
  g_autoptr(GPtrArray) mrs = NULL;
  const gsize len = 3000;
  guint8 *memory = g_malloc0 (len);   /* not page-aligned: fine for ibv_reg_mr */

  if (ctx == NULL)
    {
      g_free (memory);
      return;
    }
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  mr = gverbs_mr_new_for_memory (pd, memory, len, ALL_ACCESS, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (gverbs_mr_get_addr (mr), ==, (guint64) (guintptr) memory);
  g_assert_true (gverbs_mr_get_buffer (mr) == memory);
  g_assert_cmpuint (gverbs_mr_get_length (mr), ==, len);
  mrs = gverbs_test_rdma_resources ("mr");
  g_assert_cmpuint (mrs->len, ==, 1);
  g_assert_cmpint (gverbs_test_parse_number (g_hash_table_lookup (mrs->pdata[0], "mrlen")), ==, len);
  g_assert_cmpint (gverbs_test_parse_number (g_hash_table_lookup (mrs->pdata[0], "lkey")), ==,
                   gverbs_mr_get_lkey (mr));

  /* both views are the same memory */
  g_assert_true (gverbs_mr_write (mr, (const guint8 *) "abc", 3, len - 3, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (memory + len - 3, 3, "abc", 3);
  memcpy (memory + 10, "xyz", 3);
  back = gverbs_mr_read (mr, 3, 10, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (g_bytes_get_data (back, NULL), 3, "xyz", 3);
  g_assert_false (gverbs_mr_write (mr, (const guint8 *) "abcd", 4, len - 3, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);

  /* moving caller memory is not the library's to do */
  g_assert_false (gverbs_mr_rereg (mr, GVERBS_REREG_MR_CHANGE_TRANSLATION, NULL, 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* close deregisters but leaves the memory to its owner (ASan checks) */
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (mr), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_mrs (), ==, 0);
  g_assert_cmpmem (memory + len - 3, 3, "abc", 3);
  g_free (memory);
}

static void
test_rereg (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsPD) pd2 = NULL;
  g_autoptr(GVerbsMR) mr = NULL;
  g_autoptr(GBytes) back = NULL;
  guint32 lkey;
  guint64 addr;
  const struct {
    GVerbsReregMRFlags flags;
    gboolean new_pd;
    GVerbsAccessFlags access;
  } calls[] = {
    { GVERBS_REREG_MR_CHANGE_ACCESS, FALSE, LOCAL_WRITE | GVERBS_ACCESS_REMOTE_WRITE },
    { GVERBS_REREG_MR_CHANGE_PD, TRUE, 0 },
    { GVERBS_REREG_MR_CHANGE_TRANSLATION, FALSE, 0 },
    { GVERBS_REREG_MR_CHANGE_PD | GVERBS_REREG_MR_CHANGE_ACCESS, TRUE, ALL_ACCESS },
  };

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  pd2 = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  mr = gverbs_mr_new (pd, 128, LOCAL_WRITE, &error);
  g_assert_no_error (error);
  g_assert_true (gverbs_mr_write (mr, (const guint8 *) "keep", 4, 0, &error));
  lkey = gverbs_mr_get_lkey (mr);
  addr = gverbs_mr_get_addr (mr);

  for (guint i = 0; i < G_N_ELEMENTS (calls); i++)
    {
      gboolean ok = gverbs_mr_rereg (mr, calls[i].flags, calls[i].new_pd ? pd2 : NULL,
                                     calls[i].access, &error);

      if (ok)
        {
          /* a device that re-registers: the change took effect */
          g_assert_no_error (error);
          if (calls[i].flags & GVERBS_REREG_MR_CHANGE_PD)
            g_assert_true (gverbs_mr_get_pd (mr) == pd2);
          continue;
        }
      /* Soft-RoCE: a clean NOT_SUPPORTED naming the call; the MR is as it was */
      g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_NOT_SUPPORTED);
      g_assert_nonnull (strstr (error->message, "ibv_rereg_mr"));
      g_clear_error (&error);
      g_assert_true (gverbs_mr_get_pd (mr) == pd);
      g_assert_cmpuint (gverbs_mr_get_lkey (mr), ==, lkey);
      g_assert_cmpuint (gverbs_mr_get_addr (mr), ==, addr);
      g_assert_cmpuint (gverbs_mr_get_access (mr), ==, LOCAL_WRITE);
      g_clear_pointer (&back, g_bytes_unref);
      back = gverbs_mr_read (mr, 4, 0, &error);
      g_assert_no_error (error);
      g_assert_cmpmem (g_bytes_get_data (back, NULL), 4, "keep", 4);
      g_assert_cmpuint (count_mrs (), ==, 1);
    }

  /* checked before rdma-core is asked */
  g_assert_false (gverbs_mr_rereg (mr, GVERBS_REREG_MR_CHANGE_PD, NULL, 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (gverbs_mr_rereg (mr, GVERBS_REREG_MR_CHANGE_ACCESS, NULL,
                                   GVERBS_ACCESS_REMOTE_WRITE, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "IBV_ACCESS_LOCAL_WRITE"));
  g_clear_error (&error);
  g_assert_true (gverbs_resource_close (GVERBS_RESOURCE (pd2), NULL));
  g_assert_false (gverbs_mr_rereg (mr, GVERBS_REREG_MR_CHANGE_PD, pd2, 0, &error));
  g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_CLOSED);
  g_clear_error (&error);
  {
    g_autoptr(GVerbsContext) other = gverbs_test_open_context ();
    g_autoptr(GVerbsPD) foreign = gverbs_pd_new (other, &error);

    g_assert_no_error (error);
    g_assert_false (gverbs_mr_rereg (mr, GVERBS_REREG_MR_CHANGE_PD, foreign, 0, &error));
    g_assert_error (error, GVERBS_ERROR, GVERBS_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "another device context"));
    g_clear_error (&error);
  }
}

static void
test_sge (void)
{
  g_autoptr(GVerbsContext) ctx = gverbs_test_open_context ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GVerbsPD) pd = NULL;
  g_autoptr(GVerbsMR) mr = NULL;
  g_autoptr(GVerbsSGE) whole = NULL;
  g_autoptr(GVerbsSGE) part = NULL;
  g_autoptr(GVerbsSGE) end = NULL;

  if (ctx == NULL)
    return;
  pd = gverbs_pd_new (ctx, &error);
  g_assert_no_error (error);
  mr = gverbs_mr_new (pd, 1024, LOCAL_WRITE, &error);
  g_assert_no_error (error);
  whole = gverbs_mr_sge (mr, 1024, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (whole->addr, ==, gverbs_mr_get_addr (mr));
  g_assert_cmpuint (whole->length, ==, 1024);
  g_assert_cmpuint (whole->lkey, ==, gverbs_mr_get_lkey (mr));
  part = gverbs_mr_sge (mr, 128, 10, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (part->addr, ==, gverbs_mr_get_addr (mr) + 10);
  g_assert_cmpuint (part->length, ==, 128);
  g_assert_cmpuint (part->lkey, ==, gverbs_mr_get_lkey (mr));
  end = gverbs_mr_sge (mr, 0, 1024, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (end->length, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mr/write-read", test_write_read);
  g_test_add_func ("/mr/out-of-range", test_out_of_range);
  g_test_add_func ("/mr/buffer-reuse-zeroed", test_buffer_reuse);
  g_test_add_func ("/mr/kernel-view", test_kernel_view);
  g_test_add_func ("/mr/closed", test_closed_mr);
  g_test_add_func ("/mr/pd-close-closes-mrs-and-mws", test_pd_close_closes_mrs_and_mws);
  g_test_add_func ("/mr/keeps-pd-alive", test_mr_keeps_pd_alive);
  g_test_add_func ("/mr/access-rules", test_access_rules);
  g_test_add_func ("/mr/bad-lengths", test_bad_lengths);
  g_test_add_func ("/mr/sizes-1-byte-and-64-MiB", test_sizes);
  g_test_add_func ("/mr/caller-memory", test_caller_memory);
  g_test_add_func ("/mr/rereg", test_rereg);
  g_test_add_func ("/mr/sge", test_sge);
  return g_test_run ();
}
