// The browser's storage as the pages use it: localStorage, or this tab's sessionStorage (kind
// "session"), as text. Storage switched off, full or refused answers as if nothing were kept:
// nothing here throws. What is read back is checked by stored.js's strict readers.
import { ASIDE_PREFIX, MAX_STORED } from "./stored.js";

export function storage(kind) {
  try { return kind === "session" ? window.sessionStorage : window.localStorage; } catch (error) { return null; }
}
export function readText(key, kind) {
  try {
    const text = storage(kind).getItem(key);
    return typeof text === "string" ? text : null;
  } catch (error) {
    return null; // storage switched off
  }
}
// Storage full or switched off: the game goes on, it is just not kept.
export function writeText(key, text, kind) { try { storage(kind).setItem(key, text); } catch (error) { /* not kept */ } }
export function forget(key, kind) { try { storage(kind).removeItem(key); } catch (error) { /* nothing kept */ } }
export function keysStartingWith(prefix) {
  const found = [];
  try {
    const box = storage();
    for (let i = 0; i < box.length; i++) {
      const key = box.key(i);
      if (typeof key === "string" && key.indexOf(prefix) === 0) found.push(key);
    }
  } catch (error) { /* none */ }
  return found;
}

// The value kept under ``key``, read strictly by ``readBack`` (stored.js, which says what it
// leaves out) and ``check`` (one of its readers): undefined if nothing is kept; null if it could
// not be read, and then it is set aside under a name no page reads (ASIDE_PREFIX + its key; one
// too long to keep is forgotten), so that the next visit starts afresh and nothing overwrites it unread.
export function readKept(key, readBack, what, check) {
  const text = readText(key);
  if (text === null) return undefined;
  const value = readBack.parse(text, what);
  const kept = value === null ? null : check(value, what);
  if (kept !== null) return kept;
  if (text.length <= MAX_STORED) writeText(ASIDE_PREFIX + key, text);
  forget(key);
  return null;
}
