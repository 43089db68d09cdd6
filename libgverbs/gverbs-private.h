#pragma once

#if !defined (GVERBS_COMPILATION)
# error "This header is private to libgverbs."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

void     _gverbs_set_error_errno  (GError     **error,
                                   int          err_no,
                                   const char  *call,
                                   const char  *object,
                                   const char  *detail_format,
                                   ...) G_GNUC_PRINTF (5, 6);
void     _gverbs_set_post_error   (GError     **error,
                                   int          err_no,
                                   const char  *call,
                                   const char  *object,
                                   guint        index,
                                   guint        n_wrs,
                                   guint64      wr_id);
gboolean _gverbs_set_closed_error (GError     **error,
                                   const char  *what);
gboolean _gverbs_init_result      (const GError  *init_error,
                                   GError       **error);
gboolean _gverbs_check_open       (gboolean       open,
                                   const GError  *init_error,
                                   const char    *what,
                                   GError       **error);

/*
 * The resource tree: a parent keeps a list of its live children (no
 * references: a child holds a strong reference to its parent instead).
 * A child adds itself when its rdma-core resource exists and removes itself
 * in its close(). The parent's close() closes its children first, lowest
 * rank first, newest first within a rank.
 */
typedef void (*GVerbsCloseFunc) (gpointer object);

typedef enum {
  GVERBS_RANK_QP = 0,   /* QPs, MWs, AHs, flows: users of other resources */
  GVERBS_RANK_SRQ = 1,  /* SRQs, WQs, MRs */
  GVERBS_RANK_CQ = 2,   /* CQs, PDs, DMs, XRCDs */
  GVERBS_RANK_CHANNEL = 3,
} GVerbsRank;

typedef struct {
  GArray *items;
} GVerbsChildren;

void _gverbs_children_add       (GVerbsChildren  *children,
                                 gpointer         child,
                                 GVerbsRank       rank,
                                 GVerbsCloseFunc  close_func);
void _gverbs_children_remove    (GVerbsChildren  *children,
                                 gpointer         child);
void _gverbs_children_close_all (GVerbsChildren  *children);
void _gverbs_children_clear     (GVerbsChildren  *children);

G_END_DECLS
