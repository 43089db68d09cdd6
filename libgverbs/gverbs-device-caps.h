/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#if !defined (__GVERBS_H_INSIDE__) && !defined (GVERBS_COMPILATION)
# error "Only <gverbs.h> can be included directly."
#endif

#include <glib-object.h>
#include "gverbs-version.h"

G_BEGIN_DECLS

/* The capability groups of GVerbsDeviceAttrEx: small read-only objects,
 * one property per field of the rdma-core struct they copy. */

#define GVERBS_TYPE_ODP_CAPS (gverbs_odp_caps_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsODPCaps, gverbs_odp_caps, GVERBS, ODP_CAPS, GObject)

#define GVERBS_TYPE_TSO_CAPS (gverbs_tso_caps_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsTSOCaps, gverbs_tso_caps, GVERBS, TSO_CAPS, GObject)

#define GVERBS_TYPE_RSS_CAPS (gverbs_rss_caps_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsRSSCaps, gverbs_rss_caps, GVERBS, RSS_CAPS, GObject)

#define GVERBS_TYPE_PACKET_PACING_CAPS (gverbs_packet_pacing_caps_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsPacketPacingCaps, gverbs_packet_pacing_caps, GVERBS, PACKET_PACING_CAPS, GObject)

#define GVERBS_TYPE_TM_CAPS (gverbs_tm_caps_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsTMCaps, gverbs_tm_caps, GVERBS, TM_CAPS, GObject)

#define GVERBS_TYPE_CQ_MODERATION_CAPS (gverbs_cq_moderation_caps_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsCQModerationCaps, gverbs_cq_moderation_caps, GVERBS, CQ_MODERATION_CAPS, GObject)

#define GVERBS_TYPE_PCI_ATOMIC_CAPS (gverbs_pci_atomic_caps_get_type ())
GVERBS_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GVerbsPCIAtomicCaps, gverbs_pci_atomic_caps, GVERBS, PCI_ATOMIC_CAPS, GObject)

G_END_DECLS
