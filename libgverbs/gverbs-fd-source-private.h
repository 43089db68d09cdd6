#pragma once

#if !defined (GVERBS_COMPILATION)
# error "This header is private to libgverbs."
#endif

#include <glib-unix.h>

G_BEGIN_DECLS

/*
 * The event sources of the library (a completion channel, an rdma_cm event
 * channel, a device's async events, an rdma_cm identifier's CQs): @fd made
 * non-blocking and watched for input, @func called with @owner in @context.
 * The owner holds no reference through the source: it destroys the source
 * before it goes, and a callback that may close the owner refs it first.
 */
GSource *_gverbs_fd_source_new (int                 fd,
                                const char         *name,
                                GUnixFDSourceFunc   func,
                                gpointer            owner,
                                GMainContext       *context,
                                const char         *object,
                                GError            **error);
void     _gverbs_fd_source_clear (GSource          **source);

G_END_DECLS
