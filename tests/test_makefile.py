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
