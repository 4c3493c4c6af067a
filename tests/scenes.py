"""The bridge's answers as the page reads them (``book/_static_play/board-view.js``), for the tests.

An answer carries its boards as scene data (:func:`oanquan.web.wire`): a move's first frame
whole, each later one as its changes. :func:`page_view` makes each frame whole again, as
``expand`` does in the page, and draws each scene as the page's board shows it
(:func:`oanquan.web.picture`), so that a test can read a board's words where a reader does.
"""

from __future__ import annotations

from typing import Any

from oanquan.web import picture


def changed(scene: dict[str, Any], frame: dict[str, Any]) -> dict[str, Any]:
    """``scene`` after ``frame``'s changes (board-view.js's ``changed``)."""
    after = dict(scene)
    for key, value in frame.items():
        if key in ("c", "k", "p"):
            continue
        if key == "n" and isinstance(value, dict):
            after["n"] = list(scene["n"])
            for square, count in value.items():
                after["n"][int(square)] = count
        elif key == "s" and "s" in scene:
            after["s"] = [old if new is None else new for old, new in zip(scene["s"], value, strict=True)]
        else:
            after[key] = value
    return after


def expand(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A move's frames as the bridge sends them, each whole: caption, kind and scene (board-view.js's ``expand``)."""
    whole: list[dict[str, Any]] = []
    scene: dict[str, Any] = {}
    prefix = ""
    for frame in frames:
        prefix = frame.get("p", prefix)
        scene = changed({} if frame["k"] == "move" else scene, frame)
        words = frame["c"] if frame["k"] == "move" else prefix + frame["c"]
        whole.append({"caption": words, "kind": frame["k"], "scene": scene})
    return whole


def page_view(answer: dict[str, Any], draw: bool = True, scenes: bool = True) -> dict[str, Any]:
    """``answer`` as the page shows it: its frames whole, and with ``draw`` each board drawn (``svg``);
    without ``scenes``, the drawn boards only (what a reader meets: the words on the picture and its names)."""
    shown = dict(answer)
    if "frames" in answer:
        shown["frames"] = expand(answer["frames"])
        for frame in shown["frames"]:
            if draw:
                frame["svg"] = picture(frame["scene"])
            if not scenes:
                del frame["scene"]
    if draw and isinstance(answer.get("scene"), dict):
        shown["svg"] = picture(answer["scene"])
    if not scenes:
        shown.pop("scene", None)
    if isinstance(answer.get("reply"), dict):
        shown["reply"] = page_view(answer["reply"], draw, scenes)
    return shown
