// The engine's start, made once at build time under Node (issue 45), run by tools/build/play.py:
//
//   node tools/build/engine_start.mjs PYODIDE_DIR ENGINE_ZIP OUT_DIR MODULE,MODULE,...
//
// Pyodide's standard library is a zip of 600 Python sources, every one compiled by the
// browser each time it is imported, and a first visit spent most of its time starting Python and
// importing the engine. Here, under Node (the same WebAssembly engine as Chromium's), it writes
// into OUT_DIR:
//
//   python_stdlib.zip     the standard library the engine needs and nothing else, compiled: the
//                         modules Pyodide's start, the engine's imports (MODULE,...: every
//                         `import` of its sources, function-level ones too, listed by
//                         tools/build/play.py) and a round of requests load, as .pyc
//                         (unchecked hash-based, so the same sources give the same bytes);
//   engine-snapshot.bin.gz  a Pyodide memory snapshot of Python started on that zip with the engine
//                         imported (gzip: a 30 MB heap, mostly zeros), which the page's worker
//                         restores instead of starting Python (engine-worker.js).
//
// The snapshot holds no files: the worker gives Pyodide the same zip and unpacks the same engine
// zip into the same folder, since Python's zip importer keeps offsets into the zip it read.
// Prints one JSON line: {modules, stdlib, snapshot, ms: {...}} for the build's log.
import nodeCrypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const [pyodideDir, engineZip, outDir, imports] = process.argv.slice(2);
if (!imports) {
  console.error("usage: node tools/build/engine_start.mjs PYODIDE_DIR ENGINE_ZIP OUT_DIR MODULE,MODULE,...");
  process.exit(2);
}
const indexURL = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
// Where the worker puts the engine (engine-worker.js: SITE_DIR), and what it imports first.
const SITE_DIR = "/home/pyodide/site";
const ms = {};
let clock = performance.now();
function lap(name) {
  const now = performance.now();
  ms[name] = Math.round(now - clock);
  clock = now;
}
const quiet = { stdout: function () {}, stderr: function () {} };
const engine = new Uint8Array(fs.readFileSync(engineZip));

// 1. Which modules of the standard library the engine needs: started on the whole library.
const full = await loadPyodide({ indexURL: indexURL, ...quiet });
lap("full_start");
full.unpackArchive(engine, "zip", { extractDir: SITE_DIR });
full.globals.set("SITE_DIR", SITE_DIR);
full.globals.set("IMPORTS", full.toPy(imports.split(",")));
const names = full.runPython(`
import importlib, json, sys

sys.path.insert(0, SITE_DIR)
STDLIB = next(p for p in sys.path if p.endswith(".zip"))  # /lib/python314.zip

def stdlib_names():
    return {n for n, m in sys.modules.items() if (getattr(m, "__file__", None) or "").startswith(STDLIB + "/")}

for name in IMPORTS:  # every module an engine source imports, at its top or in a function
    try:
        importlib.import_module(name)
    except ImportError:
        pass  # not in this runtime: the pages never import it

import oanquan.web, oanquan.svg, oanquan.ai, oanquan.puzzles, oanquan.i18n, random
from oanquan.web import call
for request in (
    {"op": "new_game", "opponent": "1"}, {"op": "state"}, {"op": "click", "square": 7}, {"op": "computer"},
    {"op": "puzzles"}, {"op": "puzzle_address", "query": ""}, {"op": "review"}, {"op": "exercises"},
    {"op": "save"}, {"op": "editor"}, {"op": "dance"},
):
    call(json.dumps(request))
oanquan.i18n.set_language("vi")
call(json.dumps({"op": "state"}))
oanquan.i18n.set_language("en")
random.seed()
try:
    raise ValueError("a traceback, formatted as the page's worker would see one")
except ValueError:
    import traceback
    traceback.format_exc()
import warnings
with warnings.catch_warnings(record=True):
    warnings.warn("a warning, formatted", stacklevel=1)
json.dumps(sorted(stdlib_names()))
`);
const wanted = JSON.parse(names);
lap("needs");

// 2. Those modules, compiled, in a zip of their own.
full.globals.set("WANTED", JSON.stringify(wanted));
full.runPython(`
import importlib.util, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

files = sorted({sys.modules[name].__file__ for name in json.loads(WANTED)})
with zipfile.ZipFile(STDLIB) as whole, zipfile.ZipFile("/tmp/python_stdlib.zip", "w", zipfile.ZIP_DEFLATED) as trimmed:
    for spec_file in files:
        inside = spec_file[len(STDLIB) + 1:]
        source = whole.read(inside)
        code = compile(source, spec_file, "exec", dont_inherit=True)
        info = zipfile.ZipInfo(inside + "c", date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        trimmed.writestr(info, _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
`);
const stdlib = full.FS.readFile("/tmp/python_stdlib.zip");
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, "python_stdlib.zip"), stdlib);
lap("compiled");

// 3. Python started on that zip with the engine imported, as the worker starts it, kept. Its
// randomness (Python's hash seed, the random module's state) comes from a fixed sequence here, and
// its clock (the files' times, which the importer keeps) from a fixed date, so that the same engine
// gives the same snapshot, and so the same build version (a new one would make every device
// download the site again after each build); the worker seeds random afresh.
let now = Date.UTC(2020, 0, 1);
Date.now = function () {
  return now++;
};
let state = 0x9e3779b9;
function fixedRandom(view) {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state = (state ^ (state << 13)) >>> 0;
    state = (state ^ (state >>> 17)) >>> 0;
    state = (state ^ (state << 5)) >>> 0;
    bytes[i] = state & 0xff;
  }
  return view;
}
nodeCrypto.randomFillSync = fixedRandom;
globalThis.crypto.getRandomValues = fixedRandom;
const python = await loadPyodide({
  indexURL: indexURL,
  stdLibURL: path.join(outDir, "python_stdlib.zip"),
  _makeSnapshot: true,
  ...quiet,
});
python.unpackArchive(engine, "zip", { extractDir: SITE_DIR });
python.runPython(
  "import sys; sys.path.insert(0, '" + SITE_DIR + "'); import oanquan.web, oanquan.svg, oanquan.ai, oanquan.puzzles, gc; gc.collect()"
);
lap("started");
const snapshot = python.makeMemorySnapshot();
fs.writeFileSync(path.join(outDir, "engine-snapshot.bin.gz"), zlib.gzipSync(snapshot, { level: 9 }));
lap("snapshot");
console.log(JSON.stringify({ modules: wanted.length, stdlib: stdlib.byteLength, snapshot: snapshot.byteLength, ms: ms }));
