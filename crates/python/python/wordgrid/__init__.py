"""wordgrid: word-grid games (Boggle, Big Boggle, Word Hunt, Wordament,
Ruzzle) in many languages.

The model: a :class:`Pack` holds a language's words (compiled into an
automaton) and its rules; a :class:`Solver` solves boards of one pack under
one set of rules (neighbours, wrap, scoring, minimum length); boards are
text, as the ``boggle`` CLI reads them (``"oatr ihps htnr enei"``,
``"[qu]..."``, ``"."`` for a blank).

>>> import wordgrid
>>> solver = wordgrid.Solver(wordgrid.Pack.builtin("en"))
>>> solver.solve("oatr ihps htnr enei").score
187

The heavy jobs run on a Dask cluster with :mod:`wordgrid.dask`.
"""

from typing import Any, List, Optional, Union, overload

from . import _native
from ._native import (
    Best,
    FoundBoard,
    Pack,
    Proof,
    ScoreIter,
    Solution,
    Solver,
    Word,
    __version__,
    best,
    builtin_packs,
    count,
    merge_proofs,
    prove,
    recipes,
)
from .errors import BoardError, OptionsError, PackError, WordgridError


class Rolled(str):
    """A rolled board's text (a ``str``, as ``Solver.solve`` takes it) that
    also carries ``seed``, the seed that rolls it again, and for a game's
    round with bonus cells (Ruzzle) ``bonus``, its bonus grid
    (``Solver(pack, scoring="ruzzle", bonus=board.bonus)`` scores it)."""

    seed: int
    bonus: Optional[str]

    def __new__(cls, text: str, seed: int, bonus: Optional[str] = None) -> "Rolled":
        board = super().__new__(cls, text)
        board.seed = seed
        board.bonus = bonus
        return board

    def __repr__(self) -> str:
        bonus = "" if self.bonus is None else f", bonus={self.bonus!r}"
        return f"Rolled({str.__repr__(self)}, seed={self.seed}{bonus})"

    def __reduce__(self) -> Any:
        return (Rolled, (str(self), self.seed, self.bonus))


@overload
def roll(
    pack: Union[Pack, Solver, None] = None, *, count: None = None, **options: Any
) -> Rolled: ...
@overload
def roll(pack: Union[Pack, Solver, None] = None, *, count: int, **options: Any) -> List[Rolled]: ...
def roll(
    pack: Union[Pack, Solver, None] = None, *, count: Optional[int] = None, **options: Any
) -> Union[Rolled, List[Rolled]]:
    """Rolls a random board (or ``count`` boards, seeds ``seed``,
    ``seed+1``, …) as ``boggle roll`` does: the same seed rolls the same
    board everywhere. ``pack`` is a ``Pack`` or a ``Solver`` (whose rules
    judge ``min_words`` / ``min_score``), English if left out; the options
    are ``size``, ``dice`` (a built-in set, ``pack``, ``frequency`` or a
    dice file), ``letters`` (``"frequency"`` or ``"uniform"`` instead of
    dice), ``shape``, ``seed`` (default: from the clock), ``min_words``,
    ``min_score`` and ``max_rolls``; or ``game`` (``"boggle"``, ``"big"``,
    ``"super"``, ``"hunt"``, ``"quick"``, ``"ruzzle"``, ``"wordament"``, or
    ``"custom"`` with ``size``, ``dice`` and ``scoring``) for the game's
    round, as ``boggle roll --game`` and the web page roll it: its board,
    special tile and bonus cells. Each board is a :class:`Rolled`: its
    text, with the ``seed`` that rolls it again (and its ``bonus``)."""
    if pack is None:
        pack = Pack.builtin("en")
    rolled = [
        Rolled(text, seed, bonus)
        for text, seed, bonus in _native.roll(pack, count=count, **options)
    ]
    return rolled if count is not None else rolled[0]

__all__ = [
    "Best",
    "BoardError",
    "FoundBoard",
    "OptionsError",
    "Pack",
    "PackError",
    "Proof",
    "ScoreIter",
    "Solution",
    "Solver",
    "Word",
    "WordgridError",
    "__version__",
    "best",
    "builtin_packs",
    "count",
    "merge_proofs",
    "prove",
    "recipes",
    "roll",
    "Rolled",
]
