// The Puzzles page's finder (issue 42): a "type a code" box beside the list, and filters (theme,
// level, not solved yet) with a search, so that a pupil on a phone or a class at a projector finds
// a puzzle among a hundred and more. It works on the list the build wrote (each <option> carries
// the puzzle's code, theme and level: tools/build/play.py) and leaves the rest of the page to
// play.js: a puzzle is opened by choosing it in the list, as a reader would, and Next goes to the
// next puzzle the filters show. The pure parts (codes, folding, matching) are exported for Node.
import { element } from "./dom.js";
import { readWords, translator } from "./words.js";

// A code as a pupil may type it ("P-042", "p42", "P 42", "42"), written as the collection writes
// it; null when it reads as no code. The same reading as oanquan.puzzles.read_code.
export function readCode(text) {
  const match = /^\s*(?:[Pp]\s*-?\s*)?0*(\d{1,5})\s*$/.exec(String(text));
  if (!match) return null;
  let number = String(Number(match[1]));
  while (number.length < 3) number = "0" + number;
  return "P-" + number;
}

// Text for searching: lower case, without diacritics ("thả cá" finds "tha ca", as the site's search).
export function fold(text) {
  return String(text).normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[đĐ]/g, "d").toLowerCase();
}

// Whether a puzzle ({code, title, theme, themeName, level, solved}) passes the filters
// ({words, theme, level, unsolved}): every word of the search in its code, title or theme.
export function matches(puzzle, filters) {
  if (filters.theme && puzzle.theme !== filters.theme) return false;
  if (filters.level && String(puzzle.level) !== String(filters.level)) return false;
  if (filters.unsolved && puzzle.solved) return false;
  const haystack = fold([puzzle.code, puzzle.title, puzzle.themeName].join(" "));
  return fold(filters.words || "").split(/\s+/).every(function (word) { return !word || haystack.indexOf(word) >= 0; });
}

function labelled(labelText, control) {
  const label = element("label", { for: control.id }, labelText);
  const field = element("span", { class: "oaq-find-field" });
  field.append(label, control);
  return field;
}

function finder(root) {
  const t = translator(readWords(document));
  const pick = root.querySelector("[data-oaq=pick]");
  if (!pick) return;
  const options = Array.prototype.slice.call(pick.options);
  const puzzleOf = function (option) {
    return {
      code: option.getAttribute("data-code") || "",
      title: option.getAttribute("data-title") || option.textContent,
      theme: option.getAttribute("data-theme") || "",
      themeName: option.parentNode.getAttribute("label") || "",
      level: option.getAttribute("data-level") || "",
      solved: option.hasAttribute("data-solved"),
    };
  };

  // The code box: the first field of the finder, a tap away (the board stays near the top of a phone).
  const codeForm = element("form", { class: "oaq-code", "data-oaq": "code-form", role: "search" });
  const codeInput = element("input", { id: "oaq-code", "data-oaq": "code", type: "text", inputmode: "text", autocomplete: "off", size: "7", placeholder: "P-042", spellcheck: "false" });
  const codeButton = element("button", { type: "submit", "data-oaq": "code-open" }, t("Open"));
  codeForm.append(labelled(t("Type a code"), codeInput), codeButton);
  const message = element("p", { class: "oaq-find-message", "data-oaq": "find-message", "aria-live": "polite" });

  // The code box and the filters, folded away under one line until opened.
  const box = element("details", { class: "oaq-find", "data-oaq": "find" });
  box.append(element("summary", {}, t("Find a puzzle: its code, a search, themes, levels")), codeForm);
  const search = element("input", { id: "oaq-search", "data-oaq": "search", type: "search", autocomplete: "off" });
  const theme = element("select", { id: "oaq-theme", "data-oaq": "theme" });
  theme.append(element("option", { value: "" }, t("All themes")));
  Array.prototype.forEach.call(pick.querySelectorAll("optgroup"), function (group) {
    const first = group.querySelector("option");
    if (first) theme.append(element("option", { value: first.getAttribute("data-theme") || "" }, group.getAttribute("label")));
  });
  const level = element("select", { id: "oaq-level", "data-oaq": "level" });
  level.append(element("option", { value: "" }, t("All levels")));
  [1, 2, 3, 4, 5].forEach(function (n) { level.append(element("option", { value: String(n) }, t("Level {n}", { n: n }))); });
  const unsolved = element("input", { id: "oaq-unsolved", "data-oaq": "unsolved", type: "checkbox" });
  const unsolvedField = element("span", { class: "oaq-find-field" });
  unsolvedField.append(unsolved, element("label", { for: "oaq-unsolved" }, t("Not solved yet")));
  const shown = element("p", { class: "oaq-find-count", "data-oaq": "find-count", "aria-live": "polite" });
  const fields = element("div", { class: "oaq-find-fields" });
  fields.append(labelled(t("Search"), search), labelled(t("Theme"), theme), labelled(t("Level"), level), unsolvedField);
  box.append(fields, shown);

  const row = pick.closest(".oaq-pick") || pick.parentNode;
  row.after(box, message);

  // Hidden and disabled both, so that no browser offers a filtered puzzle; the one on the board stays.
  function apply() {
    const wanted = { words: search.value, theme: theme.value, level: level.value, unsolved: unsolved.checked };
    let count = 0;
    options.forEach(function (option) {
      const match = !option.hasAttribute("data-other-rules") && matches(puzzleOf(option), wanted);
      if (match) count++;
      option.hidden = !(match || option.selected);
      option.disabled = option.hidden;
    });
    Array.prototype.forEach.call(pick.querySelectorAll("optgroup"), function (group) {
      group.hidden = !group.querySelector("option:not([hidden])");
    });
    shown.textContent = t("{count} of {total} puzzles shown", { count: count, total: options.length });
  }
  function open(option) {
    pick.value = option.value;
    pick.dispatchEvent(new Event("change"));
  }
  [search, theme, level, unsolved].forEach(function (control) {
    control.addEventListener(control === search ? "input" : "change", apply);
  });
  codeForm.addEventListener("submit", function (event) {
    event.preventDefault();
    const code = readCode(codeInput.value);
    const found = code && options.filter(function (option) { return option.getAttribute("data-code") === code; })[0];
    if (!found) {
      message.textContent = t("No puzzle has the code {code}: a code reads like P-042.", { code: codeInput.value.trim().slice(0, 20) });
      return;
    }
    message.textContent = "";
    open(found);
  });
  // Next goes to the next puzzle the filters show (before play.js's own Next, which takes the next in the list).
  const next = root.querySelector("[data-oaq=next]");
  if (next) {
    next.addEventListener("click", function (event) {
      const from = pick.selectedIndex;
      for (let step = 1; step <= options.length; step++) {
        const option = options[(from + step) % options.length];
        if (!option.hidden) {
          event.stopImmediatePropagation();
          if (option !== options[from]) open(option);
          return;
        }
      }
    }, true);
  }
  // The solved marks change as puzzles are solved; the list's choice as puzzles are opened.
  new MutationObserver(apply).observe(pick, { subtree: true, attributes: true, attributeFilter: ["data-solved", "data-other-rules"] });
  pick.addEventListener("change", apply);
  apply();
}

if (typeof document !== "undefined") {
  Array.prototype.forEach.call(document.querySelectorAll(".oaq[data-mode=puzzles]"), finder);
}
