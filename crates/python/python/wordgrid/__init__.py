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
    prove,
    recipes,
)
from .errors import BoardError, OptionsError, PackError, WordgridError


class Rolled(str):
    """A rolled board's text (a ``str``, as ``Solver.solve`` takes it) that
    also carries ``seed``, the seed that rolls it again."""

    seed: int

    def __new__(cls, text: str, seed: int) -> "Rolled":
        board = super().__new__(cls, text)
        board.seed = seed
        return board

    def __repr__(self) -> str:
        return f"Rolled({str.__repr__(self)}, seed={self.seed})"

    def __reduce__(self) -> Any:
        return (Rolled, (str(self), self.seed))


@overload
def roll(pack: Union[Pack, Solver], *, count: None = None, **options: Any) -> Rolled: ...
@overload
def roll(pack: Union[Pack, Solver], *, count: int, **options: Any) -> List[Rolled]: ...
def roll(
    pack: Union[Pack, Solver], *, count: Optional[int] = None, **options: Any
) -> Union[Rolled, List[Rolled]]:
    """Rolls a random board (or ``count`` boards, seeds ``seed``,
    ``seed+1``, …) as ``boggle roll`` does: the same seed rolls the same
    board everywhere. ``pack`` is a ``Pack`` or a ``Solver`` (whose rules
    judge ``min_words`` / ``min_score``); the options are ``size``,
    ``dice`` (a built-in set, ``pack``, ``frequency`` or a dice file),
    ``letters`` (``"frequency"`` or ``"uniform"`` instead of dice),
    ``shape``, ``seed`` (default: from the clock), ``min_words``,
    ``min_score`` and ``max_rolls``. Each board is a :class:`Rolled`: its
    text, with the ``seed`` that rolls it again."""
    rolled = [Rolled(text, seed) for text, seed in _native.roll(pack, count=count, **options)]
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
    "prove",
    "recipes",
    "roll",
    "Rolled",
]
