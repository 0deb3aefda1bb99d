"""Every ```python example of README.md and docs/*.md runs as shown: each
file's blocks run in order in one namespace of the file's own, and each
`print(...)  # expected` line must print exactly what its comment says."""

import contextlib
import io
import re

from conftest import REPO

PRINT = re.compile(r"^(\s*)print\((.*)\)\s*#\s?(.*)$")


def python_blocks(text):
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```python":
            start = i + 2
            body = []
            i += 1
            while not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            yield start, body
        i += 1


def documents():
    """Each document with Python examples (README.md first, then docs/),
    as (name, blocks)."""
    paths = [REPO / "README.md"] + sorted((REPO / "docs").rglob("*.md"))
    out = []
    for path in paths:
        blocks = list(python_blocks(path.read_text(encoding="utf-8")))
        if blocks:
            out.append((str(path.relative_to(REPO)), blocks))
    return out


def test_readme_python_examples():
    docs = documents()
    assert sum(len(blocks) for _, blocks in docs) >= 5
    checked = 0
    for name, blocks in docs:
        checked += run_document(name, blocks)
    assert checked >= 15


def run_document(name, blocks):
    """Runs one document's blocks in a namespace of its own; returns how
    many printed lines were checked."""
    namespace = {"__name__": "__readme__"}
    checked = 0
    for start, body in blocks:
        expected = {}
        code = []
        for n, line in enumerate(body):
            m = PRINT.match(line)
            if m:
                indent, args, want = m.groups()
                expected[start + n] = want
                line = f"{indent}__check({start + n}, {args})"
            code.append(line)

        def check(line_no, *args):
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                print(*args)
            got = out.getvalue().rstrip("\n")
            assert got == expected[line_no], f"{name} line {line_no}: printed {got!r}"

        namespace["__check"] = check
        exec(compile("\n".join(code), f"{name}:{start}", "exec"), namespace)
        checked += len(expected)
    return checked
