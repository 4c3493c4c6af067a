// ESLint (npm, package.json) for the site's own JavaScript: `make lint` runs it. The vendored
// scripts (node_modules, the theme's fontawesome.js) and the built site are not ours to check.
import js from "@eslint/js";
import globals from "globals";

// Rules beyond the recommended set that catch real mistakes in these scripts.
const rules = {
  eqeqeq: ["error", "always"],
  "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
  "no-implicit-globals": "error",
  "no-shadow": ["error", { builtinGlobals: false }],
  "no-use-before-define": ["error", { functions: false, classes: true, variables: true }],
  "no-var": "off", // the pages' scripts are ES5 style on purpose (var, function expressions)
  "prefer-const": "off",
  "no-throw-literal": "error",
  "no-promise-executor-return": "error",
  "no-self-compare": "error",
  "no-template-curly-in-string": "off", // the service worker's placeholders are quoted on purpose
  "no-unreachable-loop": "error",
  "require-atomic-updates": "off",
  strict: ["error", "function"],
};

export default [
  // locales/ holds only what Sphinx generates there (sphinx.js, git-ignored).
  { ignores: ["node_modules/", "_build/", "_widget_js/", ".venv/", "locales/", "book/_site_static/scripts/fontawesome.js"] },
  js.configs.recommended,
  { rules },
  // The pages' plain scripts: each its own closure, publishing at most one global on window.
  {
    files: ["book/_static_play/engine.js", "book/_static_play/from-file.js", "book/_static_lite/reset.js",
      "book/_site_static/widget-names.js", "book/_site_static/offline.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser } },
  },
  // The pages' ES modules.
  {
    files: ["book/_static_play/play.js", "book/_static_play/liveboard.js", "book/_static_play/board-view.js",
      "book/_static_play/words.js", "book/_static_play/stored.js", "book/_static_play/review-panel.js",
      "book/_static_play/puzzle-finder.js", "book/_static_play/class-rules.js", "book/_static_play/my-exercises.js",
      "book/_static_play/from-my-games.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.browser } },
    rules: { strict: "off" }, // modules are strict already
  },
  // The engine's module worker, and the service worker (a plain script at the edition's root).
  {
    files: ["book/_static_play/engine-worker.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.worker } },
    rules: { strict: "off" },
  },
  {
    files: ["book/_static_play/service-worker.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
    // A worker's global scope is its own (no page shares it), and the Node tests reach its helpers there.
    rules: { strict: "off", "no-implicit-globals": "off" },
  },
  // The Node tests, the build's Node script (tools/build/precache.mjs), the benchmarks' (Pyodide under Node) and this file.
  {
    files: ["tests/js/**/*.mjs", "tools/build/*.mjs", "benchmarks/*.mjs", "eslint.config.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
    rules: { strict: "off" },
  },
];
