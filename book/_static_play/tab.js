// Which tab this page is (issue 47): an ES module, imported by play.js, tested under Node
// (tests/js/tab.test.mjs).
//
// Each tab keeps its game under its own name (stored.js: TAB, in sessionStorage, which a reload
// keeps). A browser copies a tab's sessionStorage into its copy (the browser's "Duplicate tab",
// and window.open(location.href)), so the name alone cannot tell the copy from the tab it was
// copied from: both would write the same game. So a page also marks the name as taken while it
// is open (OPEN, in the same sessionStorage, removed on pagehide, set again on pageshow). A page
// that finds its name taken as it loads is a copy, made while the other page was open: it takes
// a new name and remembers which one it was copied from (copiedFrom), to start from that game.
// A copy the mark cannot tell (made while the other page was between a pagehide and its next
// load, or a browser that copies the storage late) is found a moment later: pages of one name
// say so to each other on a BroadcastChannel, and the page that opened last takes a new name.

import { TAB, isTabName } from "./stored.js";

export const OPEN = "oanquan.tab.open"; // the name of the page open in this tab now (sessionStorage)
export const CHANNEL = "oanquan.tabs"; // where pages of one origin say which tab they are

// A new tab's name: random, with the time so that two made at once differ (stored.js: isTabName).
export function newTabName(random, now) {
  const part = ((random || Math.random)().toString(36).slice(2) + "0000000000").slice(0, 10);
  return (part + (now || Date.now)().toString(36)).replace(/[^a-z0-9]/g, "").slice(0, 32);
}

function read(session, key) {
  try { return session ? session.getItem(key) : null; } catch (error) { return null; }
}
function write(session, key, value) {
  try { if (session) session.setItem(key, value); } catch (error) { /* storage off: a name for this page only */ }
}

// This page's tab: {name, copiedFrom}. ``session`` is the tab's sessionStorage (null if switched
// off), ``makeName`` makes a new name.
export function claimTab(session, makeName) {
  let name = read(session, TAB);
  let copiedFrom = null;
  if (!isTabName(name)) name = makeName();
  else if (read(session, OPEN) === name) {
    copiedFrom = name; // another page of this name is open (or was, when this tab was copied from it)
    name = makeName();
  }
  return { name: take(session, name), copiedFrom: copiedFrom };
}

// ``name`` taken as this page's tab's, and marked as open.
function take(session, name) {
  write(session, TAB, name);
  write(session, OPEN, name);
  return name;
}

// The page is leaving (pagehide): its name is free for its next load (a reload, the way back).
export function releaseTab(session, name) {
  if (read(session, OPEN) !== name) return;
  try { session.removeItem(OPEN); } catch (error) { /* nothing kept */ }
}

// The page is shown again from the back-forward cache (pageshow): its name is taken again.
export function holdTab(session, name) { write(session, OPEN, name); }

// Pages of one name that are open at once: the one opened last takes a new name (rename(name)).
// ``channel`` is a BroadcastChannel (or null where there is none); ``me`` is {name, id}, this
// page's tab and an id of this page's own. Returns a function that gives this page's tab up
// (it has taken a new name by itself: none will be asked for again).
export function watchForTwins(channel, me, rename) {
  if (!channel) return function () {};
  channel.onmessage = function (event) {
    const data = event.data || {};
    if (data.name !== me.name || data.id === me.id || typeof data.id !== "string") return;
    if (data.type === "hello") channel.postMessage({ type: "here", name: me.name, id: me.id });
    else if (data.type === "here") {
      const old = me.name;
      me.name = rename(old); // this page opened last: the other one keeps the name
      channel.postMessage({ type: "hello", name: me.name, id: me.id });
    }
  };
  channel.postMessage({ type: "hello", name: me.name, id: me.id });
  return function () { channel.onmessage = null; };
}

// A new name for this page's tab (a copy found by watchForTwins): taken at once.
export function renameTab(session, makeName) { return take(session, makeName()); }

// How this page was opened: a link followed or an address typed ("navigate"), or the same page
// again ("reload", "back_forward"). Only the first opens a game of another address on purpose.
export function linkOpened(perf) {
  let entry;
  try { entry = perf && perf.getEntriesByType ? perf.getEntriesByType("navigation")[0] : null; } catch (error) { entry = null; }
  return !entry || entry.type === "navigate";
}
