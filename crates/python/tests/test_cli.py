"""The Python package and the boggle CLI agree: the same boards solve to
the same words, scores and paths; the same seeds roll the same boards; the
same sizes count the same paths."""

import json
import pickle
import subprocess

import pytest

import wordgrid


def run(boggle_bin, *args, stdin=None):
    done = subprocess.run(
        [boggle_bin, *args], input=stdin, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_roll_matches_cli(boggle_bin, en, nl):
    cli = run(boggle_bin, "roll", "--seed", "42", "--count", "50").split()
    assert wordgrid.roll(en, seed=42, count=50) == cli
    cli = run(boggle_bin, "roll", "--lang", "nl", "--seed", "5", "--size", "5x5").splitlines()[0]
    assert wordgrid.roll(nl, seed=5, size="5x5") == cli
    cli = run(boggle_bin, "roll", "--letters", "uniform", "--seed", "9", "--count", "3").split()
    assert wordgrid.roll(en, letters="uniform", seed=9, count=3) == cli


def test_solutions_match_cli_json(boggle_bin, en):
    # A few hundred random boards of several sizes, under two rule sets.
    for size, neighbors, count in (("4x4", "all", 200), ("5x5", "no-diag", 100), ("3x6", "all", 100)):
        boards = wordgrid.roll(en, size=size, seed=11, count=count)
        out = run(
            boggle_bin, "batch", "--words", "-n", neighbors, stdin="\n".join(boards) + "\n"
        )
        records = [json.loads(line) for line in out.splitlines()]
        assert len(records) == count
        solver = wordgrid.Solver(en, neighbors=neighbors)
        for board, rec in zip(boards, records):
            s = solver.solve(board)
            assert (s.score, s.word_count) == (rec["score"], rec["word_count"]), board
            mine = [(w.word, w.score, w.len, [list(p) for p in w.path]) for w in s.words]
            theirs = [(w["word"], w["score"], w["len"], w["path"]) for w in rec["words"]]
            assert mine == theirs, board


def test_count_matches_cli(boggle_bin):
    for size, neighbors, wrap in (("4x4", "all", False), ("3x5", "no-diag", False), ("4x4", "all", True)):
        args = ["count", "--size", size, "-n", neighbors, "--json"] + (["--wrap"] if wrap else [])
        cli = json.loads(run(boggle_bin, *args))
        assert wordgrid.count(size, neighbors=neighbors, wrap=wrap) == int(cli["total"])
        by_length = wordgrid.count(size, neighbors=neighbors, wrap=wrap, by_length=True)
        assert by_length == [int(n) for n in cli["by_length"]]


def test_count_engines_agree_with_each_other_and_the_cli(boggle_bin):
    # 6x6 king: A236690(6), by the sweep in a moment.
    assert wordgrid.count("6x6") == 9913814758253424
    assert wordgrid.count("6x6") == int(run(boggle_bin, "count", "--size", "6x6"))
    for size, wrap in (("3x5", False), ("3x4", True)):
        for neighbors in ("all", "no-diag"):
            walked = wordgrid.count(size, neighbors=neighbors, wrap=wrap, by_length=True, engine="dfs")
            swept = wordgrid.count(size, neighbors=neighbors, wrap=wrap, by_length=True, engine="frontier")
            assert walked == swept, (size, neighbors, wrap)
    with pytest.raises(wordgrid.OptionsError):
        wordgrid.count("4x4", engine="bfs")
    # Past 2^128 the total is still a Python int, as the CLI prints it.
    strip = wordgrid.count("3x60")
    assert strip > 2**128
    assert strip == int(run(boggle_bin, "count", "--size", "3x60"))


def test_common_words_match_cli_json(boggle_bin, en):
    # boggle perslatgsineters --common --json and Solver(en, common=True):
    # the same words, frequencies, totals; and the common tally of a full
    # solve is the same again.
    cli = json.loads(run(boggle_bin, "perslatgsineters", "--common", "--json"))
    s = wordgrid.Solver(en, common=True).solve("perslatgsineters")
    assert (s.score, s.word_count) == (cli["score"], cli["word_count"])
    mine = [(w.word, w.score, w.zipf, w.rare) for w in s.words]
    theirs = [(w["word"], w["score"], w.get("zipf"), w.get("rare", False)) for w in cli["words"]]
    assert mine == theirs
    assert all(w.zipf is not None and w.zipf >= 2.5 and not w.rare for w in s)
    full = wordgrid.Solver(en).solve("perslatgsineters")
    assert (full.common_score, full.common_word_count) == (s.score, s.word_count)
    assert (full.common_score, full.common_word_count) == (
        cli["common"]["score"],
        cli["common"]["word_count"],
    )
    assert [w.word for w in full.common_words] == [w.word for w in s.words]
    # Rare is under the line (why too_rare) or at it and no everyday word
    # (why: the pack's verdict), as the CLI says.
    assert all(w.rare == (w.why is not None) for w in full)
    assert all((w.why == "too_rare") == (w.zipf is None or w.zipf < 2.5) for w in full)
    assert {w.why for w in full if w.rare and w.why != "too_rare"} <= {"name", "abbreviation", "not_everyday"}
    assert any(w.why == "not_everyday" for w in full)
    cli_full = json.loads(run(boggle_bin, "perslatgsineters", "--json"))
    assert [w.why for w in full] == [w.get("why") for w in cli_full["words"]]
    # --min-zipf in batch and min_zipf in Python.
    boards = wordgrid.roll(en, seed=3, count=20)
    out = run(boggle_bin, "batch", "--words", "--min-zipf", "3", stdin="\n".join(boards) + "\n")
    solver = wordgrid.Solver(en, min_zipf=3)
    for board, line in zip(boards, out.splitlines()):
        rec = json.loads(line)
        sol = solver.solve(board)
        assert (sol.score, sol.word_count) == (rec["score"], rec["word_count"]), board
        assert [w.word for w in sol] == [w["word"] for w in rec["words"]]
        assert all(w.zipf >= 3 for w in sol)


@pytest.mark.parametrize("game", ["ruzzle", "wordament", "big", "hunt"])
def test_game_rounds_match_cli(boggle_bin, game):
    """A game's round for a seed is the library's: Python and `boggle roll
    --game` give the same board and bonus cells (the browser suite checks
    the page against the CLI too)."""
    cli = json.loads(run(boggle_bin, "roll", "--game", game, "--seed", "42", "--json"))
    board = wordgrid.roll(game=game, seed=42)
    assert str(board) == cli["board"]
    assert board.bonus == cli.get("bonus")
    assert board.seed == 42
    assert (board.bonus is not None) == (game == "ruzzle")
    again = pickle.loads(pickle.dumps(board))
    assert again == board and again.bonus == board.bonus
    assert "bonus=" in repr(board) or board.bonus is None
    rounds = wordgrid.roll(game=game, seed=42, count=3)
    cli = run(boggle_bin, "roll", "--game", game, "--seed", "42", "--count", "3").split()
    assert rounds == cli


def test_game_round_options_are_checked(en):
    with pytest.raises(wordgrid.OptionsError, match="no game \"chess\""):
        wordgrid.roll(en, game="chess")
    with pytest.raises(wordgrid.OptionsError, match="leave out size"):
        wordgrid.roll(en, game="ruzzle", size="5x5")
    custom = wordgrid.roll(en, game="custom", size="5x5", scoring="ruzzle", seed=1)
    assert len(custom.split("/")) == 5
    # A Ruzzle round scores with its bonus cells.
    board = wordgrid.roll(en, game="ruzzle", seed=7)
    plain = wordgrid.Solver(en, scoring="ruzzle").solve(board)
    bonus = wordgrid.Solver(en, scoring="ruzzle", bonus=board.bonus).solve(board)
    assert bonus.score > plain.score
