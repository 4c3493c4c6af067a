// The pages' words in their language (an ES module, shared by play.js and liveboard.js).
// Babel extracts the sentences given to t() in the scripts beside this file into the engine's own
// catalogue (make catalogues: one catalogue for every word in code), and tools/build/edition.py writes
// their Vietnamese translations as JSON into the Vietnamese game's markup; English, the words of
// the scripts themselves, needs none.

// The {names} of values filled into a sentence; a name values lacks stays as it is.
export function fill(sentence, values) {
  return sentence.replace(/\{(\w+)\}/g, function (all, name) {
    return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
  });
}

// The translations in the page (<script type="application/json" data-oaq-words>): only text for
// text, so a broken or unexpected block leaves the page in English rather than breaking it.
export function readWords(doc) {
  var script = doc.querySelector("script[data-oaq-words]");
  var words = {};
  var parsed;
  try { parsed = script ? JSON.parse(script.textContent) : null; } catch (error) { parsed = null; }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return words;
  Object.keys(parsed).forEach(function (text) {
    if (typeof parsed[text] === "string") words[text] = parsed[text];
  });
  return words;
}

// t(text, values): text in the page's language, with values filled in.
export function translator(words) {
  return function t(text, values) {
    return fill(Object.prototype.hasOwnProperty.call(words, text) ? words[text] : text, values);
  };
}
