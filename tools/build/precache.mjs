// An edition's precache list, by Workbox (npm workbox-build, package.json): the files its service
// worker keeps for offline visits. tools/build/play.py runs this twice for each edition:
//
//   node tools/build/precache.mjs SITE --ignore GLOB...            the files, as a JSON list of paths
//   node tools/build/precache.mjs SITE --ignore GLOB... --inject SRC DEST
//                                                            the worker SRC with its list, into DEST
//
// The list is every file under SITE (`**/*`) less the ignored globs; dotfiles (Sphinx's .buildinfo
// and .doctrees/) never match. With --inject, Workbox's injectManifest writes it where SRC says
// `self.__WB_MANIFEST`, each entry as {url, integrity}: the worker fetches each file with its
// SHA-256 as the request's `integrity`, so the browser itself rejects a file of another build.
// (Workbox's own revisions are MD5 digests, which no fetch can check: they are left out.)
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
// Workbox's two functions from their own modules: its package's index also loads generateSW's
// bundler (Rollup, Babel), which this script never uses and which took half its time to load
// (issue 45: about 1.0 CPU-second a run against 0.5; the build and tests/test_updates.py run it
// many times).
import { getManifest } from "workbox-build/build/get-manifest.js";
import { injectManifest } from "workbox-build/build/inject-manifest.js";

// Every file of the edition, whatever its size: Pyodide's WebAssembly alone is over 8 MB, and
// Workbox leaves out (with a warning) any file above its default of 2 MB.
const ANY_SIZE = 2 ** 31;

function byURL(a, b) {
  return a.url < b.url ? -1 : a.url > b.url ? 1 : 0;
}

// Workbox's entries as the worker checks them: sorted (the same build, the same worker), each
// with the SHA-256 of its file in the form of a fetch's `integrity`.
function withIntegrity(site) {
  return async function (entries) {
    const manifest = entries.sort(byURL).map(function (entry) {
      const digest = createHash("sha256").update(readFileSync(path.join(site, entry.url))).digest("base64");
      return { url: entry.url, integrity: "sha256-" + digest };
    });
    return { manifest, warnings: [] };
  };
}

// Workbox's warnings (a file left out for its size, a glob that matched nothing) fail the build:
// a worker that keeps part of its edition would fail offline later, far from the cause.
function failOnWarnings(warnings) {
  if (warnings.length > 0) {
    console.error("precache: " + warnings.join("\n"));
    process.exit(1);
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { ignore: { type: "string", multiple: true, default: [] }, inject: { type: "boolean", default: false } },
  });
  const [site, source, destination] = positionals;
  if (!site || positionals.length !== (values.inject ? 3 : 1)) {
    console.error("usage: node tools/build/precache.mjs SITE [--ignore GLOB]... [--inject SRC DEST]; got " + JSON.stringify(positionals));
    process.exit(2);
  }
  const options = {
    globDirectory: site,
    globPatterns: ["**/*"],
    globIgnores: values.ignore,
    maximumFileSizeToCacheInBytes: ANY_SIZE,
  };
  if (values.inject) {
    const result = await injectManifest({ ...options, swSrc: source, swDest: destination, manifestTransforms: [withIntegrity(site)] });
    failOnWarnings(result.warnings);
    console.log(JSON.stringify({ count: result.count, size: result.size }));
  } else {
    const result = await getManifest(options);
    failOnWarnings(result.warnings);
    console.log(JSON.stringify(result.manifestEntries.sort(byURL).map((entry) => entry.url)));
  }
}

await main();
