#pragma once

#define __GVERBS_H_INSIDE__

#include "gverbs-version.h"
#include "gverbs-enums.h"
#include "gverbs-enum-types.h"
#include "gverbs-error.h"
#include "gverbs-device.h"
#include "gverbs-device-attr.h"
#include "gverbs-port-attr.h"
#include "gverbs-context.h"
#include "gverbs-pd.h"
#include "gverbs-qp-cap.h"
#include "gverbs-qp-attr.h"
#include "gverbs-qp-init-attr.h"
#include "gverbs-qp.h"
#include "gverbs-wc.h"
#include "gverbs-comp-channel.h"
#include "gverbs-cq.h"
#include "gverbs-cq-init-attr-ex.h"
#include "gverbs-cq-ex.h"
#include "gverbs-global-route.h"
#include "gverbs-ah-attr.h"
#include "gverbs-ah.h"
#include "gverbs-xrcd-init-attr.h"
#include "gverbs-xrcd.h"
#include "gverbs-alloc-dm-attr.h"
#include "gverbs-dm.h"
#include "gverbs-dm-mr.h"
#include "gverbs-import.h"

#undef __GVERBS_H_INSIDE__
