#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib.h>

/**
 * GVERBS_MAJOR_VERSION:
 *
 * The major version of libgverbs this code was compiled against.
 */
#define GVERBS_MAJOR_VERSION (0)

/**
 * GVERBS_MINOR_VERSION:
 *
 * The minor version of libgverbs this code was compiled against.
 */
#define GVERBS_MINOR_VERSION (1)

/**
 * GVERBS_MICRO_VERSION:
 *
 * The micro version of libgverbs this code was compiled against.
 */
#define GVERBS_MICRO_VERSION (0)

/**
 * GVERBS_CHECK_VERSION:
 * @major: required major version
 * @minor: required minor version
 * @micro: required micro version
 *
 * Compile-time check that the libgverbs headers are at least the given version.
 */
#define GVERBS_CHECK_VERSION(major, minor, micro) \
  (GVERBS_MAJOR_VERSION > (major) || \
   (GVERBS_MAJOR_VERSION == (major) && GVERBS_MINOR_VERSION > (minor)) || \
   (GVERBS_MAJOR_VERSION == (major) && GVERBS_MINOR_VERSION == (minor) && \
    GVERBS_MICRO_VERSION >= (micro)))

#if defined (__GNUC__)
# define _GVERBS_EXTERN __attribute__((visibility ("default"))) extern
#else
# define _GVERBS_EXTERN extern
#endif

/**
 * GVERBS_AVAILABLE_IN_ALL:
 *
 * Marks a symbol exported by libgverbs since its first release.
 */
#define GVERBS_AVAILABLE_IN_ALL _GVERBS_EXTERN
