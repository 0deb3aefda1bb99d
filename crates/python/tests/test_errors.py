"""Bad input raises the right exception with the CLI's one-line message,
and never crashes the interpreter."""

import random

import pytest

import wordgrid
from wordgrid import BoardError, OptionsError, PackError, WordgridError


def test_exception_classes():
    assert issubclass(BoardError, WordgridError) and issubclass(BoardError, ValueError)
    assert issubclass(OptionsError, ValueError)
    assert issubclass(PackError, WordgridError) and not issubclass(PackError, ValueError)


@pytest.mark.parametrize(
    "board, message",
    [
        ("ab1d", "row 1, column 3"),
        ("", "empty"),
        ("abc de", "row 2 has 2 cells but row 1 has 3"),
        ("ab[cd", "["),
    ],
)
def test_bad_boards(en, board, message):
    solver = wordgrid.Solver(en)
    for call in (solver.solve, solver.score, solver.tally):
        with pytest.raises(BoardError) as e:
            call(board)
        assert message in str(e.value)
        assert "\n" not in str(e.value)


def test_bad_board_in_a_stream(en):
    solver = wordgrid.Solver(en)
    it = solver.score_many(["abcd efgh ijkl mnop", "ab1d", "perslatgsineters"], threads=2)
    assert next(it)[0] >= 0
    with pytest.raises(BoardError, match="board 2: row 1, column 3"):
        next(it)
    assert next(it) == (4526, 1311)
    with pytest.raises(StopIteration):
        next(it)
    with pytest.raises(TypeError, match="board 1: a board is text"):
        list(solver.score_many([42]))
    with pytest.raises(TypeError):
        solver.score_many(42)


def test_bad_options(en):
    with pytest.raises(OptionsError, match="adjacency"):
        wordgrid.Solver(en, neighbors="diagonal-ish")
    with pytest.raises(OptionsError):
        wordgrid.Solver(en, scoring="no-such-scheme")
    with pytest.raises(OptionsError, match="bonus"):
        wordgrid.Solver(en, bonus="d..T/..../.D../t...")
    with pytest.raises(OptionsError, match="at least 1"):
        wordgrid.Solver(en, min_len=0)
    with pytest.raises(OptionsError):
        wordgrid.Solver(en).score_many([], threads=0)
    with pytest.raises(OptionsError):
        wordgrid.roll(en, dice="no-such-dice")
    with pytest.raises(OptionsError):
        wordgrid.roll(en, size="0x4")
    with pytest.raises(OptionsError, match="k from 1 to n"):
        wordgrid.prove(en, "2x2", 10, shard=(3, 2))
    with pytest.raises(OptionsError, match="length-based"):
        wordgrid.prove(wordgrid.Solver(en, scoring="ruzzle"), "2x2", 10)
    with pytest.raises(OptionsError, match="up to 16777215"):
        wordgrid.prove(en, "2x2", 2**24)
    with pytest.raises(OptionsError):
        wordgrid.Pack.build(["cat"], recipe="no-such-recipe")
    with pytest.raises(BoardError, match="bonus"):
        wordgrid.Solver(en, scoring="ruzzle", bonus="d..T/..../.D../t...").solve("abc/def/ghi")


def test_bad_packs(en, tmp_path):
    with pytest.raises(PackError, match="no built-in pack"):
        wordgrid.Pack.builtin("xx")
    with pytest.raises(PackError):
        wordgrid.Pack.load("no-such-pack")
    with pytest.raises(PackError):
        wordgrid.Pack.open(tmp_path / "missing.pack")
    with pytest.raises(PackError):
        wordgrid.Pack.from_bytes(b"not a pack")
    data = wordgrid.Pack.build(["cat", "cats", "act", "tacs"], recipe="enable").to_bytes()
    with pytest.raises(PackError):
        wordgrid.Pack.from_bytes(data[: len(data) // 2])
    (tmp_path / "cut.pack").write_bytes(data[:-3])
    with pytest.raises(PackError):
        wordgrid.Pack.open(tmp_path / "cut.pack")


def test_corrupt_packs_never_crash(en):
    # Flip bytes anywhere in a real pack: it is refused or it works; the
    # interpreter survives either way.
    data = bytearray(wordgrid.Pack.build(["cat", "cats", "act", "tacs", "scat"], recipe="enable").to_bytes())
    rng = random.Random(1)
    refused = 0
    for _ in range(300):
        bad = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            bad[rng.randrange(len(bad))] = rng.randrange(256)
        try:
            pack = wordgrid.Pack.from_bytes(bytes(bad))
            wordgrid.Solver(pack).score("cats/tacx/xxxx/xxxx")
        except PackError as e:
            assert "\n" not in str(e)
            refused += 1
    assert refused > 250
