# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.pd: protection domains."""

from ._compat import Verbs, compat_class, importing_new

__all__ = ['PD', 'ParentDomain', 'ParentDomainInitAttr', 'ParentDomainContext']



def _pd_init(self, context, *args, **kwargs):
    if kwargs.get('handle') is not None:
        return  # imported by __new__
    Verbs.PD.__init__(self, context, *args, **kwargs)


PD = compat_class(Verbs.PD, 'PD', messages={'__init__': 'Failed to allocate PD'},
                  namespace={'__module__': 'pyverbs.pd', '__init__': _pd_init,
                             '__new__': importing_new(Verbs.PD, 'handle', 'Failed to import PD')})


# pyverbs' ParentDomainInitAttr(pd, pd_context=None, comp_mask=0),
# ParentDomainContext(pd, alloc_func, free_func, user_data=None) and
# ParentDomain(context, attr), a PD: libgverbs' classes under pyverbs' errors.
ParentDomainInitAttr = compat_class(Verbs.ParentDomainInitAttr, 'ParentDomainInitAttr',
                                    namespace={'__module__': 'pyverbs.pd'})
ParentDomainContext = compat_class(Verbs.ParentDomainContext, 'ParentDomainContext',
                                   namespace={'__module__': 'pyverbs.pd'})
ParentDomain = compat_class(Verbs.ParentDomain, 'ParentDomain',
                            messages={'__init__': 'Failed to allocate Parent Domain'},
                            namespace={'__module__': 'pyverbs.pd'}, extra_bases=(PD,))
