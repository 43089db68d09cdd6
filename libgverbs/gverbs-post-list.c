#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "gverbs-private.h"
#include "gverbs-send-wr.h"
#include "gverbs-recv-wr.h"

#define BATCH 8

gboolean
_gverbs_post_wr_list (gpointer         target,
                      GPtrArray       *wrs,
                      gsize            wr_size,
                      GVerbsPostFunc   post,
                      GError         **error)
{
  union {
    GVerbsSendWR send[BATCH];
    GVerbsRecvWR recv[BATCH];
  } batch;

  g_return_val_if_fail (wr_size * BATCH <= sizeof batch, FALSE);
  for (guint start = 0; start < wrs->len; start += BATCH)
    {
      guint count = MIN (BATCH, wrs->len - start);

      for (guint i = 0; i < count; i++)
        memcpy ((guint8 *) &batch + i * wr_size, wrs->pdata[start + i], wr_size);
      if (!post (target, &batch, count, error))
        {
          if (error != NULL && *error != NULL && start > 0)
            g_prefix_error (error, _("(in the list from index %u) "), start);
          return FALSE;
        }
    }
  return TRUE;
}
