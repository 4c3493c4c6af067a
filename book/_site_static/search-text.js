/* The search page's summaries without the chapters' code (issue 46). Sphinx's searchtools.js
   shows, under each page found, a piece of that page's text: the text of its code cells too,
   so a reader searching "tha ca" read "import html from IPython.display import Markdown…" and
   the "Show code" toggles' words. Its Search.htmlToText is given the page without the cells'
   code and toggles, then does what it did. Added to the search page by tools/sphinx/site_i18n.py. */
/* global Search */ // Sphinx's, from searchtools.js, which runs before this module
if (typeof Search !== "undefined" && typeof Search.htmlToText === "function") {
  const pageText = Search.htmlToText;
  Search.htmlToText = function (htmlString, anchor) {
    const page = new DOMParser().parseFromString(htmlString, "text/html");
    page.querySelectorAll(".cell_input, details.hide > summary").forEach(function (el) { el.remove(); });
    return pageText(page.documentElement.outerHTML, anchor);
  };
}
