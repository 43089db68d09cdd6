#include "pingpong.h"

/* rdma-core ibv_ud_pingpong compatible ping-pong over a UD queue pair. */
int
main (int argc, char **argv)
{
  return pp_main (argc, argv, GVERBS_QPT_UD);
}
