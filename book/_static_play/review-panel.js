// The Play page's review of a game (issue 43): when a game ends, or when the reader asks during
// one, the engine's worker reviews it one move at a time ({op: "review", move: N}, oanquan/web/;
// the values, labels and words are all oanquan/review.py's), and the panel fills in as each move
// comes: a progress line, the graph of the expected score (drawn here from the numbers, in the
// text's colour, so it reads in both themes and in black and white: the labels carry signs, ?! ?
// ??), a list of the moves with their labels (the graph's text equivalent), and the summary.
// Choosing a move shows its position with the better move marked. One request at a time, each a
// few tens of milliseconds in the worker: the page stays usable meanwhile.
//
// An ES module. play.js makes one panel, reviewPanel(root, call, t, mistakes), and hands it every
// answer it shows (panel.update(answer)); the panel adds its own section after the game's end,
// and the learner's exercises (``mistakes``, my-exercises.js) once a review is done.

import { picture } from "./board-view.js";
import { element } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";
// The sign each label carries (chess's annotation signs), as oanquan/widgets/review.py's MARKS.
export const MARKS = { best: "", good: "", inaccuracy: "?!", mistake: "?", blunder: "??" };
const WIDTH = 600;
const MIN_WIDTH = 240;
const HEIGHT = 200;
const LEFT = 12;
const RIGHT = 12;
const TOP = 28;
const BOTTOM = 30;

// The graph's half height in points: at least 10, a multiple of 10 that holds every point.
export function scaleOf(points) {
  const largest = points.reduce(function (most, p) { return Math.max(most, Math.abs(p)); }, 0);
  return Math.max(10, Math.ceil(largest / 10) * 10);
}

// The expected score before each move reviewed so far and, once the game is over and every move
// is in, the final score difference (player 0's less player 1's).
export function graphValues(rows, finalScores, total) {
  const values = rows.map(function (row) { return row.expected; });
  if (finalScores && rows.length === total) values.push(finalScores[0] - finalScores[1]);
  return values;
}

// The graph's width in its own units: as wide as it is shown (240 to 600 CSS pixels), so that its
// 13-unit words are 13 CSS pixels on a phone too (a 600-unit graph shrank them to 6: issue 46).
export function graphWidth(shown) {
  return shown > 0 ? Math.round(Math.min(WIDTH, Math.max(MIN_WIDTH, shown))) : WIDTH;
}

// Where each value goes on the graph: {x, y}, rounded to a tenth; ``slots`` is how many values
// the whole game will have, so the line grows from the left as the moves come in; ``wide``: the
// graph's width (graphWidth), 600 by default.
export function graphPoints(values, slots, wide) {
  const scale = scaleOf(values);
  const width = (wide || WIDTH) - LEFT - RIGHT;
  const height = HEIGHT - TOP - BOTTOM;
  const steps = Math.max(1, slots - 1);
  return values.map(function (value, index) {
    return {
      x: Math.round((LEFT + index * width / steps) * 10) / 10,
      y: Math.round((TOP + height / 2 - value / scale * height / 2) * 10) / 10,
    };
  });
}

// The address of a game's review: the game's own (its ``link``, "?record=…" or "") with review=1.
export function reviewAddress(path, link) {
  const query = typeof link === "string" && link.charAt(0) === "?" ? link.replace(/&review=[^&]*/g, "") : "?";
  return path + query + (query === "?" ? "" : "&") + "review=1";
}

// One move of the list: "12. You: 5L — blunder ??".
export function moveLine(row, names) {
  const mark = MARKS[row.label] || "";
  return row.number + ". " + names[row.player] + ": " + row.move + " — " + row.label_words + (mark ? " " + mark : "");
}

function svgElement(name, attributes, text) { return element(name, attributes, text, SVG); }

// The panel: a section after the game's controls and hint ([data-oaq=hint-text]) in the page's root.
export function reviewPanel(root, call, t, mistakes) {
  const section = element("section", { class: "oaq-review", "data-oaq": "review", "aria-labelledby": "oaq-review-heading" });
  const heading = element("h3", { id: "oaq-review-heading" }, t("Review of the game"));
  const start = element("button", { type: "button", "data-oaq": "review-start" }, t("Review this game"));
  const progress = element("p", { "data-oaq": "review-progress", role: "status" });
  const graph = element("div", { "data-oaq": "review-graph" });
  const summary = element("div", { "data-oaq": "review-summary" });
  const list = element("ol", { "data-oaq": "review-moves", class: "oaq-review-moves" });
  const detail = element("div", { "data-oaq": "review-detail", "aria-live": "polite" });
  const board = element("div", { "data-oaq": "review-board", class: "oaq-review-board" });
  // the address that opens this game with its review (a pupil sends it, a teacher opens it)
  const address = element("p", {});
  const link = element("a", { "data-oaq": "review-link" }, t("Link to this game and its review"));
  address.appendChild(link);
  [heading, start, progress, graph, summary, address, list, detail, board].forEach(function (el) { section.appendChild(el); });
  if (mistakes) section.appendChild(mistakes.section); // learn from your mistakes (my-exercises.js)
  // after the game's controls and the hint they give (or else the game's end): during a game the
  // controls stay right under the board, and on a phone Undo is not pushed below the review
  const after = root.querySelector("[data-oaq=hint-text]") || root.querySelector("[data-oaq=final]");
  if (after && after.parentNode) after.parentNode.insertBefore(section, after.nextSibling);
  else root.appendChild(section);

  let shown = null; // the last answer play.js showed
  let run = 0; // each review has its number: an answer for an older one is dropped
  let rows = [];
  let words = []; // what the review says of each move, in the engine's sentences
  let reviewed = null; // the record reviewed (or being reviewed)
  let total = 0;
  let picked; // the move chosen, which the graph marks
  section.hidden = true;

  // The review's parts emptied: a review starts again, or the game it was of has changed.
  function clear() {
    rows = [];
    words = [];
    picked = undefined;
    [list, summary, detail, board, graph, progress].forEach(function (el) { el.textContent = ""; });
  }

  function names() { return shown && Array.isArray(shown.names) ? shown.names : ["0", "1"]; }
  function record() { return shown && typeof shown.record === "string" ? shown.record : ""; }
  function moveCount(text) { return text ? text.split(" ").length : 0; }

  function drawGraph(selected) {
    const values = graphValues(rows, shown && shown.final ? shown.final.scores : null, total);
    const slots = total + (shown && shown.final ? 1 : 0);
    const wide = graphWidth(graph.clientWidth);
    const points = graphPoints(values, slots, wide);
    const scale = scaleOf(values);
    const title = t("Expected score over the game");
    const svg = svgElement("svg", { viewBox: "0 0 " + wide + " " + HEIGHT, role: "img", "aria-label": title,
      width: "100%", style: "max-width:" + wide + "px;height:auto", fill: "currentColor", "font-family": "sans-serif", "font-size": 13 });
    svg.appendChild(svgElement("title", {}, title));
    svg.appendChild(svgElement("text", { x: LEFT, y: TOP - 10 }, "▲ " + t("{name} ahead", { name: names()[0] }) + " (+" + scale + ")"));
    svg.appendChild(svgElement("text", { x: LEFT, y: HEIGHT - BOTTOM + 16 }, "▼ " + t("{name} ahead", { name: names()[1] }) + " (−" + scale + ")"));
    const middle = TOP + (HEIGHT - TOP - BOTTOM) / 2;
    svg.appendChild(svgElement("line", { x1: LEFT, y1: middle, x2: wide - RIGHT, y2: middle, stroke: "currentColor", "stroke-dasharray": "4 4", "stroke-opacity": 0.6 }));
    if (selected !== undefined && points[selected]) {
      svg.appendChild(svgElement("line", { x1: points[selected].x, y1: TOP, x2: points[selected].x, y2: HEIGHT - BOTTOM,
        stroke: "currentColor", "stroke-dasharray": "1 3", "stroke-width": 2 }));
    }
    svg.appendChild(svgElement("polyline", { points: points.map(function (p) { return p.x + "," + p.y; }).join(" "),
      fill: "none", stroke: "currentColor", "stroke-width": 2 }));
    rows.forEach(function (row) {
      const mark = MARKS[row.label];
      const at = points[Math.min(row.ply + 1, points.length - 1)];
      if (!mark || !at) return;
      svg.appendChild(svgElement("circle", { cx: at.x, cy: at.y, r: 3.5 }));
      svg.appendChild(svgElement("text", { x: at.x, y: at.y - 7, "text-anchor": "middle", "font-weight": "bold" }, mark));
    });
    graph.textContent = "";
    graph.appendChild(svg);
  }

  function addRow(row) {
    rows.push(row);
    const item = element("li", { "data-label": row.label, "data-ply": row.ply });
    const button = element("button", { type: "button", class: "oaq-review-move", "data-oaq": "review-move" }, moveLine(row, names()));
    button.addEventListener("click", function () { pick(row.ply); });
    item.appendChild(button);
    list.appendChild(item);
  }

  // A turned phone or a resized window: the graph drawn again at its new width.
  window.addEventListener("resize", function () { if (!section.hidden && rows.length) drawGraph(picked); });

  async function pick(ply) {
    const row = rows[ply];
    if (!row) return;
    list.querySelectorAll("button").forEach(function (b, i) { b.setAttribute("aria-pressed", String(i === ply)); });
    picked = ply;
    drawGraph(ply);
    detail.textContent = words[ply] || "";
    const mine = run;
    const answer = await call({ op: "review", move: ply, picture: true });
    if (mine !== run || !answer || !answer.ok || !answer.scene) return;
    picture(board, answer.scene); // a copy of the page's board, filled with the position's scene
  }

  async function begin() {
    const mine = ++run;
    reviewed = record();
    total = moveCount(reviewed);
    clear();
    section.removeAttribute("data-first-ms");
    section.removeAttribute("data-done-ms");
    section.hidden = false;
    start.hidden = true;
    drawGraph();
    const started = performance.now(); // make bench reads the times (data-first-ms, data-done-ms)
    for (let ply = 0; ply < total; ply++) {
      progress.textContent = t("Reviewing: move {n} of {total}…", { n: ply + 1, total: total });
      const answer = await call({ op: "review", move: ply });
      if (mine !== run) return; // the game changed: a newer review (or none) takes over
      if (!answer || !answer.ok) { progress.textContent = (answer && (answer.reason || answer.error)) || ""; return; }
      words[ply] = typeof answer.words === "string" ? answer.words : "";
      addRow(answer.review);
      if (ply === 0) section.setAttribute("data-first-ms", String(Math.round(performance.now() - started)));
      drawGraph();
    }
    const whole = await call({ op: "review" });
    if (mine !== run) return;
    progress.textContent = t("Review done: {total} moves.", { total: total });
    section.setAttribute("data-done-ms", String(Math.round(performance.now() - started)));
    if (whole && whole.ok) {
      whole.review.summary.split("\n").forEach(function (line) { summary.appendChild(element("p", {}, line)); });
    }
    drawGraph();
    if (mistakes && typeof shown.link === "string") mistakes.offer(shown.link);
  }

  start.addEventListener("click", begin);

  return {
    // Every answer play.js shows: a finished game is reviewed at once; during a game the button
    // offers it; a game that changed (a move, an undo, a new game) drops the review of the old one.
    update: function (answer) {
      if (!answer || !Array.isArray(answer.names)) return;
      shown = answer;
      const changed = record() !== reviewed;
      if (changed) {
        run++;
        reviewed = null;
        clear();
        if (mistakes) mistakes.clear();
      }
      section.hidden = !record();
      start.hidden = !changed && reviewed !== null;
      link.setAttribute("href", reviewAddress(location.pathname, answer.link));
      if (answer.final && changed) begin();
    },
    begin: begin,
    // The address asked for the review (review=1): it is filled in (unless it already is) and
    // shown, on the projector too.
    open: function () {
      section.setAttribute("data-asked", "");
      if (reviewed === null && record()) begin();
      section.scrollIntoView();
    },
  };
}
