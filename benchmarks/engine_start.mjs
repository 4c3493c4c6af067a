// Where the engine's start goes, step by step, in Pyodide under Node (the same WebAssembly
// engine as Chromium's), each step in wall and CPU milliseconds of this process:
//
//   node benchmarks/engine_start.mjs PYODIDE_DIR BUILT_DIR HOW
//
// HOW is "npm" (Pyodide as npm ships it, its standard library as sources: the start before
// issue 45), "stdlib" (the site's built standard library, trimmed and compiled, with no
// snapshot: the worker's fallback) or "snapshot" (the site's build-time snapshot restored: a
// first visit now). BUILT_DIR is the built site's _static/ (pyodide/, play/). Prints one JSON
// line: {steps: [[name, wall ms, cpu ms], ...]}. Called by benchmarks/bench_start.py.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const [pyodideDir, built, how] = process.argv.slice(2);
const SITE_DIR = "/home/pyodide/site";
const IMPORTS = "import sys; sys.path.insert(0, '" + SITE_DIR + "'); import oanquan.web, oanquan.svg, oanquan.ai, oanquan.puzzles";
const steps = [];
function cpu() {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}
let wall = performance.now();
let spent = cpu();
function step(name) {
  const now = performance.now();
  const used = cpu();
  steps.push([name, Math.round(now - wall), Math.round(used - spent)]);
  wall = now;
  spent = used;
}

const indexURL = path.resolve(how === "npm" ? pyodideDir : path.join(built, "pyodide")) + path.sep;
const wasm = fs.readFileSync(path.join(indexURL, "pyodide.asm.wasm"));
const engine = new Uint8Array(fs.readFileSync(path.join(built, "play", "oanquan.zip")));
let zipped = null;
if (how === "snapshot") {
  const manifest = JSON.parse(fs.readFileSync(path.join(built, "play", "manifest.json"), "utf8"));
  zipped = fs.readFileSync(path.join(built, "play", "engine-snapshot-" + manifest.engine + ".bin.gz"));
}
step("read the files");
await WebAssembly.compile(wasm); // what compiling alone takes (Node compiles lazily, as Chromium may)
step("compile the WebAssembly (alone)");
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
step("import the loader");
const quiet = { stdout: function () {}, stderr: function () {} };
let python;
if (how === "snapshot") {
  const snapshot = new Uint8Array(zlib.gunzipSync(zipped));
  step("unzip the snapshot");
  python = await loadPyodide({ indexURL: indexURL, _loadSnapshot: snapshot, ...quiet });
  step("restore Python from the snapshot");
} else {
  python = await loadPyodide({ indexURL: indexURL, ...quiet });
  step("start Python");
}
python.unpackArchive(engine, "zip", { extractDir: SITE_DIR });
step("unpack the engine");
if (how === "snapshot") {
  python.runPython("import os, random, oanquan.i18n; os.environ['OANQUAN_LANG'] = 'vi'; oanquan.i18n.set_language('vi'); random.seed()");
  step("set the language, seed");
} else {
  python.runPython(IMPORTS);
  step("import the engine");
}
const call = python.pyimport("oanquan.web").call;
call(JSON.stringify({ op: "dance" }));
step("first answer (a refusal)");
call(JSON.stringify({ op: "new_game", opponent: "2" }));
call(JSON.stringify({ op: "click", square: 7 }));
step("a new game and a click");
console.log(JSON.stringify({ steps: steps }));
