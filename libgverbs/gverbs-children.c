#include "config.h"

#include "gverbs-private.h"

typedef struct {
  GObject *object;
  GVerbsRank rank;
  GVerbsCloseFunc close_func;
} GVerbsChild;

void
_gverbs_children_add (GVerbsChildren  *children,
                      gpointer         child,
                      GVerbsRank       rank,
                      GVerbsCloseFunc  close_func)
{
  GVerbsChild item = { child, rank, close_func };

  if (children->items == NULL)
    children->items = g_array_new (FALSE, FALSE, sizeof (GVerbsChild));
  g_array_append_val (children->items, item);
}

void
_gverbs_children_remove (GVerbsChildren *children,
                         gpointer        child)
{
  if (children->items == NULL)
    return;
  for (guint i = 0; i < children->items->len; i++)
    {
      if (g_array_index (children->items, GVerbsChild, i).object == child)
        {
          g_array_remove_index (children->items, i);
          return;
        }
    }
}

void
_gverbs_children_close_all (GVerbsChildren *children)
{
  while (children->items != NULL && children->items->len > 0)
    {
      guint pick = 0;
      GVerbsChild item;

      for (guint i = 1; i < children->items->len; i++)
        if (g_array_index (children->items, GVerbsChild, i).rank <=
            g_array_index (children->items, GVerbsChild, pick).rank)
          pick = i;

      item = g_array_index (children->items, GVerbsChild, pick);
      g_array_remove_index (children->items, pick);
      g_object_ref (item.object);
      item.close_func (item.object);
      g_object_unref (item.object);
    }
}

void
_gverbs_children_clear (GVerbsChildren *children)
{
  g_clear_pointer (&children->items, g_array_unref);
}
