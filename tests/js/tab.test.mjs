// tab.js: a tab knows it is itself; a copy of it (the browser's Duplicate tab, window.open),
// whose sessionStorage is a copy of the tab's, takes a name of its own (issue 47).
import assert from "node:assert/strict";
import test from "node:test";

import { TAB, isTabName } from "../../book/_static_play/stored.js";
import { OPEN, claimTab, holdTab, linkOpened, newTabName, releaseTab, renameTab, watchForTwins } from "../../book/_static_play/tab.js";

// A sessionStorage: copy() is what a browser does for a duplicated tab.
class Session {
  constructor(items) { this.items = new Map(Object.entries(items || {})); }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) { this.items.set(key, String(value)); }
  removeItem(key) { this.items.delete(key); }
  copy() { return new Session(Object.fromEntries(this.items)); }
}

let count = 0;
function names() { count += 1; return "tab" + String(count).padStart(6, "0"); }

test("a new tab's name is one the stored readers accept, and two are never the same", () => {
  const made = new Set();
  for (let i = 0; i < 200; i++) {
    const name = newTabName();
    assert.ok(isTabName(name), name);
    made.add(name);
  }
  assert.equal(made.size, 200);
  assert.ok(isTabName(newTabName(() => 0.5, () => 1)), "a short random part still makes a name");
});

test("a reload keeps the tab's name: the page gave it up as it left", () => {
  const session = new Session();
  const first = claimTab(session, names);
  assert.equal(first.copiedFrom, null);
  releaseTab(session, first.name); // pagehide
  const again = claimTab(session, names);
  assert.deepEqual(again, { name: first.name, copiedFrom: null });
  assert.equal(session.getItem(TAB), first.name);
});

test("a copy of an open tab takes a name of its own and says which tab it copies; the original keeps its name", () => {
  const original = new Session();
  const mine = claimTab(original, names);
  const copy = original.copy(); // Duplicate tab, or window.open(location.href), while the page is open
  const theirs = claimTab(copy, names);
  assert.notEqual(theirs.name, mine.name);
  assert.equal(theirs.copiedFrom, mine.name);
  assert.equal(copy.getItem(TAB), theirs.name);
  releaseTab(copy, theirs.name); // the copy reloads: still itself
  assert.deepEqual(claimTab(copy, names), { name: theirs.name, copiedFrom: null });
  releaseTab(original, mine.name); // the original reloads: still itself
  assert.deepEqual(claimTab(original, names), { name: mine.name, copiedFrom: null });
});

test("a page shown again from the back-forward cache takes its name again", () => {
  const session = new Session();
  const mine = claimTab(session, names);
  releaseTab(session, mine.name);
  holdTab(session, mine.name);
  assert.equal(session.getItem(OPEN), mine.name);
  assert.equal(claimTab(session.copy(), names).copiedFrom, mine.name);
});

test("a name that is not one, or storage switched off, still gives the page a name", () => {
  assert.equal(claimTab(new Session({ [TAB]: "<b>" }), names).copiedFrom, null);
  const broken = { getItem() { throw new Error("off"); }, setItem() { throw new Error("off"); }, removeItem() { throw new Error("off"); } };
  const claimed = claimTab(broken, names);
  assert.ok(isTabName(claimed.name));
  releaseTab(broken, claimed.name);
  assert.ok(isTabName(claimTab(null, names).name));
});

// BroadcastChannels of one origin, in memory: a message reaches every other channel.
function channels() {
  const open = [];
  return function make() {
    const channel = {
      onmessage: null,
      postMessage(data) {
        open.filter((other) => other !== channel && other.onmessage).forEach((other) => other.onmessage({ data: structuredClone(data) }));
      },
    };
    open.push(channel);
    return channel;
  };
}

test("two pages of one name open at once: the one opened last takes a new name, the first keeps it", () => {
  const make = channels();
  const first = { name: "tab0000aa", id: "first" };
  const second = { name: "tab0000aa", id: "second" };
  const renamed = [];
  watchForTwins(make(), first, (old) => { renamed.push(["first", old]); return "tab0000bb"; });
  watchForTwins(make(), second, (old) => { renamed.push(["second", old]); return "tab0000cc"; });
  assert.deepEqual(renamed, [["second", "tab0000aa"]]);
  assert.equal(first.name, "tab0000aa");
  assert.equal(second.name, "tab0000cc");
  const third = { name: "tab0000dd", id: "third" }; // another tab: nobody answers
  watchForTwins(make(), third, () => { throw new Error("not a copy"); });
  assert.equal(third.name, "tab0000dd");
});

test("a page with no BroadcastChannel keeps its name", () => {
  const me = { name: "tab0000aa", id: "me" };
  watchForTwins(null, me, () => "other")();
  assert.equal(me.name, "tab0000aa");
});

test("renameTab takes the new name at once", () => {
  const session = new Session({ [TAB]: "tab0000aa", [OPEN]: "tab0000aa" });
  assert.equal(renameTab(session, () => "tab0000zz"), "tab0000zz");
  assert.equal(session.getItem(TAB), "tab0000zz");
  assert.equal(session.getItem(OPEN), "tab0000zz");
});

test("only a followed link or a typed address counts as opening a link, not a reload or the way back", () => {
  const opened = (type) => linkOpened({ getEntriesByType: () => [{ type }] });
  assert.equal(opened("navigate"), true);
  assert.equal(opened("reload"), false);
  assert.equal(opened("back_forward"), false);
  assert.equal(linkOpened({ getEntriesByType: () => [] }), true); // a browser that cannot say: ask, as before
});
