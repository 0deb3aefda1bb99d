"""The frequencies packs store, against wordfreq 3.1.1 itself (the PyPI
package, installed with the test extras): for 40 English words and 20 each
in German and Russian, a pack's value is wordfreq's Zipf frequency of the
word, to within 0.1.

A pack matches wordfreq's list through the recipe's folding, adding the
frequencies of the forms that fold together (German ``ä`` → ``ae``, ``ß``
→ ``ss``; Russian ``ё`` → ``е``), so the value expected for a pack word is
the Zipf value of the summed frequencies of its forms in wordfreq's list
(``get_frequency_dict``; for a word without folded forms that is
``zipf_frequency`` itself, which the English words check directly)."""

import importlib.metadata
import itertools
import math
import os
import pathlib

import pytest
import wordfreq

import wordgrid
from conftest import _require

# The version the packs' lists come from (wordlists/wordfreq-3.1.1/).
assert importlib.metadata.version("wordfreq") == "3.1.1"

ENGLISH = """the and people house water think because little world school
between country problem important example together children government
money family garden window kitchen question answer mountain river yellow
orange pencil thunder whisper lantern meadow pebble lobster
aia dowie pewee whio""".split()

GERMAN = """haus strasse maedchen ueber schoen groesse fuss kaese baeume muede
hoeren tuer koennen fluss wasser jahr zeit katze apfel gebaeude""".split()

RUSSIAN = """елка все еще дом вода мать год жизнь идти черный пес мед звезда
ребенок слово четыре лес путь весна зеленый""".split()

# How each recipe folds a letter: the forms a pack word can come from.
UNFOLD = {
    "de": {"ae": ["ae", "ä"], "oe": ["oe", "ö"], "ue": ["ue", "ü"]},
    "ru": {"е": ["е", "ё"]},
}


def forms(word: str, lang: str) -> set[str]:
    """Every spelling that folds to ``word`` by the recipe's letter rules."""
    rules = UNFOLD.get(lang, {})
    pieces: list[list[str]] = []
    i = 0
    while i < len(word):
        for key, alts in rules.items():
            if word.startswith(key, i):
                pieces.append(alts)
                i += len(key)
                break
        else:
            pieces.append([word[i]])
            i += 1
    return {"".join(p) for p in itertools.product(*pieces)}


def expected(word: str, lang: str) -> float:
    freq = wordfreq.get_frequency_dict(lang)
    total = sum(freq.get(f, 0.0) for f in forms(word, lang))
    return math.log10(total) + 9 if total > 0 else 0.0


def check(pack: wordgrid.Pack, words: list[str], lang: str) -> None:
    assert pack.has_frequencies
    assert pack.meta["frequency"]["name"] == "wordfreq"
    assert pack.meta["frequency"]["version"] == "3.1.1"
    for w in words:
        assert w in pack, w
        stored = pack.zipf(w)
        want = expected(w, lang)
        assert stored is not None, (w, want)
        assert abs(stored - want) <= 0.1, (w, stored, want)


def test_english_matches_wordfreq(en):
    assert len(ENGLISH) == 40
    check(en, ENGLISH, "en")
    # Unfolded, the expectation is zipf_frequency itself.
    for w in ENGLISH:
        assert abs(en.zipf(w) - wordfreq.zipf_frequency(w, "en")) <= 0.1, w


def built(recipe: str, list_path: str) -> wordgrid.Pack:
    if not pathlib.Path(list_path).is_file():
        _require(f"needs {list_path} (.ci/run installs it)")
    return wordgrid.Pack.build(list_path, recipe=recipe)


def test_german_matches_wordfreq():
    assert len(GERMAN) == 20
    check(built("german", "/usr/share/dict/ngerman"), GERMAN, "de")


def test_russian_matches_wordfreq():
    assert len(RUSSIAN) == 20
    check(built("russian", "/usr/share/hunspell/ru_RU.dic"), RUSSIAN, "ru")


def test_a_pack_built_without_frequencies_has_none(tmp_path):
    pack = wordgrid.Pack.build(["cat", "dog"], frequencies=False)
    assert not pack.has_frequencies and pack.zipf("cat") is None
    listed = tmp_path / "freq.tsv"
    listed.write_text("cat\t4.2\n")
    pack = wordgrid.Pack.build(["cat", "dog"], frequencies=listed)
    assert (pack.zipf("cat"), pack.zipf("dog")) == (4.2, None)
    with pytest.raises(wordgrid.OptionsError):
        wordgrid.Pack.build(["cat"], frequencies=True)
    missing = dict(os.environ, BOGGLE_FREQUENCIES=str(tmp_path))
    os.environ.update(missing)
    try:
        with pytest.raises(wordgrid.PackError, match="large_en.msgpack.gz, not found"):
            wordgrid.Pack.build(["cat"])
    finally:
        del os.environ["BOGGLE_FREQUENCIES"]


def test_rolled_boards_keep_enough_common_words(en, boggle_bin):
    # The 300 boards of `boggle roll --seed 7 --count 300`, solved with the
    # default line: no word counted as common is under it, and the median
    # board keeps at least 25 common words (docs/frequencies.md: 68).
    import statistics
    import subprocess

    cli = subprocess.run(
        [boggle_bin, "roll", "--seed", "7", "--count", "300"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    boards = [str(b) for b in wordgrid.roll(en, seed=7, count=300)]
    assert boards == cli
    solver = wordgrid.Solver(en, common=True)
    counts = []
    for board in boards:
        sol = solver.solve(board)
        assert all(w.zipf is not None and w.zipf >= 2.5 for w in sol), board
        counts.append(sol.word_count)
    assert statistics.median(counts) >= 25, statistics.median(counts)


def test_a_version_1_pack_opens_without_frequencies(tmp_path):
    # Version 1 is version 3 without flags (no frequencies, no verdicts)
    # and their checksum: the same bytes but the version and the header's
    # checksum.
    import zlib

    data = bytearray(wordgrid.Pack.build(["cat", "act", "tac", "cats"], frequencies=False).to_bytes())
    assert data[8:12] == (3).to_bytes(4, "little")
    data[8:12] = (1).to_bytes(4, "little")
    data[40:44] = zlib.crc32(bytes(data[:40])).to_bytes(4, "little")
    pack = wordgrid.Pack.from_bytes(bytes(data))
    assert not pack.has_frequencies and pack.zipf("cat") is None
    sol = wordgrid.Solver(pack, common=True).solve("cats", size="2x2")
    assert sol.word_count == wordgrid.Solver(pack).solve("cats", size="2x2").word_count >= 3
    assert not any(w.rare for w in sol)
