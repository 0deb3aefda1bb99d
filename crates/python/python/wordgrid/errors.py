"""The exceptions wordgrid raises, each with the one-line message the
``boggle`` CLI prints for the same fault."""


class WordgridError(Exception):
    """Base class of every wordgrid error."""


class BoardError(WordgridError, ValueError):
    """A board that does not read: an unknown letter, rows of different
    lengths, a bonus grid that does not fit. The message names the cell."""


class PackError(WordgridError):
    """A pack that cannot be found, read, built or trusted (a corrupt file,
    a failed checksum, an unknown name)."""


class OptionsError(WordgridError, ValueError):
    """Options that do not read or do not go together (an unknown scoring
    scheme, ``bonus`` with a length-based scheme, ``threads=0``)."""


__all__ = ["WordgridError", "BoardError", "PackError", "OptionsError"]
