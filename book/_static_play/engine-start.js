// The Play and Puzzles pages' engine, started from the page's head (issue 45: tools/sphinx/offline.py
// puts this module there, asynchronous, on the pages with a game). The engine's worker then fetches
// Pyodide and the engine's snapshot while the browser still reads the page's theme scripts and the
// game's markup, instead of after them. The page's own scripts get the same engine: engine.js is
// one module, imported here and by them at the same address, and its pageEngine() starts one worker.
import { pageEngine } from "./engine.js";

if (location.protocol !== "file:") pageEngine();
