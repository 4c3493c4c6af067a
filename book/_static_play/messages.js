// What the Play and Puzzles pages say besides the board: the status line (its words said by
// screen readers too, through the announce region), the error line, the notices, the engine's
// loading progress, and the questions asked in the page (a box with two answers).
import { element } from "./dom.js";

export function messages(root, t, edition) {
  const $ = (name) => root.querySelector("[data-oaq=" + name + "]");
  // Megabytes with one decimal, written as the edition writes numbers ("3,2" in Vietnamese, issue 46).
  const oneDecimal = new Intl.NumberFormat(edition, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const megabytes = (bytes) => oneDecimal.format(bytes / 1e6);
  let shownNotices = [];
  const page = {
    // The status line; its words are said by screen readers too, but for the turn shown with a
    // board (``quiet``), which that board's announcement already says.
    say(text, quiet) {
      $("status").textContent = text || "";
      $("status").hidden = !text;
      if (text && !quiet) page.announce(text);
    },
    // ``replace``: a new board, whose region says ``text`` or nothing, never the old board's words.
    announce(text, replace) {
      if ((text || replace) && $("announce").textContent !== (text || "")) $("announce").textContent = text || "";
    },
    error(text) {
      $("error").textContent = text || "";
      $("error").hidden = !text;
    },
    // A notice is a sentence, or {text, href, label}: a sentence and a link (to a game kept aside).
    notices(notices) {
      shownNotices = notices || [];
      const box = $("notice");
      box.textContent = "";
      shownNotices.forEach(function (notice) {
        const line = box.appendChild(element("p", {}, typeof notice === "string" ? notice : notice.text));
        if (notice.href) line.append(" ", element("a", { href: notice.href, "data-oaq": "notice-link" }, notice.label));
      });
      box.hidden = !shownNotices.length;
    },
    shownNotices() { return shownNotices; },
    progress(p) {
      const bar = $("progress");
      const text = $("progress-text");
      if (p.stage === "download" && p.total) {
        bar.value = Math.round(80 * p.loaded / p.total);
        text.textContent = t("Loading the game engine: {loaded} of {total} MB", { loaded: megabytes(p.loaded), total: megabytes(p.total) });
      } else if (p.stage === "start") {
        bar.value = 85;
        text.textContent = t("Starting Python in your browser…");
      } else if (p.stage === "engine") {
        bar.value = 95;
        text.textContent = t("Starting the game engine…");
      }
    },
    // A question in the page, its "no" focused; ``setState`` shows the page waiting for the answer
    // ("confirm") and gives it back its state after. A promise of the answer (true for "yes").
    confirm(text, yes, no, setState) {
      return new Promise(function (resolve) {
        const previous = root.getAttribute("data-state");
        $("confirm-text").textContent = text;
        $("confirm-yes").textContent = yes;
        $("confirm-no").textContent = no;
        $("confirm").hidden = false;
        setState("confirm");
        $("confirm-no").focus({ preventScroll: true });
        function done(answer) {
          $("confirm").hidden = true;
          $("confirm-yes").onclick = $("confirm-no").onclick = null;
          setState(previous === "confirm" ? "ready" : previous);
          resolve(answer);
        }
        $("confirm-yes").onclick = function () { done(true); };
        $("confirm-no").onclick = function () { done(false); };
      });
    },
  };
  return page;
}
