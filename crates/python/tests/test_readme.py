"""Every ```python example of README.md runs as shown: the blocks run in
order in one namespace, and each `print(...)  # expected` line must print
exactly what its comment says."""

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


def test_readme_python_examples():
    blocks = list(python_blocks((REPO / "README.md").read_text(encoding="utf-8")))
    assert len(blocks) >= 5
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
            assert got == expected[line_no], f"README.md line {line_no}: printed {got!r}"

        namespace["__check"] = check
        exec(compile("\n".join(code), f"README.md:{start}", "exec"), namespace)
        checked += len(expected)
    assert checked >= 15
