"""A real JupyterLab on 127.0.0.1 with no state shared with the user's own: what ``tests/test_lab.py`` drives.

:func:`jupyter_lab` starts ``jupyter lab`` (the pinned JupyterLab of requirements.txt, from
this venv) on a free port of 127.0.0.1 with a random token, and stops it when the ``with``
block ends. Everything JupyterLab and the kernels read or write lives in one temporary
folder: configuration, data (so the notebook signature database, which decides what is
*trusted*, starts empty, as on a student's fresh clone), runtime files, settings, workspaces
and IPython's profile. The user's ``~/.jupyter`` and ``~/.local/share/jupyter`` are neither
read nor changed.

The server also fetches nothing: no news feed, no update check, no extension listing from
PyPI. The browser side is checked by the tests (every request must stay on 127.0.0.1).

:func:`trust` signs notebooks in that same signature database, as ``make lab`` does
(``jupyter trust``) in the user's.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as state:
...     env = lab_environment(pathlib.Path(state))
>>> sorted(k for k in env if k.startswith("JUPYTER"))[:3]
['JUPYTERLAB_SETTINGS_DIR', 'JUPYTERLAB_WORKSPACES_DIR', 'JUPYTER_CONFIG_DIR']
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

__all__ = ["Lab", "jupyter_lab", "lab_environment", "trust"]

#: The venv's ``jupyter`` (the one next to the running Python), so the pinned JupyterLab runs; or the
#: one ``OANQUAN_LAB_JUPYTER`` names, such as that of a venv where only ``make lab``'s install ran
#: (requirements-lab.lock), to check that it is enough: its kernels then run that venv's Python.
JUPYTER: Final[str] = os.environ.get("OANQUAN_LAB_JUPYTER") or str(Path(sys.executable).with_name("jupyter"))

#: Settings that differ from a student's first start, none of which changes what an output shows:
#: no "Would you like to get notified about official Jupyter news?" toast (it would cover
#: outputs in screenshots), no autosave (the test closes notebooks without saving), and every
#: cell rendered at once (``windowingMode: none``): by default Lab renders the cells out of
#: view one batch per idle moment, which on a busy 2-core machine took up to 30 s a notebook.
SETTINGS: Final[dict[str, dict[str, object]]] = {
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
}


#: JupyterLab's own options: its app object in the page, no news, no update check, no extension listing.
LAB_OPTIONS: Final[tuple[str, ...]] = (
    "--LabApp.expose_app_in_browser=True",
    "--LabApp.news_url=None",
    "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    "--LabApp.extension_manager=readonly",
)
#: Notebook 7's: its app object in the page (it has no news feed nor update check).
NOTEBOOK_OPTIONS: Final[tuple[str, ...]] = ("--JupyterNotebookApp.expose_app_in_browser=True",)


@dataclass(frozen=True)
class Lab:
    """A running JupyterLab: its base URL (ending in ``/``), token, root folder and environment."""

    url: str
    token: str
    root: Path
    env: dict[str, str]
    log: Path

    def api(self, path: str) -> object:
        """GET from the server's REST API (``api/...``) with the token; the decoded JSON, or None."""
        request = urllib.request.Request(f"{self.url}{path}", headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=30) as response:
            body = response.read()
        return json.loads(body) if body else None

    def log_tail(self, lines: int = 30) -> str:
        """The end of the server's log, to quote when something goes wrong."""
        text = self.log.read_text(encoding="utf-8", errors="replace").splitlines()
        return "\n".join(text[-lines:])


def lab_environment(state: Path, *, settings: bool = True) -> dict[str, str]:
    """This process's environment with every Jupyter folder moved under ``state`` (created here),
    and JupyterLab's :data:`SETTINGS` (``settings=False``: none, as Notebook 7 has other plugins)."""
    folders = {
        "JUPYTER_CONFIG_DIR": "config",
        "JUPYTER_DATA_DIR": "data",
        "JUPYTER_RUNTIME_DIR": "runtime",
        "JUPYTERLAB_SETTINGS_DIR": "settings",
        "JUPYTERLAB_WORKSPACES_DIR": "workspaces",
        "IPYTHONDIR": "ipython",
    }
    env = dict(os.environ)
    for variable, name in folders.items():
        folder = state / name
        folder.mkdir(parents=True, exist_ok=True)
        env[variable] = str(folder)
    # No variable of the surrounding session may point Jupyter back at the user's folders.
    env.pop("JUPYTER_PATH", None)
    env.pop("JUPYTER_PREFER_ENV_PATH", None)
    for plugin, values in SETTINGS.items() if settings else ():
        file = state / "settings" / f"{plugin}.jupyterlab-settings"
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(json.dumps(values), encoding="utf-8")
    return env


def _lab_extensions(state: Path) -> str:
    """Notebook 7's option for where its front-end extensions are: this venv's, but the live notebooks'.

    The Pyodide kernel extension (jupyterlite, in the tool chain for the book, not in
    requirements-lab.lock) fails to load in Notebook 7 ("Shared module @jupyterlite/services
    doesn't exist"), a page error that no student who installs with ``make lab`` meets.
    """
    installed = Path(JUPYTER).parent.parent / "share" / "jupyter" / "labextensions"  # the venv's
    chosen = state / "labextensions"
    for extension in [*installed.glob("@*/*"), *installed.glob("[!@]*")]:
        if extension.parent.name != "@jupyterlite":
            link = chosen / extension.relative_to(installed)
            link.parent.mkdir(parents=True, exist_ok=True)
            if not link.exists():
                link.symlink_to(extension, target_is_directory=True)
    return f"--JupyterNotebookApp.labextensions_path={chosen}"


def trust(notebooks: list[Path], env: dict[str, str]) -> None:
    """Sign ``notebooks`` in the signature database of ``env`` with ``jupyter trust``, as ``make lab`` does."""
    subprocess.run([JUPYTER, "trust", *map(str, notebooks)], env=env, check=True, capture_output=True, timeout=120)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def jupyter_lab(root: Path, state: Path, *, timeout: float = 120, app: str = "lab") -> Iterator[Lab]:
    """Run ``jupyter lab`` serving ``root``, with all its state under ``state``, while the block runs.

    ``app="notebook"`` runs Notebook 7 instead (``make lab LAB_APP=notebook``): the same server
    and settings, its own front end.

    The port is a free one of 127.0.0.1 chosen just before the start (``port_retries=0``: if
    another process takes it first the start fails and is tried again on a new port). The
    app object is exposed to the page (``window.jupyterapp``) so tests can open and close
    notebooks with JupyterLab's own commands.
    """
    env = lab_environment(state, settings=app == "lab")
    token = secrets.token_hex(16)
    log = state / "jupyter-lab.log"
    for _attempt in range(3):
        port = _free_port()
        command = [
            JUPYTER,
            app,
            "--no-browser",
            "--allow-root",  # CI runs as root
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={root}",
            "--ServerApp.terminals_enabled=False",
            *(LAB_OPTIONS if app == "lab" else (*NOTEBOOK_OPTIONS, _lab_extensions(state))),
        ]
        with log.open("a", encoding="utf-8") as sink:
            process = subprocess.Popen(command, env=env, cwd=root, stdout=sink, stderr=subprocess.STDOUT)
        lab = Lab(f"http://127.0.0.1:{port}/", token, root, env, log)
        try:
            if _wait_until_up(lab, process, timeout):
                yield lab
                return
        finally:
            _stop(process)
    raise RuntimeError(f"jupyter lab did not start on 127.0.0.1; its log ends:\n{lab.log_tail()}")


def _wait_until_up(lab: Lab, process: subprocess.Popen[bytes], timeout: float) -> bool:
    """True once the server answers ``api/status``; False if it exited (port taken, say)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        with contextlib.suppress(OSError, urllib.error.URLError):
            lab.api("api/status")
            return True
        time.sleep(0.3)
    raise RuntimeError(f"jupyter lab did not answer within {timeout:.0f} s; its log ends:\n{lab.log_tail()}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM (the server shuts its kernels down), then SIGKILL if it lingers."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
