"""Rule options: the variants of RULES §9 as one frozen value.

Options are never module globals: every position carries its :class:`Rules`,
and everything that depends on a variant reads it from there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any, Literal

from .errors import RulesError, quote
from .i18n import N_, _

__all__ = [
    "MANDARIN_GAPS",
    "MAX_PLIES",
    "OPTIONS",
    "MandarinGap",
    "MandarinPieces",
    "Option",
    "Rules",
    "option",
    "rules_in_words",
]

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


@dataclass(frozen=True)
class Option:
    """One rule option of RULES §9, as every surface offers and checks it.

    :class:`Rules` checks a value against it; the notebooks' rules form, the
    terminal game's arguments, the page address and :func:`rules_in_words` are
    all made from :data:`OPTIONS`, so they cannot drift apart.

    - ``name``: the field of :class:`Rules`; ``rule``: the rule it varies;
    - ``default``; ``choices`` (a choice option's values) or ``low``/``high``
      (a whole number's range, both included);
    - ``words``: the option in a reader's words (for the errors a reader meets);
    - ``label``: the form's label; ``labels``: each choice's label, in the menu's order;
    - ``help``: the terminal game's help;
    - ``said``: how a value other than the default reads in :func:`rules_in_words`,
      by value (``None`` for any value), filled with the rules' options.

    >>> option("max_plies").high, option("mandarin_gap").choices
    (1000000, ('never', 'chain', 'always'))
    """

    name: str
    rule: str
    default: str | int
    words: str
    label: str
    help: str
    said: Mapping[str | int | None, str]
    choices: tuple[str, ...] = ()
    labels: Mapping[str, str] | None = None
    low: int = 0
    high: int = 0

    @property
    def is_number(self) -> bool:
        """Whether the option is a whole number (else one of its ``choices``)."""
        return not self.choices

    def check(self, value: object) -> None:
        """Raise :class:`~oanquan.errors.RulesError` unless ``value`` is one this option may take.

        >>> option("mandarin_value").check(0)
        Traceback (most recent call last):
        ...
        oanquan.errors.RulesError: mandarin_value must be a whole number from 1 to 100, not 0
        """
        if self.is_number:
            # bool is a subclass of int in Python; True is not a number of plies.
            if isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high:
                return
            shown = quote(value)
            raise RulesError(
                f"{self.name} must be a whole number from {self.low} to {self.high}, not {shown}",
                code="bad-option-number",
                what=self.words,
                low=self.low,
                high=self.high,
                value=shown,
            )
        # An exact type check: True == 1 and "chain" are not to be confused, and a
        # boolean here is most likely a setting from before R5.5 had three values.
        if type(value) is str and value in self.choices:
            return
        shown = quote(value)
        raise RulesError(
            "{name} must be one of {values}, not {value}".format(
                name=self.name, values=", ".join(repr(choice) for choice in self.choices), value=shown
            ),
            code="bad-option-choice",
            what=self.words,
            value=shown,
        )

    def in_words(self, rules: Rules) -> str:
        """What ``rules`` say with this option, in the language spoken: "" when it has its default value."""
        value = getattr(rules, self.name)
        if value == self.default:
            return ""
        template = self.said.get(value, self.said.get(None, ""))
        return _(template).format_map(rules.to_dict()) if template else ""


#: The rule options of RULES §9, in the order of :class:`Rules`' fields: the one list of them.
OPTIONS: tuple[Option, ...] = (
    Option(
        name="mandarin_pieces",
        rule="R2.2",
        default="stone",
        choices=("stone", "pebbles"),
        words=N_("kind of Mandarin piece"),
        label=N_("Mandarin pieces"),
        labels={"stone": N_("a stone (R2.2)"), "pebbles": N_("small pebbles (R2.2)")},
        help="what each Mandarin square starts with",
        said={
            "pebbles": N_("each Mandarin square starts with {mandarin_value} small pebbles instead of a stone (R2.2)")
        },
    ),
    Option(
        name="mandarin_value",
        rule="R8.1",
        default=10,
        low=1,
        high=MAX_MANDARIN_VALUE,
        words=N_("number of points a Mandarin stone is worth"),
        label=N_("Mandarin value (R8.1)"),
        help="points of a Mandarin",
        said={None: N_("a Mandarin stone is worth {mandarin_value} points (R2.2, R8.1)")},
    ),
    Option(
        name="mandarin_gap",
        rule="R5.5",
        default="chain",
        choices=MANDARIN_GAPS,
        words=N_("setting for an empty Mandarin square in a chain"),
        label=N_("empty Mandarin square"),
        labels={
            "chain": N_("a gap inside a chain (R5.5)"),
            "never": N_("never a gap (R5.5)"),
            "always": N_("always a gap (R5.5)"),
        },
        help="where an empty Mandarin square counts as a gap in a capture",
        said={
            "never": N_("an empty Mandarin square is never a gap: a chain stops there (R5.5)"),
            "chain": N_("a chain jumps an empty Mandarin square like any other gap (R5.5)"),
            "always": N_("an empty Mandarin square is a gap everywhere, even right after the last pebble (R5.5)"),
        },
    ),
    Option(
        name="young_mandarin_min",
        rule="R5.6",
        default=0,
        low=0,
        high=MAX_YOUNG_MANDARIN_MIN,
        words=N_("number of pebbles below which a Mandarin is young"),
        label=N_("young Mandarin under (R5.6)"),
        help="a Mandarin square with its stone and fewer than N pebbles cannot be captured, 0 switching this off",
        said={None: N_("a young Mandarin (fewer than {young_mandarin_min} pebbles) cannot be captured (R5.6)")},
    ),
    Option(
        name="max_plies",
        rule="R7.3",
        default=300,
        low=0,
        high=MAX_PLIES,
        words=N_("longest game, in moves"),
        label=N_("ply limit, 0 = none (R7.3)"),
        help="the game ends after N moves in all, 0 for no limit",
        said={0: N_("the game has no length limit (R7.3)"), None: N_("the game ends after {max_plies} plies (R7.3)")},
    ),
)


def option(name: str) -> Option:
    """The rule option called ``name`` (KeyError if there is none).

    >>> option("young_mandarin_min").rule
    'R5.6'
    """
    return _BY_NAME[name]


_BY_NAME = {spec.name: spec for spec in OPTIONS}


#: Each option's default, by name, for :class:`Rules`' fields.
_DEFAULTS: dict[str, Any] = {spec.name: spec.default for spec in OPTIONS}


@dataclass(frozen=True)
class Rules:
    """The rule options of RULES §9, with their defaults (:data:`OPTIONS` describes each).

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
    mandarin_pieces: MandarinPieces = _DEFAULTS["mandarin_pieces"]
    #: R8.1: points for a captured Mandarin stone (10, or 5 in some villages).
    mandarin_value: int = _DEFAULTS["mandarin_value"]
    #: R5.5: where an empty Mandarin square counts as the empty gap before a capture:
    #: ``"never"``, inside a ``"chain"`` only (the default), or ``"always"`` (also right
    #: after the landing square, where R3.4a otherwise ends the turn).
    mandarin_gap: MandarinGap = _DEFAULTS["mandarin_gap"]
    #: R5.6: a Mandarin with its stone and fewer pebbles than this cannot be captured (0 = off).
    young_mandarin_min: int = _DEFAULTS["young_mandarin_min"]
    #: R7.3: the game ends after this many plies (0 = never; at most MAX_PLIES, a million).
    max_plies: int = _DEFAULTS["max_plies"]

    def __post_init__(self) -> None:
        for spec in OPTIONS:
            spec.check(getattr(self, spec.name))

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
            raise RulesError(f"rule options must be a JSON object, not {quote(data)}")
        for key in data:
            if key not in _BY_NAME:
                raise RulesError(f"unknown rule option {quote(key)} in {quote(data)}")
        return cls(**data)

    def changes(self) -> dict[str, Any]:
        """Only the options that differ from the defaults.

        >>> Rules(young_mandarin_min=5).changes()
        {'young_mandarin_min': 5}
        """
        return {k: v for k, v in asdict(self).items() if v != _DEFAULTS[k]}


def rules_in_words(rules: Rules) -> str:
    """The rule options that differ from the defaults (RULES §9), in plain words with their rule numbers.

    >>> rules_in_words(Rules(young_mandarin_min=5))
    'a young Mandarin (fewer than 5 pebbles) cannot be captured (R5.6)'
    >>> print(rules_in_words(Rules(mandarin_gap="never", max_plies=0)))
    an empty Mandarin square is never a gap: a chain stops there (R5.5); the game has no length limit (R7.3)
    >>> rules_in_words(Rules(mandarin_pieces="pebbles", mandarin_value=5))
    'each Mandarin square starts with 5 small pebbles instead of a stone (R2.2)'
    >>> rules_in_words(Rules())
    ''
    """
    said = []
    for spec in OPTIONS:
        if spec.name == "mandarin_value" and rules.mandarin_pieces == "pebbles":
            continue  # the pieces' words count the pebbles already: there is no stone to be worth them
        if words := spec.in_words(rules):
            said.append(words)
    return "; ".join(said)
