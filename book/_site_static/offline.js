/* Every page of an edition registers the edition's service worker (sw.js at the edition's root,
   written by tools/build/play.py after the book is built), so that after one visit to any page
   the whole edition (every page, the printables, the engine) opens with no network (issues 23
   and 24); once it is active, the other edition's worker too, so that one visit keeps both
   (issue 45: the two share one copy of the runtime). The live notebooks are kept when one is
   opened, or all at once by the teacher's guide's control ("Keep the live notebooks on this
   device", a button this script wakes). Added to every page by tools/sphinx/offline.py. The page says which build it is (its
   <meta name="oanquan-build">), so that everything it loads later comes from that same build.
   A page the worker finds on an older build is told ("oanquan-new-version"): the Play and
   Puzzles pages offer to reload (play.js); other pages are simply whole, as they were built. */
const here = import.meta.url; // this module is <edition>/_static/offline.js
const worker = new URL("../sw.js", here);
const lite = new URL("../lite/", here).href; // the edition's live notebooks
// The other edition's root: the language switch's language, at the site's root (English) or
// in the folder named after it.
const switchLink = document.querySelector("a.oq-language[hreflang]");
const otherLang = switchLink ? switchLink.getAttribute("hreflang") : "";
const mine = (document.documentElement.lang || "en").slice(0, 2);
const otherRoot = !/^[a-z]{2}$/.test(otherLang) || otherLang === mine ? null
  : otherLang === "en" ? new URL("../../", here) : new URL("../" + otherLang + "/", here);
const meta = document.querySelector("meta[name=oanquan-build]");
const build = meta ? meta.getAttribute("content") : "";
// A browser that opened the live notebooks of an earlier build has JupyterLite's own worker
// registered for lite/; it would answer there from the network only, so it goes.
function forgetLiteWorker() {
  if (!navigator.serviceWorker.getRegistrations) return;
  navigator.serviceWorker.getRegistrations().then(function (registrations) {
    registrations.forEach(function (registration) {
      if (registration.scope === lite) registration.unregister();
    });
  }).catch(function () {});
}
// The worker could not keep this edition (its install failed: a file of another build, from a
// deploy not finished, or the network gone): the reader is told, once. The Play and Puzzles
// pages say it among their notices (play.js, in the page's words: it takes the event);
// elsewhere a line at the top of the page does. The next visit tries again (register()).
const SAID = {
  en: "This site could not be kept in your browser for use with no internet; it tries again on your next visit.",
  vi: "Không lưu được trang web này vào trình duyệt để dùng khi không có mạng; lần ghé thăm sau sẽ thử lại.",
};
let told = false;
function installFailed(event) {
  const data = event.data || {};
  if (data.type !== "oanquan-offline-failed" || told) return;
  told = true;
  const taken = !document.dispatchEvent(new CustomEvent("oanquan-offline-failed", { cancelable: true, detail: { offline: data.offline === true } }));
  if (taken) return;
  sayOnPage(SAID[(document.documentElement.lang || "en").slice(0, 2)] || SAID.en);
}
// A line at the top of the page's text, which the reader sees without a scroll.
function sayOnPage(text) {
  const line = document.createElement("p");
  line.className = "oaq-offline-failed";
  line.setAttribute("role", "status");
  line.textContent = text;
  const top = document.querySelector("main article") || document.querySelector("main") || document.body;
  top.insertBefore(line, top.firstChild);
  return line;
}
function register() {
  navigator.serviceWorker.addEventListener("message", installFailed);
  if (navigator.serviceWorker.startMessages) navigator.serviceWorker.startMessages();
  forgetLiteWorker();
  navigator.serviceWorker.register(worker.href).then(function (registration) {
    // once this edition is kept, the other one's worker keeps that one (its pages: the runtime
    // is the same files, which the two workers keep once)
    navigator.serviceWorker.ready.then(function () {
      if (otherRoot) navigator.serviceWorker.register(new URL("sw.js", otherRoot).href, { scope: otherRoot.href }).catch(function () {});
    });
    if (!build) return;
    [registration.installing, registration.waiting, registration.active].forEach(function (sw) {
      if (sw) sw.postMessage({ type: "oanquan-pin", build: build });
    });
  }).catch(function () {
    // no service worker (a private window, a browser setting): the page still works online
  });
}
// The teacher's guide's "Keep the live notebooks on this device": the active worker keeps them
// all and says when it is done (or could not: the network went).
const KEEP = {
  en: { busy: "Keeping the live notebooks…", done: "The live notebooks are kept on this device.", failed: "The live notebooks could not all be kept; try again with internet." },
  vi: { busy: "Đang lưu các sổ tay tương tác…", done: "Các sổ tay tương tác đã được lưu trên thiết bị này.", failed: "Chưa lưu được hết các sổ tay tương tác; hãy thử lại khi có mạng." },
};
function keepLiveNotebooks() {
  const button = document.querySelector("button.oaq-keep-lite");
  if (!button) return;
  const words = KEEP[mine] || KEEP.en;
  const status = document.createElement("span");
  status.className = "oaq-keep-lite-status";
  status.setAttribute("role", "status");
  button.parentNode.insertBefore(status, button.nextSibling);
  navigator.serviceWorker.addEventListener("message", function (event) {
    const data = event.data || {};
    if (data.type !== "oanquan-later-kept") return;
    status.textContent = " " + (data.kept ? words.done : words.failed);
    button.disabled = false;
  });
  button.addEventListener("click", function () {
    button.disabled = true;
    status.textContent = " " + words.busy;
    navigator.serviceWorker.ready.then(function (ready) {
      ready.active.postMessage({ type: "oanquan-keep-later" });
    });
  });
  button.disabled = false;
}
// The language switch with no network, while no worker answers for the other edition yet. The
// English worker answers for the Vietnamese folder too (with that edition's notice,
// service-worker.js), but the Vietnamese one answers only under vi/, and the English worker starts
// keeping its edition only once the Vietnamese is kept. Offline meanwhile, the browser would show
// its own error page: the reader is told here instead, in this page's words (the worker's notice's,
// data-missing on the link). With a network, or once a worker answers there, the link is a link.
function guardLanguageSwitch() {
  if (!switchLink || !otherRoot || !switchLink.dataset.missing) return;
  let said = null;
  switchLink.addEventListener("click", function (event) {
    if (navigator.onLine !== false || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const href = switchLink.href;
    navigator.serviceWorker.getRegistration(otherRoot.href).then(function (registration) {
      if (registration && registration.active) {
        location.href = href; // its worker answers there, offline too
        return;
      }
      if (!said) said = sayOnPage(switchLink.dataset.missing);
      said.scrollIntoView({ block: "nearest" });
    }).catch(function () { location.href = href; });
  });
}
// The worker downloads the whole edition: on a page with a game (the Play and Puzzles pages,
// a chapter's live boards) only once the engine is ready (play.js, liveboard.js say so), so that
// the reader's first move never waits behind it; elsewhere once the page has loaded.
if ("serviceWorker" in navigator && window.isSecureContext && location.protocol !== "file:") {
  keepLiveNotebooks();
  guardLanguageSwitch();
  if (document.querySelector("#oaq, .oaq-liveboard")) document.addEventListener("oanquan-ready", register, { once: true });
  else if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

