/* SPDX-License-Identifier: LGPL-2.1-or-later
 * SPDX-FileCopyrightText: 2026 The libgverbs authors */

#pragma once

#include <infiniband/verbs.h>
#include "gverbs-device-caps.h"

G_BEGIN_DECLS

GVerbsODPCaps          *_gverbs_odp_caps_new           (const struct ibv_odp_caps           *caps,
                                                        guint32                              xrc_odp_caps);
GVerbsTSOCaps          *_gverbs_tso_caps_new           (const struct ibv_tso_caps           *caps);
GVerbsRSSCaps          *_gverbs_rss_caps_new           (const struct ibv_rss_caps           *caps);
GVerbsPacketPacingCaps *_gverbs_packet_pacing_caps_new (const struct ibv_packet_pacing_caps *caps);
GVerbsTMCaps           *_gverbs_tm_caps_new            (const struct ibv_tm_caps            *caps);
GVerbsCQModerationCaps *_gverbs_cq_moderation_caps_new (const struct ibv_cq_moderation_caps *caps);
GVerbsPCIAtomicCaps    *_gverbs_pci_atomic_caps_new    (const struct ibv_pci_atomic_caps    *caps);

G_END_DECLS
