"""Solving boards: the reference facts, paths, options, streaming."""

import threading

import pytest

import wordgrid


def test_reference_enable2k(enable2k):
    # ENABLE2K, q = Qu, 3+ letters, 1-1-2-3-5-11: the published 3625.
    solution = wordgrid.Solver(enable2k).solve("perslatgsineters")
    assert (solution.score, solution.word_count) == (3625, 1045)


def test_reference_dutch(nl):
    solution = wordgrid.Solver(nl).solve("EICE JAAI VSKR BREP")
    assert (solution.word_count, solution.score) == (101, 139)


def test_builtin_english_and_no_diagonals(en):
    assert wordgrid.Solver(en).tally("perslatgsineters") == (4526, 1311)
    assert wordgrid.Solver(en, neighbors="no-diag").tally("perslatgsineters") == (113, 68)


def test_paths_spell_their_words(en):
    solution = wordgrid.Solver(en).solve("perslatgsineters")
    grid = ["pers", "latg", "sine", "ters"]
    assert solution.rows == solution.cols == 4
    assert len(solution.words) == solution.word_count
    for w in solution.words:
        assert len(w.path) == len(w.word) == w.len
        assert "".join(grid[r][c] for r, c in w.path) == w.word
        assert len(set(w.path)) == len(w.path)
        for (r1, c1), (r2, c2) in zip(w.path, w.path[1:]):
            assert max(abs(r1 - r2), abs(c1 - c2)) == 1
    assert sum(w.score for w in solution.words) == solution.score
    replastering = next(w for w in solution.words if w.word == "replastering")
    assert len(replastering.path) == 12


def test_score_many_matches_one_at_a_time(en):
    solver = wordgrid.Solver(en)
    boards = wordgrid.roll(en, seed=7, count=500)
    one = [solver.tally(b) for b in boards]
    for threads in (1, 2, 3):
        assert list(solver.score_many(boards, threads=threads)) == one
    # Any iterable, lazily; blank lines are skipped.
    lines = iter(["", *[b + "\n" for b in boards[:10]], "  \n"])
    assert list(solver.score_many(lines)) == one[:10]


def test_score_many_releases_the_gil(en):
    solver = wordgrid.Solver(en)
    boards = wordgrid.roll(en, seed=1, count=20000)
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(1)
            stop.wait(0.001)

    t = threading.Thread(target=ticker)
    t.start()
    try:
        total = sum(s for s, _ in solver.score_many(boards, threads=1))
    finally:
        stop.set()
        t.join()
    assert total > 0
    # Scoring 20,000 boards takes a few hundred ms; a thread that needs the
    # GIL every millisecond ran all along.
    assert len(ticks) > 20


def test_rules_options(en):
    big = wordgrid.Solver(en, scoring="big-boggle")
    assert big.rules["min_len"] == 4
    assert all(w.len >= 4 for w in big.solve("perslatgsineters").words)
    words = wordgrid.Solver(en, scoring="words")
    s = words.solve("perslatgsineters")
    assert s.score == s.word_count
    five = wordgrid.Solver(en, min_len=5).solve("perslatgsineters")
    assert min(w.len for w in five.words) == 5
    ruzzle = wordgrid.Solver(en, scoring="ruzzle", bonus="d..T/..../.D../t...")
    assert ruzzle.score("perslatgsineters") > 0
    wrap = wordgrid.Solver(en, wrap=True)
    assert wrap.score("perslatgsineters") > 4526


def test_qu_and_faces(en):
    solver = wordgrid.Solver(en)
    # A q cell reads qu: q-i-t-e spells "quite".
    s = solver.solve("qite rsan dlop mhgb")
    quite = next(w for w in s.words if w.word == "quite")
    assert quite.path == [(0, 0), (0, 1), (0, 2), (0, 3)] and quite.len == 5
    assert solver.solve("[th]e.. a... .... ....").board.startswith("[th]")


def test_pack_roundtrips(en, tmp_path):
    import pickle

    assert "replastering" in en and "zzzq" not in en
    assert len(en) > 100_000
    copy = wordgrid.Pack.from_bytes(en.to_bytes())
    assert len(copy) == len(en)
    again = pickle.loads(pickle.dumps(copy))
    assert wordgrid.Solver(again).score("perslatgsineters") == 4526
    assert pickle.loads(pickle.dumps(en)).builtin_name == "en"
    path = tmp_path / "en.pack"
    copy.save(path)
    assert wordgrid.Solver(wordgrid.Pack.open(path)).score("perslatgsineters") == 4526


def test_build_from_lines():
    # The recipe's filters apply: CRLF is trimmed, "x1y" and the proper
    # noun "Paris" are dropped.
    pack = wordgrid.Pack.build(["cat", "cats", "dog\r", "x1y", "act", "Paris"], recipe="enable")
    assert pack.words() == ["act", "cat", "cats", "dog"]
    # cat, cats, dog; "act" is not on the board (c and t are not adjacent).
    assert wordgrid.Solver(pack).tally("cats/dogx/xxxx/xxxx") == (3, 3)


def test_size_shapes_a_run(enable2k):
    # Published 3x4 boards are 12-letter runs; perslatesind is the proven
    # ENABLE2K 3x4 optimum, 1651 points and 600 words (RECORDS.md).
    solver = wordgrid.Solver(enable2k)
    solution = solver.solve("perslatesind", size="3x4")
    assert (solution.rows, solution.cols) == (3, 4)
    assert (solution.score, solution.word_count) == (1651, 600)
    assert solution.board == "pers/late/sind"
    assert solver.tally("perslatesind", size=(3, 4)) == (1651, 600)
    assert solver.tally("pers/late/sind") == (1651, 600)
    assert list(solver.score_many(["perslatesind"], size="3x4")) == [(1651, 600)]
    # Without a size a run that makes no square is refused, with both ways
    # to write it; rows that disagree with the size are refused too.
    with pytest.raises(wordgrid.BoardError, match=r"pers/late/sind.*3x4"):
        solver.solve("perslatesind")
    with pytest.raises(wordgrid.BoardError, match="3 rows of 4, not 4x3"):
        solver.solve("pers/late/sind", size="4x3")
    with pytest.raises(wordgrid.OptionsError):
        solver.solve("perslatesind", size="0x4")
