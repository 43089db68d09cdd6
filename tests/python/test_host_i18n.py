# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""Host tests: the library's GError messages come from its gettext domain."""
import os
import subprocess
import sys

import pytest

LOCALEDIR = os.path.join(os.environ['G_TEST_BUILDDIR'], '..', 'po')

CODE = r'''
import locale, sys
from gverbs_testutil import Verbs
from gi.repository import GLib
locale.setlocale(locale.LC_ALL, '')
# the build tree's catalogue, bound after the library bound its installed one
locale.bindtextdomain('libgverbs', sys.argv[1])
try:
    Verbs.Gid.new_from_string('not-a-gid')
except GLib.Error as e:
    print(e.message)
'''


def message(language):
    env = dict(os.environ, LANG='C.UTF-8', LC_ALL='', LANGUAGE=language)
    out = subprocess.run([sys.executable, '-c', CODE, LOCALEDIR], env=env,
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_catalogue_built():
    assert os.path.exists(os.path.join(LOCALEDIR, 'de', 'LC_MESSAGES', 'libgverbs.mo'))


def test_german_message():
    text = message('de')
    assert text.startswith('„not-a-gid“ ist keine GID: erwartet werden acht Gruppen'), text


def test_untranslated_language_gives_english():
    text = message('xx')
    assert text.startswith('“not-a-gid” is not a GID: expected eight groups'), text
