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
#include "gverbs-cm-enums.h"
#include "gverbs-addr-info.h"
#include "gverbs-event-channel.h"
#include "gverbs-cm-params.h"
#include "gverbs-cm-buffer.h"
#include "gverbs-cm-id.h"

#undef __GVERBS_H_INSIDE__
