"""Shared fixtures: the boggle CLI to compare against, the shared word
lists (through BOGGLE_WORDLISTS) and an ENABLE2K pack built from them.

Tests that need the shared lists skip with a reason when BOGGLE_WORDLISTS
is not set; `.ci/run` sets it and WORDGRID_REQUIRE_REFERENCE=1, which turns
such a skip into a failure, so CI never skips them silently."""

import os
import pathlib
import shutil

import pytest

import wordgrid

REPO = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path_factory, monkeypatch):
    """Every test opens packs as if nothing were installed: a pack the
    tester installed (``boggle-prep install``) must not change a result.
    A test that installs one sets ``XDG_DATA_HOME`` again itself."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))


def _require(reason: str):
    if os.environ.get("WORDGRID_REQUIRE_REFERENCE") == "1":
        pytest.fail(f"{reason} (WORDGRID_REQUIRE_REFERENCE=1)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def wordlists() -> pathlib.Path:
    path = os.environ.get("BOGGLE_WORDLISTS")
    if not path:
        _require("needs BOGGLE_WORDLISTS (the shared word lists)")
    return pathlib.Path(path)


@pytest.fixture(scope="session")
def bench() -> pathlib.Path:
    path = os.environ.get("BOGGLE_WORDLISTS")
    if not path:
        _require("needs BOGGLE_WORDLISTS (the shared bench files beside it)")
    return pathlib.Path(path).resolve().parent / "bench"


@pytest.fixture(scope="session")
def enable2k(wordlists) -> wordgrid.Pack:
    return wordgrid.Pack.build(wordlists / "enable2k.txt", recipe="enable")


@pytest.fixture(scope="session")
def boggle_bin() -> str:
    """The boggle program: $BOGGLE_BIN, else the workspace's build."""
    env = os.environ.get("BOGGLE_BIN")
    candidates = [env] if env else []
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    candidates += [str(target / "release" / "boggle"), str(target / "debug" / "boggle")]
    for c in candidates:
        if c and pathlib.Path(c).is_file():
            return c
    found = shutil.which("boggle")
    if found:
        return found
    pytest.fail("no boggle program: build it (cargo build --release -p boggle) or set BOGGLE_BIN")


@pytest.fixture(scope="session")
def en() -> wordgrid.Pack:
    return wordgrid.Pack.builtin("en")


@pytest.fixture(scope="session")
def nl() -> wordgrid.Pack:
    return wordgrid.Pack.builtin("nl")
