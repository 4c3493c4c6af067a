// Level 5's search in Pyodide (the Play page's engine) under Node, timed in this process's CPU time.
//
//   node benchmarks/pyodide_search.mjs BUDGET POSITION...
//
// Loads node_modules/pyodide and the oanquan package of this checkout, then searches each
// position (RULES §10 text) with SearchPlayer(30, max_nodes=BUDGET, seed=1), as level 5 does,
// and prints one JSON line: [[CPU milliseconds, positions searched, move], ...]. A first,
// small search warms the engine up. Called by benchmarks/bench_pyodide.py; CPU time, unlike
// the page's clock, counts little of what other programs on a shared machine do.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(path.join(root, "node_modules", "pyodide", "pyodide.mjs"));
const [budget, ...positions] = process.argv.slice(2);
const pyodide = await loadPyodide({ indexURL: path.join(root, "node_modules", "pyodide") + path.sep });
const target = "/home/pyodide/oanquan";
pyodide.FS.mkdirTree(`${target}/data`);
for (const file of fs.readdirSync(path.join(root, "oanquan"))) {
  if (file.endsWith(".py")) {
    pyodide.FS.writeFile(`${target}/${file}`, fs.readFileSync(path.join(root, "oanquan", file)));
  }
}
pyodide.FS.writeFile(`${target}/data/puzzles.json`, fs.readFileSync(path.join(root, "oanquan", "data", "puzzles.json")));
pyodide.runPython(`
import sys
sys.path.insert(0, "/home/pyodide")
from oanquan import Position
from oanquan.ai import SearchPlayer

def search(text, budget):
    found = SearchPlayer(30, max_nodes=budget, seed=1).search(Position.from_text(text))
    return [found.nodes, str(found.move)]
`);
const search = pyodide.globals.get("search");
search(positions[0], 2000).destroy(); // the first search also compiles the hot code: not timed
const rows = [];
for (const text of positions) {
  const before = process.cpuUsage();
  const found = search(text, Number(budget));
  const used = process.cpuUsage(before);
  const [nodes, move] = found.toJs();
  found.destroy();
  rows.push([(used.user + used.system) / 1000, nodes, move]);
}
console.log(JSON.stringify(rows));
