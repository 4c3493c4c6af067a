// Projector mode (issue 23): the game fills the screen, a large board on the left and, beside
// it, what a class reads (the scores, the turn, the caption, the hint, the verdict) and the
// controls, with nothing to scroll at 1280x800 or 1920x1080 (play.css). The settings and the
// teacher's details are out of sight meanwhile. A reload keeps it (this tab's sessionStorage:
// a projector's tab), a new tab does not.
import { forget, readText, writeText } from "./browser-storage.js";
import { PROJECTOR } from "./stored.js";

// The button wired, and the mode kept in this tab shown again; a kept value that is not "on" is
// left out with a notice (``readBack``, stored.js), like any other value the page cannot read.
export function projector(root, t, readBack) {
  const button = root.querySelector("[data-oaq=projector]");
  // What the projector's game covers (the site's header, sidebar, the page's text) is made inert
  // meanwhile, so that the keyboard and a screen reader stay in the game as the eyes do.
  let covered = [];
  function coverTheRest(on) {
    covered.forEach(function (el) { el.inert = false; });
    covered = [];
    if (!on) return;
    for (let node = root; node.parentElement && node !== document.body; node = node.parentElement) {
      for (const el of node.parentElement.children) {
        if (el !== node && !el.inert && !/^(SCRIPT|STYLE|LINK|META)$/.test(el.tagName)) {
          el.inert = true;
          covered.push(el);
        }
      }
    }
  }
  function show(on) {
    root.toggleAttribute("data-projector", on);
    document.documentElement.classList.toggle("oaq-projecting", on);
    coverTheRest(on);
    button.textContent = on ? t("Leave projector mode") : t("Projector mode");
    button.setAttribute("aria-pressed", String(on));
  }
  button.addEventListener("click", function () {
    const on = !root.hasAttribute("data-projector");
    show(on);
    if (on) writeText(PROJECTOR, "on", "session");
    else forget(PROJECTOR, "session");
  });
  const kept = readText(PROJECTOR, "session");
  if (kept === "on") show(true);
  else if (kept !== null) {
    readBack.leftOut(t("the projector mode chosen last"), t("not a setting of this page")); // only "on" is written
    forget(PROJECTOR, "session");
  }
}
