"""Random playouts through three public Python engines of Ô Ăn Quan, for the side-by-side figures.

Their code is not part of this repository and never goes into it. Point the
environment variable ``OANQUAN_PUBLIC_ENGINES`` at a folder that holds a
checkout of each (or a bare git directory, which is read with ``git archive``
into a temporary folder), named like one of::

    NghiemNgocDuc+Playing-O-An-Quan-with-AI   (or Playing-O-An-Quan-with-AI)
    HouseNight+O_an_quan_Using_AlphaBeta      (or O_an_quan_Using_AlphaBeta)
    huyenngn+OAnQuan-Game                     (or OAnQuan-Game; its game needs pydantic)

A checkout may have its files at the top or under ``repo/``. The adapters
below only import each engine's modules and call the functions its own game
loop or search calls, with moves chosen at random: one playout from the
opening to the end of the game, or to :data:`MAX_PLIES` plies (RULES R7.3's
default, so that no engine plays for ever). The engines' rules differ from
ours and from each other in details (Mandarin worth 5 or 10, when thả cá
happens), so these are speed figures only.
"""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

MAX_PLIES = 300

Playout = Callable[[random.Random], int]


def _checkout(folder: Path, repo: str, marker: str, scratch: Path) -> Path | None:
    """The folder holding ``repo``'s files (with ``marker`` in it), or None."""
    owner, name = repo.split("/")
    for candidate in (folder / f"{owner}+{name}", folder / name):
        for root in (candidate, candidate / "repo"):
            if (root / marker).is_file():
                return root
            if (root / "HEAD").is_file() and (root / "objects").is_dir():  # a bare git directory
                target = scratch / name
                target.mkdir(parents=True, exist_ok=True)
                archive = subprocess.run(["git", "--git-dir", str(root), "archive", "HEAD"], capture_output=True)
                if archive.returncode == 0:
                    subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True)
                    if (target / marker).is_file():
                        return target
    return None


def _load(name: str, path: Path) -> ModuleType:
    """Import the file ``path`` as module ``name`` (one engine's package is also called oanquan)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _nghiem(root: Path) -> Playout:
    """NghiemNgocDuc: the functions app.py's ``_apply_move`` calls, without its undo snapshot."""
    sys.path.insert(0, str(root))
    logic = importlib.import_module("models.game_logic")

    def playout(rng: random.Random) -> int:
        board = logic.initialize_board()
        score_a = {"dan": 0, "quan": 0}
        score_b = {"dan": 0, "quan": 0}
        player_a = True
        plies = 0
        while plies < MAX_PLIES and not logic.is_game_over(board, score_a, score_b):
            moves = logic.get_valid_moves(board, player_a)
            if not moves:
                break
            pos, step = rng.choice(moves)
            result = logic.execute_capture(board, pos, player_a, step)
            score = score_a if player_a else score_b
            score["dan"] += result.captured_dan
            score["quan"] += result.captured_quan
            logic.restore_player_side(board, score_a, True)
            logic.restore_player_side(board, score_b, False)
            player_a = not player_a
            plies += 1
        return plies

    return playout


def _housenight(root: Path) -> Playout:
    """HouseNight: ``get_valid_moves`` and ``apply_move``, as its alpha-beta search calls them."""
    sys.path.insert(0, str(root))
    rules = importlib.import_module("core.rules")
    state = importlib.import_module("core.state")
    generator = importlib.import_module("ai.move_generator")

    def playout(rng: random.Random) -> int:
        position = state.initial_state()
        player = "Nguoi"
        plies = 0
        while plies < MAX_PLIES and not rules.is_game_over(position):
            moves = generator.get_valid_moves(position, player, include_direction=True)
            if not moves:
                break
            position = rules.apply_move(position, rng.choice(moves), player)
            player = "May" if player == "Nguoi" else "Nguoi"
            plies += 1
        return plies

    return playout


def _huyenngn(root: Path) -> Playout:
    """huyenngn: the ``OAnQuan`` model's ``allowed_moves``, ``make_move`` and ``check_end``."""
    game_module = _load("public_huyenngn_oanquan", root / "oanquan" / "oanquan.py")
    directions = list(game_module.Direction)

    def playout(rng: random.Random) -> int:
        game = game_module.OAnQuan(board=list(game_module.INITIAL_BOARD), score={"COMPUTER": 0, "PLAYER": 0}, turn=True)
        game.update_allowed_moves()
        plies = 0
        while plies < MAX_PLIES and not game.check_end():
            moves = [game_module.Move(pos=pos, direction=d) for pos in game.allowed_moves for d in directions]
            game.make_move(rng.choice(moves))
            plies += 1
        return plies

    return playout


#: Each engine's repository, a file its checkout must have, and its adapter.
_ENGINES: dict[str, tuple[str, Callable[[Path], Playout]]] = {
    "NghiemNgocDuc/Playing-O-An-Quan-with-AI": ("models/game_logic.py", _nghiem),
    "HouseNight/O_an_quan_Using_AlphaBeta": ("core/rules.py", _housenight),
    "huyenngn/OAnQuan-Game": ("oanquan/oanquan.py", _huyenngn),
}


def load(scratch: Path | None = None) -> tuple[dict[str, Playout], list[str]]:
    """The engines found under ``$OANQUAN_PUBLIC_ENGINES``: ({name: playout}, [why others are missing])."""
    setting = os.environ.get("OANQUAN_PUBLIC_ENGINES")
    if not setting:
        return {}, ["OANQUAN_PUBLIC_ENGINES is not set (see benchmarks/public_engines.py)"]
    folder = Path(setting)
    scratch = scratch if scratch is not None else Path(tempfile.mkdtemp(prefix="oanquan-public-"))
    found: dict[str, Playout] = {}
    missing: list[str] = []
    for repo, (marker, adapter) in _ENGINES.items():
        root = _checkout(folder, repo, marker, scratch)
        if root is None:
            missing.append(f"{repo}: no checkout under {folder}")
            continue
        try:
            found[repo] = adapter(root)
        except ImportError as error:
            missing.append(f"{repo}: {error}")
    return found, missing
