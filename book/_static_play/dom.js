// The pages' own markup, made as elements (in the namespace ``ns`` when given: SVG's for a
// picture drawn on the page): every text goes in as text, never as markup.
export function element(name, attributes, text, ns) {
  const el = ns ? document.createElementNS(ns, name) : document.createElement(name);
  Object.keys(attributes || {}).forEach(function (key) { el.setAttribute(key, String(attributes[key])); });
  if (text !== undefined) el.textContent = text;
  return el;
}

// A list (<ol>, <ul>) holding these lines, one item each.
export function fillList(list, lines) {
  list.textContent = "";
  lines.forEach(function (text) { list.appendChild(element("li", {}, text)); });
}
