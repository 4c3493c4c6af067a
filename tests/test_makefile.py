"""What the Makefile's targets run, read from ``make -n`` (a dry run: nothing is built or served)."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def serve_command(**environment: str) -> str:
    """The command ``make serve`` would run to serve the book, with ``environment`` added to this one."""
    env = {k: v for k, v in os.environ.items() if k not in ("HOST", "OANQUAN_HOST", "PORT")} | environment
    lines = subprocess.run(
        ["make", "-n", "serve"], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    served = [line for line in lines if "http.server" in line]
    assert len(served) == 1, lines
    return served[0]


def bound_to(command: str) -> str:
    found = re.search(r"--bind (\S+)", command)
    assert found, command
    return found[1]


def test_serve_listens_on_this_computer_whatever_the_shells_host_says() -> None:
    # tcsh exports HOST as the machine's name: it must never open the book to the network (issue 47)
    assert bound_to(serve_command(HOST="0.0.0.0")) == "127.0.0.1"
    assert bound_to(serve_command()) == "127.0.0.1"


def test_serve_listens_where_the_projects_own_variable_says() -> None:
    assert bound_to(serve_command(OANQUAN_HOST="0.0.0.0", HOST="127.0.0.1")) == "0.0.0.0"


def test_serve_says_where_it_listens_before_it_starts() -> None:
    env = {k: v for k, v in os.environ.items() if k != "OANQUAN_HOST"} | {"OANQUAN_HOST": "192.0.2.7", "PORT": "9001"}
    out = subprocess.run(["make", "-n", "serve"], cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout
    said = [line for line in out.splitlines() if line.startswith("echo")]
    assert said and "http://192.0.2.7:9001/" in said[-1], out


# ------------------------------------------------------------------ make lab's own lock

#: What the whole lock has and make lab leaves out: not used to read the chapters (requirements-lab.lock's header).
LAB_LEFT_OUT = frozenset({"debugpy", "widgetsnbextension"})


def locked(path: Path) -> dict[str, tuple[str, frozenset[str]]]:
    """A hashed lock's packages: name -> (version, hashes)."""
    packages: dict[str, tuple[str, frozenset[str]]] = {}
    for entry in re.split(r"\n(?=[a-z0-9])", path.read_text(encoding="utf-8")):
        found = re.match(r"([a-z0-9][a-z0-9._-]*)==(\S+)", entry)
        if found:
            packages[found[1]] = (found[2], frozenset(re.findall(r"--hash=(sha256:[0-9a-f]{64})", entry)))
    return packages


def test_make_labs_lock_is_the_whole_locks_packages_less_what_reading_does_not_need() -> None:
    lab, whole = locked(ROOT / "requirements-lab.lock"), locked(ROOT / "requirements.lock")
    assert len(lab) > 80 and all(hashes for _version, hashes in lab.values())
    assert {name: whole.get(name) for name in lab} == lab  # the same versions and hashes
    assert set(whole) >= LAB_LEFT_OUT and not LAB_LEFT_OUT & set(lab)
    wanted = re.findall(r"^([a-z0-9_-]+)==", (ROOT / "requirements-lab.txt").read_text(encoding="utf-8"), re.M)
    assert wanted and {name.replace("_", "-") for name in wanted} <= set(lab)


def test_make_lab_installs_the_lock_as_written() -> None:
    # With --no-deps pip installs exactly the lock's list: it would otherwise refuse the packages
    # left out as missing (--require-hashes), being dependencies of ipykernel and ipywidgets.
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    installs = [line for line in makefile.splitlines() if "-r requirements-lab.lock" in line]
    assert installs and all("--no-deps" in line and "--require-hashes" in line for line in installs)
