# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.flow: flow steering rules (libgverbs' GVerbsFlowAttr, GVerbsFlow)."""

from ._compat import Verbs, compat_class

__all__ = ['FlowAttr', 'Flow']

FlowAttr = compat_class(Verbs.FlowAttr, 'FlowAttr', namespace={'__module__': 'pyverbs.flow'})
Flow = compat_class(Verbs.Flow, 'Flow', messages={'__init__': 'Flow creation failed'},
                    namespace={'__module__': 'pyverbs.flow'})
