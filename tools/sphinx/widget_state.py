"""The widget state a page embeds, without what the widget manager knows already (issue 46).

A chapter's page carries the state of every widget its cells made (``application/vnd.jupyter.
widget-state+json``), so that its step-through players and quizzes work with no kernel: the
widget manager (``_widget_js/widgets/embed-amd.js``) makes a model of each, and the ``jslink``
models keep them moving. ipywidgets stores every attribute of every model, defaults included,
and gives every widget a layout of its own: about 1 kB of ``null`` for each of the hundred-odd
``LayoutModel`` of a chapter, and as much again of other defaults. Chapter 10 weighed 2.1 MB.

This Sphinx extension gives each page the same state, smaller:

- an attribute equal to its default (the one ipywidgets' own class gives, which the browser's
  model sets itself when the attribute is absent) is left out; a reference to another model
  (``"IPY_MODEL_…"``) and the model's identity (its name, module and version, which the
  manager reads beside the state) are always kept;
- layouts and styles that are then the same are one model, which every widget using them
  names (a layout or a style only sets how its widgets look; nothing links them).

Nothing else changes: every model the views and links name is there, with every attribute
that differs from its default, so the page works as before with no kernel
(``tests/test_widgets_browser.py`` steps a player whose state was made smaller so).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

#: The key of the page's state among myst-nb's scripts of a page.
STATE_KEY = "ipywidgets_state"
#: The prefix of a reference to another model in a widget's state.
REFERENCE = "IPY_MODEL_"


@cache
def defaults(module: str, version: str, name: str) -> dict[str, Any]:
    """The attributes of a model as ipywidgets makes them by default (JSON values), ``{}`` if unknown.

    >>> defaults("@jupyter-widgets/base", "2.0.0", "LayoutModel")["width"] is None
    True
    >>> defaults("@jupyter-widgets/controls", "2.0.0", "NoSuchModel")
    {}
    """
    import ipywidgets
    from ipywidgets.widgets.widget import _registry

    for (model_module, model_version, model_name, *_view), cls in _registry.items():
        if (model_module, model_version, model_name) != (module, version, name):
            continue
        try:
            widget = cls()
        except Exception:  # a model that needs arguments (a link): nothing is left out of it
            return {}
        try:
            state = json.loads(json.dumps(widget.get_state()))
        finally:
            for made in (widget, getattr(widget, "layout", None), getattr(widget, "style", None)):
                if isinstance(made, ipywidgets.Widget):
                    made.close()
        return {key: value for key, value in state.items() if not _refers(value)}
    return {}


def _refers(value: Any) -> bool:
    """Whether a value names another model (or holds a name of one)."""
    if isinstance(value, str):
        return value.startswith(REFERENCE)
    if isinstance(value, list):
        return any(_refers(item) for item in value)
    if isinstance(value, dict):
        return any(_refers(item) for item in value.values())
    return False


def _shared(model: dict[str, Any]) -> bool:
    """Whether a model may serve several widgets at once: a layout or a style, which only say how they look."""
    name = model.get("model_name", "")
    return isinstance(name, str) and (name == "LayoutModel" or name.endswith("StyleModel"))


def _renamed(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str) and value.startswith(REFERENCE):
        return REFERENCE + names.get(value[len(REFERENCE) :], value[len(REFERENCE) :])
    if isinstance(value, list):
        return [_renamed(item, names) for item in value]
    if isinstance(value, dict):
        return {key: _renamed(item, names) for key, item in value.items()}
    return value


def compact(manager_state: dict[str, Any]) -> dict[str, Any]:
    """``manager_state`` (``{"version_major", "version_minor", "state": {id: model}}``) without its defaults.

    >>> made = {"model_module": "@jupyter-widgets/base", "model_module_version": "2.0.0", "model_name": "LayoutModel"}
    >>> state = {"a": {**made, "state": {"width": None}}, "b": {**made, "state": {"width": None, "height": None}},
    ...          "c": {**made, "state": {"width": "100%"}}}
    >>> small = compact({"version_major": 2, "version_minor": 0, "state": state})["state"]
    >>> sorted(small), small["a"]["state"], small["c"]["state"]
    (['a', 'c'], {}, {'width': '100%'})
    """
    models: dict[str, dict[str, Any]] = {}
    for model_id, model in manager_state.get("state", {}).items():
        known = defaults(
            model.get("model_module", ""), model.get("model_module_version", ""), model.get("model_name", "")
        )
        kept = {
            key: value
            for key, value in model.get("state", {}).items()
            if key not in known or _refers(value) or known[key] != value
        }
        models[model_id] = {**model, "state": kept}
    # Layouts and styles now alike: the first of each kind stands for the others.
    first: dict[str, str] = {}
    names: dict[str, str] = {}
    for model_id, model in models.items():
        if not _shared(model):
            continue
        key = json.dumps([model.get("model_module"), model.get("model_name"), model["state"]], sort_keys=True)
        names[model_id] = first.setdefault(key, model_id)
    kept_models = {
        model_id: {**model, "state": _renamed(model["state"], names)}
        for model_id, model in models.items()
        if names.get(model_id, model_id) == model_id
    }
    return {**manager_state, "state": kept_models}


def compact_page_state(app: Any, pagename: str, *args: Any) -> None:
    """Before myst-nb adds a page's widget state to it (``html-page-context``): the state made smaller."""
    from myst_nb.core.render import sanitize_script_content
    from myst_nb.sphinx_ import NbMetadataCollector

    if app.builder is None or app.builder.format != "html":
        return
    scripts = NbMetadataCollector.get_js_files(app.env, pagename)
    if STATE_KEY not in scripts:
        return
    uri, attributes = scripts[STATE_KEY]
    body = json.loads(attributes["body"])
    scripts[STATE_KEY] = (uri, {**attributes, "body": sanitize_script_content(json.dumps(compact(body)))})


def setup(app: Any) -> dict[str, Any]:
    # before myst-nb's own handler (priority 500), which adds the scripts to the page
    app.connect("html-page-context", compact_page_state, priority=400)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
