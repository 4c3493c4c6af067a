// Our class's rules, set once (issue 42): whether a young Mandarin (quan non) is protected, and
// what a Mandarin is worth. A teacher chooses them on the Play or the Puzzles page; the browser
// keeps the choice (localStorage), and both pages follow it: the Play page's next game takes
// those rules, and the Puzzles page leaves out the puzzles that need other rules (the build marks
// each puzzle with the class rules it holds under, data-classes: tools/build/play.py, computed by
// authoring.puzzles.class_rules_kept). The keys are those of authoring.puzzles.CLASS_RULES.
import { forget, readText, writeText } from "./browser-storage.js";
import { element } from "./dom.js";
import { readWords, translator } from "./words.js";

const CLASS_RULES_KEY = "oanquan.class-rules.v1";
export const CLASS_RULES = {
  "protected-10": { young: "5", value: "10" },
  "open-10": { young: "0", value: "10" },
  "protected-5": { young: "5", value: "5" },
  "open-5": { young: "0", value: "5" },
};

// The class's rules kept in this browser: one of the keys above, or "" (none set, or a value
// that is not one: left out, as every kept value is read strictly).
export function readClassRules() {
  const value = readText(CLASS_RULES_KEY);
  return value !== null && Object.prototype.hasOwnProperty.call(CLASS_RULES, value) ? value : "";
}

// In a browser that keeps nothing, the choice lasts for this page (browser-storage.js).
export function writeClassRules(key) {
  if (key) writeText(CLASS_RULES_KEY, key);
  else forget(CLASS_RULES_KEY);
}

// Whether a puzzle marked with the class rule sets it holds under ("protected-10 open-10") suits the class.
export function suits(classes, key) {
  return !key || String(classes || "").split(/\s+/).indexOf(key) >= 0;
}

function choice(t, current) {
  const select = element("select", { id: "oaq-class-rules", "data-oaq": "class-rules" });
  [
    ["", t("not set: the rules of each game or puzzle")],
    ["protected-10", t("young Mandarins protected, a Mandarin worth 10 (the guide's choice)")],
    ["open-10", t("young Mandarins can be taken, a Mandarin worth 10")],
    ["protected-5", t("young Mandarins protected, a Mandarin worth 5")],
    ["open-5", t("young Mandarins can be taken, a Mandarin worth 5")],
  ].forEach(function (pair) { select.append(element("option", { value: pair[0] }, pair[1])); });
  select.value = current;
  // A select cannot wrap its text, and on a phone these rules do not fit in one line: below the
  // select the chosen rules are said again in full (shown by play.css on narrow screens only).
  // A screen reader hears the select itself.
  const chosen = element("small", { class: "oaq-class-chosen", "data-oaq": "class-chosen", "aria-hidden": "true" });
  const say = function () { chosen.textContent = select.options[select.selectedIndex].textContent; };
  select.addEventListener("change", say);
  say();
  const box = element("p", { class: "oaq-class-rules" });
  box.append(element("label", { for: select.id }, t("Our class's rules")), " ", select, chosen);
  return box;
}

function puzzlesPage(root, t, select, note) {
  const pick = root.querySelector("[data-oaq=pick]");
  function apply() {
    const key = select.value;
    Array.prototype.forEach.call(pick.options, function (option) {
      option.toggleAttribute("data-other-rules", !suits(option.getAttribute("data-classes"), key));
    });
    const current = pick.options[pick.selectedIndex];
    note.textContent = current && current.hasAttribute("data-other-rules")
      ? t("This puzzle needs other rules than your class's: it is left out of the list.") : "";
  }
  pick.addEventListener("change", apply);
  new MutationObserver(apply).observe(root.querySelector("[data-oaq=puzzle-id]"), { childList: true, characterData: true, subtree: true });
  return apply;
}

function playPage(root, select) {
  // The next game takes the class's rules, once the page is ready (play.js starts or configures it).
  function apply() {
    const rules = CLASS_RULES[select.value];
    if (!rules || root.getAttribute("data-state") !== "ready") return;
    let changed = false;
    Object.keys(rules).forEach(function (name) { // the settings' fields: "young", "value"
      const field = root.querySelector("[data-oaq=" + name + "]");
      if (field && field.value !== rules[name]) {
        field.value = rules[name];
        changed = true;
      }
    });
    if (changed) root.querySelector("[data-oaq=settings]").dispatchEvent(new Event("change"));
  }
  let waiting = true; // for the page's first ready state: then the kept choice applies
  new MutationObserver(function () {
    if (waiting && root.getAttribute("data-state") === "ready") {
      waiting = false;
      apply();
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-state"] });
  return apply;
}

function classRules(root) {
  const t = translator(readWords(document));
  const mode = root.getAttribute("data-mode");
  const box = choice(t, readClassRules());
  const select = box.querySelector("select");
  const note = element("p", { class: "oaq-class-note", "data-oaq": "class-note", "aria-live": "polite" });
  let apply;
  if (mode === "puzzles") {
    // with the finder's filters, folded (the rules hide puzzles too), so that the board stays near
    // the top of a phone's screen; the note on a puzzle that needs other rules stays in sight
    const find = root.querySelector("[data-oaq=find]");
    if (find) {
      find.append(box);
      find.after(note);
    } else {
      root.querySelector(".oaq-pick").after(box, note);
    }
    apply = puzzlesPage(root, t, select, note);
  } else {
    root.querySelector("[data-oaq=settings]").before(box);
    apply = playPage(root, select);
  }
  select.addEventListener("change", function () {
    writeClassRules(select.value);
    apply();
  });
  apply();
}

if (typeof document !== "undefined") {
  Array.prototype.forEach.call(document.querySelectorAll(".oaq[data-mode]"), classRules);
}
