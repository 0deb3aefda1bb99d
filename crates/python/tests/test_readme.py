"""Every ```python example of README.md and docs/*.md runs as shown: each
file's blocks run in order in one namespace of the file's own, and each
`print(...)  # expected` line must print exactly what its comment says;
and each block, saved as a file of its own and run with `python file.py`,
runs and prints the same (a reader copies one block, not the page)."""

import contextlib
import io
import os
import re
import subprocess
import sys

import pytest

from conftest import REPO, _require

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


def test_readme_python_examples(tmp_path, monkeypatch):
    # In a directory of their own, as a reader's: files an example writes
    # (a proof's checkpoints) stay out of the checkout.
    monkeypatch.chdir(tmp_path)
    docs = documents()
    assert sum(len(blocks) for _, blocks in docs) >= 5
    checked = 0
    for name, blocks in docs:
        checked += run_document(name, blocks)
    assert checked >= 15


def run_document(name, blocks):
    """Runs one document's blocks in a namespace of its own; returns how
    many printed lines were checked."""
    # As a script runs: the Dask example's guarded block runs too.
    namespace = {"__name__": "__main__"}
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


def expected_output(body):
    """What a block prints, line by line: its `print(...)  # expected`
    comments, in order."""
    return [m.group(3) for m in map(PRINT.match, body) if m]


BLOCKS = [(name, start, body) for name, blocks in documents() for start, body in blocks]
EXAMPLES = [pytest.param(*block, id=f"{block[0]}:{block[1]}") for block in BLOCKS]


def test_the_examples_include_every_docs_python_md_block():
    ours = [body for name, _, body in BLOCKS if name == "docs/python.md"]
    assert len(ours) >= 7
    assert any("LocalCluster" in line for body in ours for line in body)


@pytest.mark.parametrize("name, start, body", EXAMPLES)
def test_each_python_example_runs_on_its_own(name, start, body, tmp_path):
    """The block alone, as `python example.py` in an empty directory: its
    own imports and setup, and a Dask example guarded by `if __name__ ==
    "__main__":` (a LocalCluster's workers import the script again; without
    the guard, distributed fails with `Nanny failed to start`)."""
    code = "\n".join(body) + "\n"
    if "distributed" in code:
        try:
            import distributed  # noqa: F401
        except ImportError:
            _require("needs dask[distributed] for the Dask example")
    script = tmp_path / "example.py"
    script.write_text(code, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        env=dict(os.environ, PYTHONPATH=""),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, f"{name}:{start} failed on its own:\n{run.stderr[-3000:]}"
    want = expected_output(body)
    assert want, f"{name}:{start} checks nothing"
    assert run.stdout.splitlines() == want, f"{name}:{start}: stderr:\n{run.stderr[-3000:]}"
