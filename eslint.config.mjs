// ESLint (npm, package.json) for the site's own JavaScript: `make lint` runs it. The vendored
// scripts (node_modules, the theme's fontawesome.js) and the built site are not ours to check.
import js from "@eslint/js";
import globals from "globals";

// Rules beyond the recommended set that catch real mistakes in these scripts.
const rules = {
  eqeqeq: ["error", "always"],
  "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
  "no-shadow": ["error", { builtinGlobals: false }],
  "no-use-before-define": ["error", { functions: false, classes: true, variables: true }],
  "no-var": "error",
  "prefer-const": "error",
  "no-throw-literal": "error",
  "no-promise-executor-return": "error",
  "no-self-compare": "error",
  "no-template-curly-in-string": "off", // the service worker's placeholders are quoted on purpose
  "no-unreachable-loop": "error",
  "require-atomic-updates": "off",
};

export default [
  // locales/ holds only what Sphinx generates there (sphinx.js, git-ignored).
  { ignores: ["node_modules/", "_build/", "_widget_js/", ".venv/", "locales/", "book/_site_static/scripts/fontawesome.js"] },
  js.configs.recommended,
  { rules },
  // Every script of ours is an ES module: the pages' (loaded with <script type="module">), the
  // engine's worker (a module worker), the Node tests, the build's and the benchmarks' Node
  // scripts (tools/build/*.mjs, benchmarks/*.mjs) and this file.
  { languageOptions: { sourceType: "module" } },
  {
    files: ["book/**/*.js"],
    ignores: ["book/_static_play/engine-worker.js", "book/_static_play/service-worker.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ["book/_static_play/engine-worker.js"], languageOptions: { globals: { ...globals.worker } } },
  { files: ["tests/js/**/*.mjs", "tools/build/*.mjs", "benchmarks/*.mjs", "eslint.config.mjs"], languageOptions: { globals: { ...globals.node } } },
  // Two plain scripts, each for a reader a module cannot serve:
  // - from-file.js says why nothing runs on a page opened from a file (file://), where the
  //   browser loads no module at all (a module needs CORS, which a file has not);
  // - the service worker (service-worker.js, the template of each edition's sw.js) is registered
  //   as a classic worker: a module one (register(url, {type: "module"})) is refused or fails to
  //   parse in Firefox before 147 (January 2026), so in Firefox ESR 140, which managed school
  //   machines run, and Chromium before 91, and those readers would get no offline copy at all;
  //   it imports nothing, so a module would bring nothing. Its global scope is its own (no page
  //   shares it), and the Node tests reach its helpers there.
  {
    files: ["book/_static_play/from-file.js"],
    languageOptions: { sourceType: "script" },
    rules: { "no-implicit-globals": "error", strict: ["error", "function"] },
  },
  {
    files: ["book/_static_play/service-worker.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
];
