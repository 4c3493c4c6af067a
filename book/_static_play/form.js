// The page's form fields: the game's settings (the Play page's form, kept with its game) and the
// animation's speed (both pages, kept in this browser).
import { forget, readText } from "./browser-storage.js";
import { element } from "./dom.js";
import { FORM_FIELDS, SPEED } from "./stored.js";

function offers(select, value) { return Array.prototype.some.call(select.options, (o) => o.value === value); }

export function form(root, t) {
  const $ = (name) => root.querySelector("[data-oaq=" + name + "]");

  // ``value`` chosen in ``select``; a value the menu does not offer becomes one more choice.
  function choose(select, value, label) {
    value = String(value);
    if (!offers(select, value)) select.appendChild(element("option", { value }, label));
    select.value = value;
  }

  return {
    values() { return Object.fromEntries(FORM_FIELDS.map((name) => [name, $(name).value])); },
    // The form as it was (a choice the game has that the form lacks is added by sync).
    restore(values) {
      Object.keys(values).forEach(function (name) {
        const select = $(name);
        const value = values[name];
        if (select && typeof value === "string" && offers(select, value)) select.value = value;
      });
    },
    // The settings of a new game, as the engine takes them.
    settings() {
      const options = {
        mandarin_pieces: $("pieces").value,
        mandarin_value: Number($("value").value),
        mandarin_gap: $("gap").value,
        young_mandarin_min: Number($("young").value),
        max_plies: Number($("plies").value),
      };
      // The seed only varies the computer's choice between equally good moves.
      const seed = Math.floor(Math.random() * 1000000);
      return { options, opponent: $("opponent").value, first: $("first").value, seed };
    },
    // Show the game's settings in the form; a number the address gave that the form does not
    // offer becomes one more choice, so that New game keeps it.
    sync(answer) {
      const s = answer.settings, o = s.options;
      $("pieces").value = o.mandarin_pieces;
      choose($("value"), o.mandarin_value, t("{n} points", { n: o.mandarin_value }));
      $("gap").value = o.mandarin_gap;
      choose($("young"), o.young_mandarin_min, t("fewer than {n} pebbles: cannot be captured", { n: o.young_mandarin_min }));
      choose($("plies"), o.max_plies, t("{n} moves", { n: o.max_plies }));
      $("opponent").value = String(s.opponent);
      $("first").value = s.first;
    },
    // The animation speed the reader chose last is kept (a teacher's "slow" for the projector
    // stays "slow" after a reload); a kept value that is not one of the menu's is left out, with
    // a notice (``readBack``, stored.js), like any other value the page cannot read.
    restoreSpeed(readBack) {
      const kept = readText(SPEED);
      if (kept === null) return;
      if (offers($("speed"), kept)) {
        $("speed").value = kept;
        return;
      }
      readBack.leftOut(t("the speed chosen last"), t("not one of the speeds"));
      forget(SPEED);
    },
  };
}
