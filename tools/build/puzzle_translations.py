"""Write the puzzle collection's table for another language: ``oanquan/locale/<lang>/puzzles.json``.

The built-in collection (``oanquan/data/puzzles.json``) stores each puzzle's English title,
written by hand, and its English explanation, computed by :func:`authoring.puzzles.explain`.
Another language's table holds, for each puzzle id, the title in that language (with the
English title it translates, ``title_en``, so that a changed title shows) and the explanation
that :func:`~authoring.puzzles.explain` computes in that language from the engine's catalogue.

Run ``.venv/bin/python -m tools.build.puzzle_translations`` (``make catalogues`` does) after a change
to the collection or to the catalogue: the explanations are computed again; a title keeps its
translation while its English is unchanged, and a new or changed one is translated by the
patterns below (the titles of the collection follow a few shapes) or, failing that, reported,
to be written by hand in the table. ``--check`` only says whether the table is up to date.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

from authoring.puzzles import explain
from oanquan.i18n import language
from oanquan.puzzles import Puzzle, load_builtin

ROOT = Path(__file__).resolve().parents[2]

_NUMBERS = {
    "One": "một",
    "Two": "hai",
    "Three": "ba",
    "Four": "bốn",
    "Five": "năm",
    "Six": "sáu",
    "Seven": "bảy",
    "Eight": "tám",
    "Nine": "chín",
    "Ten": "mười",
}
_COUNT = "|".join(_NUMBERS)  # the numbers scripts/propose_puzzles.py writes out in a title
_SIDES = {"left": "bên trái", "right": "bên phải"}
_ENDGAME_GOALS = {
    "the only winning move": "tìm nước thắng duy nhất",
    "lose by as little as possible": "tìm cách thua ít điểm nhất",
    "the only move that saves a draw": "tìm nước duy nhất để giữ hòa",
    "the biggest win": "tìm cách thắng nhiều điểm nhất",
}
#: The theme words a "counting the reply" title starts with (scripts/propose_puzzles.py).
_HEADS = {
    "A first capture": "Lần ăn đầu tiên",
    "Relays": "Bốc tiếp",
    "A Mandarin to take": "Một ô quan để ăn",
    "A chain": "Ăn liên tiếp",
    "Two empty squares": "Hai ô trống",
    "Empty Mandarin squares": "Ô quan trống",
    "A young Mandarin": "Quan non",
    "What a Mandarin is worth": "Quan đáng bao nhiêu điểm",
    "After the fish": "Sau khi thả cá",
}
_SUFFIX = r"(?P<suffix>(?: \(\d+ moves to choose from\)| out of \d+ moves| \(board \d+\))?)"


def _suffix(text: str) -> str:
    if match := re.fullmatch(r" \((\d+) moves to choose from\)", text):
        return f" (có {match[1]} nước để chọn)"
    if match := re.fullmatch(r" \(board (\d+)\)", text):
        return f" (bàn {match[1]})"
    if match := re.fullmatch(r" out of (\d+) moves", text):
        return f" (chọn 1 trong {match[1]} nước)"
    return ""


#: The end of a "Take ..." title of a Mandarin puzzle: how soon ("straight away", "after two relays")
#: and what it takes ("7 points"), each optional; its Vietnamese is :func:`_taken`'s.
_TAKEN = (
    rf"(?:(?P<now> straight away)|, after (?P<relays>{_COUNT.lower()}) relays?)?"
    r"(?:: (?P<p>\d+) points?)?" + _SUFFIX
)


def _taken(m: re.Match[str]) -> str:
    """The Vietnamese of a :data:`_TAKEN` match: ", sau khi bốc tiếp hai lần: 7 điểm", or a part, or ""."""
    return (f", sau khi bốc tiếp {_NUMBERS[m['relays'].title()]} lần" if m["relays"] else "") + (
        f": {m['p']} điểm" if m["p"] else ""
    )


#: Vietnamese titles for the shapes of the collection's English titles (a pattern's ``suffix``,
#: the moves to choose from, is translated after the title: see :func:`pattern_title`).
TITLE_PATTERNS: dict[str, dict[str, Callable[[re.Match[str]], str]]] = {
    "vi": {
        r"Square (?P<sq>\d) alone: which way takes (?P<p>\d+) points?\?": lambda m: (
            f"Chỉ có ô {m['sq']}: rải hướng nào để được {m['p']} điểm?"
        ),
        r"A first capture of (?P<p>\d+) points?" + _SUFFIX: lambda m: f"Lần ăn đầu tiên: {m['p']} điểm",
        r"(?P<n>\d+) squares to try: which takes (?P<p>\d+) points?\?": lambda m: (
            f"Có {m['n']} ô để thử: nước nào được {m['p']} điểm?"
        ),
        rf"(?P<n>{_COUNT}) relays? before the best capture: (?P<p>\d+) points?" + _SUFFIX: lambda m: (
            f"Bốc tiếp {_NUMBERS[m['n']]} lần rồi mới ăn: {m['p']} điểm"
        ),
        r"Take the (?P<side>left|right) Mandarin (?P<m>M\d)(?: and its (?P<n>\d+) pebbles?| alone)"
        + _TAKEN: lambda m: (
            f"Ăn {'ngay ' if m['now'] else ''}ô quan {m['m']} {_SIDES[m['side']]}"
            + (f" cùng {m['n']} viên sỏi trong ô" if m["n"] else ", trong ô chỉ có quan")
            + _taken(m)
        ),
        r"Take the (?P<n>\d+) pebbles? in the (?P<side>left|right) Mandarin square (?P<m>M\d)" + _TAKEN: lambda m: (
            f"Ăn {'ngay ' if m['now'] else ''}{m['n']} viên sỏi trong ô quan {m['m']} {_SIDES[m['side']]}" + _taken(m)
        ),
        rf"(?P<head>{'|'.join(_HEADS)}): count the reply, "
        r"(?:keep (?P<kept>\d+) points?|(?P<nothing>lose nothing)|give back the least)" + _SUFFIX: lambda m: (
            f"{_HEADS[m['head']]}: tính cả nước đáp của đối thủ, "
            + (f"giữ được {m['kept']} điểm" if m["kept"] else "không mất điểm nào" if m["nothing"] else "mất ít nhất")
        ),
        r"A chain of (?P<n>\d+) captures(?: worth (?P<p>\d+) points?)?" + _SUFFIX: lambda m: (
            f"Ăn liên tiếp {m['n']} ô" + (f" được {m['p']} điểm" if m["p"] else "")
        ),
        r"Not where two squares lie empty: find (?P<p>\d+) points?" + _SUFFIX: lambda m: (
            f"Tránh chỗ có hai ô trống liền nhau: tìm nước được {m['p']} điểm"
        ),
        r"Two empty squares stop a move: find (?P<p>\d+) points?" + _SUFFIX: lambda m: (
            f"Gặp hai ô trống thì dừng: tìm nước được {m['p']} điểm"
        ),
        r"A chain over an empty Mandarin square: (?P<p>\d+) points?" + _SUFFIX: lambda m: (
            f"Ăn liên tiếp qua ô quan trống: {m['p']} điểm"
        ),
        r"Jump the empty Mandarin square: (?P<p>\d+) points?" + _SUFFIX: lambda m: (
            f"Ăn vượt qua ô quan trống: {m['p']} điểm"
        ),
        r"Empty Mandarins are no gap: find (?P<p>\d+) points?" + _SUFFIX: lambda m: (
            f"Ô quan trống không tính là ô trống: tìm nước được {m['p']} điểm"
        ),
        r"When an empty Mandarin stops a chain: (?P<p>\d+) points?" + _SUFFIX: lambda m: (
            f"Khi ô quan trống chặn đường ăn liên tiếp: {m['p']} điểm"
        ),
        r"An empty Mandarin square as the gap: (?P<p>\d+) points?" + _SUFFIX: lambda m: (
            f"Ô quan trống được tính là ô trống: {m['p']} điểm"
        ),
        r"Every empty Mandarin is a gap: find (?P<p>\d+) points?" + _SUFFIX: lambda m: (
            f"Ô quan trống nào cũng tính là ô trống: tìm nước được {m['p']} điểm"
        ),
        r"Young (?P<m>M\d) with (?P<n>\d+) pebbles?: find (?P<p>\d+) points?" + _SUFFIX: lambda m: (
            f"Quan non {m['m']} có {m['n']} viên sỏi: tìm nước được {m['p']} điểm"
        ),
        r"(?P<m>M\d) is too young to take: find (?P<p>\d+) points?" + _SUFFIX: lambda m: (
            f"Quan {m['m']} còn non, chưa ăn được: tìm nước được {m['p']} điểm"
        ),
        r"Mandarins of pebbles: take (?P<p>\d+) points?" + _SUFFIX: lambda m: (
            f"Quan bằng sỏi: tìm nước được {m['p']} điểm"
        ),
        r"Pebble Mandarins: which move takes (?P<p>\d+) points?\?": lambda m: (
            f"Quan bằng sỏi: nước nào được {m['p']} điểm?"
        ),
        r"When a Mandarin is worth 5: (?P<p>\d+) points?" + _SUFFIX: lambda m: (
            f"Khi quan chỉ tính 5 điểm: {m['p']} điểm"
        ),
        r"Mandarins worth 5: find (?P<p>\d+) points?" + _SUFFIX: lambda m: (
            f"Quan chỉ tính 5 điểm: tìm nước được {m['p']} điểm"
        ),
        r"Borrow (?P<b>\d+), release the fish, take (?P<p>\d+) points?" + _SUFFIX: lambda m: (
            f"Vay {m['b']} viên sỏi, thả cá, rồi ăn {m['p']} điểm"
        ),
        r"Release the fish, then take (?P<p>\d+) points?" + _SUFFIX: lambda m: f"Thả cá, rồi ăn {m['p']} điểm",
        r"Not the (?P<g>\d+) points? now: two moves that keep (?P<p>\d+)" + _SUFFIX: lambda m: (
            f"Đừng ăn {m['g']} điểm ngay: hai nước giữ được {m['p']} điểm"
        ),
        r"Take (?P<g>\d+) now, then find the next move: (?P<p>\d+) points? over two moves" + _SUFFIX: lambda m: (
            f"Ăn {m['g']} điểm ngay, rồi tìm nước tiếp theo: {m['p']} điểm sau hai nước"
        ),
        r"An empty row, then (?P<p>\d+) points?" + _SUFFIX: lambda m: (
            f"Hàng của em đã trống: tìm nước được {m['p']} điểm"
        ),
        r"(?P<left>\d+) points left, (?:you lead by (?P<lead>\d+)|you are (?P<behind>\d+) behind|level so far)"
        r"(?:, (?P<moves>\d+) moves)?: (?P<goal>.+)": lambda m: (
            f"Còn {m['left']} điểm trên bàn, "
            + (
                f"em hơn {m['lead']} điểm"
                if m["lead"]
                else f"em kém {m['behind']} điểm"
                if m["behind"]
                else "hai bên bằng điểm"
            )
            + (f", có {m['moves']} nước" if m["moves"] else "")
            + f": {_ENDGAME_GOALS[m['goal']]}"
        ),
    },
}


def pattern_title(title: str, lang: str) -> str | None:
    """``title`` translated by the first of :data:`TITLE_PATTERNS` that matches all of it; None if none does.

    >>> pattern_title("Borrow 3, release the fish, take 36 points", "vi")
    'Vay 3 viên sỏi, thả cá, rồi ăn 36 điểm'
    """
    for pattern, make in TITLE_PATTERNS.get(lang, {}).items():
        match = re.fullmatch(pattern, title)
        if match:
            try:
                return make(match) + _suffix(match.groupdict().get("suffix") or "")
            except KeyError:
                return None
    return None


def table_path(lang: str) -> Path:
    return ROOT / "oanquan" / "locale" / lang / "puzzles.json"


def build(lang: str, puzzles: list[Puzzle], old: dict[str, dict[str, str]]) -> tuple[dict[str, object], list[str]]:
    """The table of ``lang`` for ``puzzles``, keeping the hand-made titles of ``old``; and the untranslated ids."""
    entries: dict[str, dict[str, str]] = {}
    missing: list[str] = []
    for puzzle in puzzles:
        kept = old.get(puzzle.id, {})
        title = kept.get("title") if kept.get("title_en") == puzzle.title else None
        title = title or pattern_title(puzzle.title, lang)
        if title is None:
            missing.append(puzzle.id)
            title = ""
        with language(lang):
            explanation = explain(puzzle.position, puzzle.goal, puzzle.moves)
        entries[puzzle.id] = {"title_en": puzzle.title, "title": title, "explanation": explanation}
    table: dict[str, object] = {"format": "oanquan-puzzle-translations", "language": lang, "puzzles": entries}
    return table, missing


def render(table: dict[str, object]) -> str:
    return json.dumps(table, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--language", default="vi")
    parser.add_argument("--check", action="store_true", help="only say whether the table is up to date")
    args = parser.parse_args(argv)
    path = table_path(args.language)
    old_text = path.read_text(encoding="utf-8") if path.is_file() else ""
    old = json.loads(old_text)["puzzles"] if old_text else {}
    table, missing = build(args.language, load_builtin(), old)
    text = render(table)
    if args.check:
        if text != old_text:
            print(f"{path.relative_to(ROOT)} is out of date: run make catalogues", file=sys.stderr)
            return 1
    elif text != old_text:
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    for pid in missing:
        print(f"{pid}: no {args.language} title yet: write it in {path.relative_to(ROOT)}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
