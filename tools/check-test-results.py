#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""Read meson's testlog.json and enforce the project's rules on a test run.

- counts subtests (GTest TAP lines, pytest -v result words, GJS 'ok -' lines);
- fails if a suite ran zero tests, if anything failed, or (with --no-skips)
  if any test or subtest skipped that is not listed in tests/rxe-limitations.txt;
- prints a closing line "LABEL: N passed, N failed, N skipped".
"""
import argparse
import fnmatch
import json
import re
import sys

TAP = re.compile(r'^(not ok|ok)\b\s*(?:\d+)?\s*-?\s*(.*?)(\s+#\s*(SKIP|TODO).*)?$', re.I)
PYTEST = re.compile(r'^(\S+::\S+)\s+(PASSED|FAILED|SKIPPED|ERROR|XFAIL|XPASS)\b')


def allowed_patterns(path):
    patterns = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith('#'):
                patterns.append(line.split()[0])
    return patterns


def subtests(entry):
    """Yield (subtest id, 'pass'|'fail'|'skip') for one meson test result."""
    out = entry.get('stdout') or ''
    found = False
    for line in out.splitlines():
        m = PYTEST.match(line.strip())
        if m:
            found = True
            word = m.group(2)
            yield m.group(1), {'PASSED': 'pass', 'SKIPPED': 'skip', 'XFAIL': 'pass'}.get(word, 'fail')
            continue
        m = TAP.match(line.strip())
        if m:
            found = True
            if m.group(4) and m.group(4).upper() == 'SKIP':
                yield m.group(2), 'skip'
            else:
                yield m.group(2), 'pass' if m.group(1).lower() == 'ok' else 'fail'
    if not found:
        result = entry['result']
        yield '', {'OK': 'pass', 'SKIP': 'skip', 'EXPECTEDFAIL': 'pass'}.get(result, 'fail')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('testlog')
    ap.add_argument('--label', default='tests')
    ap.add_argument('--no-skips', action='store_true')
    ap.add_argument('--allowed', default='tests/rxe-limitations.txt')
    ap.add_argument('--suite', help='every test in the log must belong to this meson suite')
    args = ap.parse_args()

    patterns = allowed_patterns(args.allowed) if args.no_skips else []
    counts = {'pass': 0, 'fail': 0, 'skip': 0}
    problems = []
    with open(args.testlog) as f:
        entries = [json.loads(line) for line in f if line.strip()]
    if not entries:
        problems.append('no test ran')
    for entry in entries:
        name = entry['name']
        suites = name.split(' / ')[0].split(':', 1)[-1].split('+')
        if args.suite and args.suite not in suites:
            problems.append('%s: not in suite %s (a stale or wrong test log)' % (name, args.suite))
        if entry['result'] not in ('OK', 'SKIP', 'EXPECTEDFAIL'):
            problems.append('%s: %s' % (name, entry['result']))
        n = failed = 0
        for sub, verdict in subtests(entry):
            n += 1
            failed += verdict == 'fail'
            counts[verdict] += 1
            full = '%s: %s' % (name, sub) if sub else name
            if verdict == 'fail':
                problems.append('failed: ' + full)
            elif verdict == 'skip' and args.no_skips:
                if not any(fnmatch.fnmatchcase(full, p) for p in patterns):
                    problems.append('skipped and not a listed rxe limitation: ' + full)
        if n == 0:
            problems.append('%s: ran no test' % name)
        if entry['result'] not in ('OK', 'SKIP', 'EXPECTEDFAIL') and not failed:
            counts['fail'] += 1   # it died after its last passing subtest (a crash, a timeout)
    for p in problems:
        print('PROBLEM:', p)
    print('%s: %d passed, %d failed, %d skipped' % (args.label, counts['pass'], counts['fail'], counts['skip']))
    if counts['pass'] == 0:
        print('PROBLEM: %s ran zero passing tests' % args.label)
        return 1
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
