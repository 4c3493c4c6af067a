"""Rule options: the variants of RULES §9 as one frozen value.

Options are never module globals: every position carries its :class:`Rules`,
and everything that depends on a variant reads it from there.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from .errors import RulesError, quote
from .i18n import N_, _

__all__ = ["MANDARIN_GAPS", "MAX_PLIES", "MandarinGap", "MandarinPieces", "Rules"]

MandarinPieces = Literal["stone", "pebbles"]
MandarinGap = Literal["never", "chain", "always"]

#: The values of ``mandarin_gap`` (R5.5): where an empty Mandarin square counts as a gap.
MANDARIN_GAPS: tuple[MandarinGap, ...] = ("never", "chain", "always")

# Sanity limits, so that a typo cannot ask for a board of a billion pebbles.
MAX_MANDARIN_VALUE = 100
MAX_YOUNG_MANDARIN_MIN = 100
#: The longest ply limit (R7.3) one may ask for: far beyond any real game, and
#: small enough that the number prints and travels in JSON like any other.
MAX_PLIES = 1_000_000

#: Each option in a reader's words, for the errors a reader may meet (from a page's address, say):
#: the option's name is for the programmer's message only.
OPTION_WORDS = {
    "mandarin_pieces": N_("kind of Mandarin piece"),
    "mandarin_value": N_("number of points a Mandarin stone is worth"),
    "mandarin_gap": N_("setting for an empty Mandarin square in a chain"),
    "young_mandarin_min": N_("number of pebbles below which a Mandarin is young"),
    "max_plies": N_("longest game, in moves"),
}


@dataclass(frozen=True)
class Rules:
    """The rule options of RULES §9, with their defaults.

    >>> Rules()
    Rules(mandarin_pieces='stone', mandarin_value=10, mandarin_gap='chain', young_mandarin_min=0, max_plies=300)
    >>> Rules(young_mandarin_min=5).young_mandarin_min
    5
    >>> Rules(mandarin_value=0)
    Traceback (most recent call last):
    ...
    oanquan.errors.RulesError: mandarin_value must be a whole number from 1 to 100, not 0
    >>> Rules(mandarin_gap=True)
    Traceback (most recent call last):
    ...
    oanquan.errors.RulesError: mandarin_gap must be one of 'never', 'chain', 'always', not True
    """

    #: R2.2: a Mandarin stone worth ``mandarin_value``, or that many small pebbles.
    mandarin_pieces: MandarinPieces = "stone"
    #: R8.1: points for a captured Mandarin stone (10, or 5 in some villages).
    mandarin_value: int = 10
    #: R5.5: where an empty Mandarin square counts as the empty gap before a capture:
    #: ``"never"``, inside a ``"chain"`` only (the default), or ``"always"`` (also right
    #: after the landing square, where R3.4a otherwise ends the turn).
    mandarin_gap: MandarinGap = "chain"
    #: R5.6: a Mandarin with its stone and fewer pebbles than this cannot be captured (0 = off).
    young_mandarin_min: int = 0
    #: R7.3: the game ends after this many plies (0 = never; at most MAX_PLIES, a million).
    max_plies: int = 300

    def __post_init__(self) -> None:
        if type(self.mandarin_pieces) is not str or self.mandarin_pieces not in ("stone", "pebbles"):
            value = quote(self.mandarin_pieces)
            raise RulesError(
                _("mandarin_pieces must be 'stone' or 'pebbles', not {value}").format(value=value),
                code="bad-option-choice",
                what=OPTION_WORDS["mandarin_pieces"],
                value=value,
            )
        _check_int("mandarin_value", self.mandarin_value, 1, MAX_MANDARIN_VALUE)
        # An exact type check: True == 1 and "chain" are not to be confused, and a
        # boolean here is most likely a setting from before R5.5 had three values.
        if type(self.mandarin_gap) is not str or self.mandarin_gap not in MANDARIN_GAPS:
            values = ", ".join(repr(v) for v in MANDARIN_GAPS)
            value = quote(self.mandarin_gap)
            raise RulesError(
                _("mandarin_gap must be one of {values}, not {value}").format(values=values, value=value),
                code="bad-option-choice",
                what=OPTION_WORDS["mandarin_gap"],
                value=value,
            )
        _check_int("young_mandarin_min", self.young_mandarin_min, 0, MAX_YOUNG_MANDARIN_MIN)
        _check_int("max_plies", self.max_plies, 0, MAX_PLIES)

    @property
    def total_points(self) -> int:
        """Points on the board at the start: 50 + 2 x ``mandarin_value`` (R2.2).

        >>> Rules().total_points, Rules(mandarin_value=5).total_points
        (70, 60)
        """
        return 50 + 2 * self.mandarin_value

    def to_dict(self) -> dict[str, Any]:
        """The options as a plain dict, for JSON.

        >>> Rules(mandarin_gap="always").to_dict()["mandarin_gap"]
        'always'
        """
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rules from a dict such as :meth:`to_dict` gives; missing keys take defaults.

        >>> Rules.from_dict({"young_mandarin_min": 5}) == Rules(young_mandarin_min=5)
        True
        >>> Rules.from_dict({"speed": 3})
        Traceback (most recent call last):
        ...
        oanquan.errors.RulesError: unknown rule option 'speed' in {'speed': 3}
        """
        if not isinstance(data, dict):
            raise RulesError(_("rule options must be a JSON object, not {value}").format(value=quote(data)))
        names = {f.name for f in fields(cls)}
        for key in data:
            if key not in names:
                raise RulesError(_("unknown rule option {key} in {value}").format(key=quote(key), value=quote(data)))
        return cls(**data)

    def changes(self) -> dict[str, Any]:
        """Only the options that differ from the defaults.

        >>> Rules(young_mandarin_min=5).changes()
        {'young_mandarin_min': 5}
        """
        default = Rules()
        return {k: v for k, v in asdict(self).items() if getattr(default, k) != v}


def _check_int(name: str, value: object, low: int, high: int) -> None:
    # bool is a subclass of int in Python; True is not a number of plies.
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return
    shown = quote(value)
    raise RulesError(
        _("{name} must be a whole number from {low} to {high}, not {value}").format(
            name=name, low=low, high=high, value=shown
        ),
        code="bad-option-number",
        what=OPTION_WORDS[name],
        low=low,
        high=high,
        value=shown,
    )
