#!/usr/bin/python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors
"""Compile the examples of the API reference.

Every ```c fence in a class or boxed-type doc comment of libgverbs/**/*.c
and of the public headers (a boxed struct is documented there; the block that starts with ` * GVerbsSomething:`) is wrapped in a function
and compiled with -fsyntax-only, with the flags the build uses for a C test
(taken from compile_commands.json) against the built headers. A call to a
function that does not exist or an argument of the wrong type fails the test;
errors point at the line of the doc comment.

Convention for fragments:
  - `error`, a `GError *` set to NULL, is always declared; an example that
    declares its own (g_autoptr (GError) error = NULL;) shadows it;
  - a line `// given: DECLARATIONS` declares what the fragment uses without
    making it (a PD, a CQ, a callback ...):
        // given: GVerbsPD *pd; GVerbsCQ *cq;
        // given: void on_done (GObject *source, GAsyncResult *res, gpointer data);
    it is shown to readers as it is: it says what the example starts from;
  - the fragment is the body of a `void` function: leave it with `return;`;
    a fence whose code starts with `static ` (a signal handler, say) is a
    definition and is compiled at file scope as it is.

```python fences in the same comments are compiled with compile() (syntax).

With --check-coverage, every public class and boxed type (a G_DECLARE_*
or a *_get_type in libgverbs/**/*.h) must have a ```c fence in its doc
comment.
"""

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

HEADER = re.compile(r'^ \* (GVerbs\w+):\s*$')


def doc_comments(path):
    """Yield (type name, [(line number, text)]) for each class doc comment."""
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    i = 0
    while i < len(lines):
        if lines[i].strip() == '/**' and i + 1 < len(lines):
            m = HEADER.match(lines[i + 1])
            j = i + 1
            body = []
            while j < len(lines) and '*/' not in lines[j]:
                body.append((j + 1, lines[j]))
                j += 1
            if m:
                yield m.group(1), body
            i = j
        i += 1


def fences(body):
    """Yield (language, first line number, [lines]) for each fence."""
    lang = None
    for lineno, text in body:
        t = re.sub(r'^ \*( |$)', '', text, count=1)
        if lang is None:
            m = re.match(r'^```(\w+)\s*$', t)
            if m:
                lang, start, code = m.group(1), lineno + 1, []
        elif t.strip() == '```':
            yield lang, start, code
            lang = None
        else:
            code.append(t)
    if lang is not None:
        raise SystemExit(f'unterminated fence at line {start}')


def public_types(srcdir):
    types = set()
    for d in ('libgverbs', os.path.join('libgverbs', 'mlx5')):
        for name in sorted(os.listdir(os.path.join(srcdir, d))):
            if not name.endswith('.h') or name.endswith('-private.h'):
                continue
            with open(os.path.join(srcdir, d, name), encoding='utf-8') as f:
                text = f.read()
            for m in re.finditer(r'G_DECLARE_\w+_TYPE\s*\((\w+),', text):
                types.add(m.group(1))
            for m in re.finditer(r'^GType\s+gverbs_(\w+)_get_type', text, re.M):
                # a boxed type: its C name is its doc block's name
                types.add('boxed:' + m.group(1))
    return types


def compile_command(builddir, srcdir):
    with open(os.path.join(builddir, 'compile_commands.json'), encoding='utf-8') as f:
        entries = json.load(f)
    for e in entries:
        if e['file'].replace('\\', '/').endswith('tests/c/test-sge.c'):
            break
    else:
        raise SystemExit('tests/c/test-sge.c not in compile_commands.json')
    argv = shlex.split(e['command']) if 'command' in e else list(e['arguments'])
    out, skip = [], 0
    for a in argv:
        if skip:
            skip -= 1
            continue
        if a in ('-o', '-MQ', '-MF', '-MT'):
            skip = 1
            continue
        if a in ('-c', '-MD', '-MMD') or a.endswith('test-sge.c') or a.startswith('-fdiagnostics-color'):
            continue
        out.append(a)
    # the project's warnings, as errors, except those a fragment cannot avoid
    out += ['-fsyntax-only', '-fmax-errors=0',
            '-Werror=implicit-function-declaration', '-Werror=incompatible-pointer-types',
            '-Werror=int-conversion', '-Werror=return-type',
            '-Wno-shadow', '-Wno-unused-variable', '-Wno-unused-but-set-variable',
            '-Wno-unused-value', '-Wno-unused-function', '-Wno-uninitialized',
            '-Wno-maybe-uninitialized']
    return e['directory'], out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--srcdir', required=True)
    ap.add_argument('--builddir', required=True)
    ap.add_argument('--check-coverage', action='store_true')
    ap.add_argument('files', nargs='*', help='only these .c files (default: all)')
    args = ap.parse_args()
    srcdir = os.path.abspath(args.srcdir)

    files = args.files
    if not files:
        files = []
        for d in ('libgverbs', os.path.join('libgverbs', 'mlx5')):
            files += [os.path.join(srcdir, d, n) for n in sorted(os.listdir(os.path.join(srcdir, d)))
                      if n.endswith('.c') or (n.endswith('.h') and not n.endswith('-private.h'))]

    chunks = ['#include <gverbs.h>', '#include <gio/gio.h>', '#include <fcntl.h>', '#include <string.h>', '']
    documented, n_c, n_py, failures = set(), 0, 0, 0
    for path in files:
        rel = os.path.relpath(path, srcdir)
        for name, body in doc_comments(path):
            for lang, start, code in fences(body):
                if lang == 'python':
                    n_py += 1
                    try:
                        compile('\n'.join(code) + '\n', f'{rel}:{start}', 'exec')
                    except SyntaxError as e:
                        print(f'{rel}:{start - 1 + (e.lineno or 1)}: {name}: Python example: {e.msg}')
                        failures += 1
                    continue
                if lang != 'c':
                    continue
                documented.add(name)
                n_c += 1
                given = []
                for t in code:
                    m = re.match(r'^\s*// given:\s*(.*)$', t)
                    if m:
                        given.append(m.group(1))
                mlx5 = rel.startswith(os.path.join('libgverbs', 'mlx5'))
                if mlx5:   # gverbs.h has the mlx5 classes only when they are built
                    chunks.append('#if GVERBS_HAVE_MLX5')
                body_lines = [t for t in code if t.strip() and not re.match(r'^\s*// given:', t)]
                if body_lines and body_lines[0].startswith('static '):
                    # a handler or helper definition: compiled at file scope
                    chunks += given
                    chunks.append(f'#line {start} "{rel}"')
                    chunks += code
                else:
                    chunks.append(f'#line 1 "{rel}: example of {name}"')
                    chunks.append(f'static void G_GNUC_UNUSED\nexample_{n_c} (void)\n{{')
                    chunks.append('  GError *error = NULL;')
                    chunks += ['  ' + g for g in given]
                    chunks.append('  {')
                    chunks.append(f'#line {start} "{rel}"')
                    chunks += code
                    chunks.append('  }\n}\n')
                if mlx5:
                    chunks.append('#endif')

    if args.check_coverage:
        by_snake = {}
        for name in documented:
            by_snake[re.sub(r'(?<!^)(?=[A-Z][a-z])', '_', name[6:]).lower()] = name
        missing = []
        for t in sorted(public_types(srcdir)):
            if t.startswith('boxed:'):
                snake = t[6:]
                if not any(re.sub(r'[^a-z]', '', snake) == re.sub(r'[^a-z]', '', n[6:].lower())
                           for n in documented):
                    missing.append('boxed gverbs_' + snake)
            elif t not in documented:
                missing.append(t)
        for t in missing:
            print(f'no C example in the doc comment of {t}')
        failures += len(missing)

    cwd, cmd = compile_command(args.builddir, srcdir)
    with tempfile.NamedTemporaryFile('w', suffix='.c', prefix='doc-examples-', delete=False) as f:
        f.write('\n'.join(chunks) + '\n')
        generated = f.name
    try:
        r = subprocess.run(cmd + [generated], cwd=cwd, capture_output=True, text=True)
    finally:
        if r.returncode == 0 or not os.environ.get('DOC_EXAMPLES_KEEP'):
            os.unlink(generated)
    sys.stdout.write(r.stderr)
    if r.returncode != 0:
        print(f'the C examples do not compile ({generated if os.environ.get("DOC_EXAMPLES_KEEP") else "set DOC_EXAMPLES_KEEP=1 to keep the generated file"})')
        failures += 1
    print(f'{n_c} C examples compiled, {n_py} Python examples parsed, {failures} failure(s)')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
