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
#include "gverbs-sge.h"
#include "gverbs-mr.h"
#include "gverbs-mw.h"
#include "gverbs-gid.h"
#include "gverbs-gid-entry.h"
#include "gverbs-device-caps.h"
#include "gverbs-device-attr-ex.h"
#include "gverbs-async-event.h"
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
