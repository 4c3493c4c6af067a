// The Play page's games kept in this browser (issues 24 and 47). Each tab keeps its own game
// (oanquan.play.v2.<tab>, the tab's name in sessionStorage, which a reload keeps), so two tabs
// never overwrite each other; a copy of a tab (the browser's Duplicate tab, window.open) takes a
// name of its own, at once or as soon as the tab it copies answers (tab.js), and goes on from
// that tab's game; a new tab opened with no game in its address continues the game saved last.
// At most KEPT_GAMES games are kept. What is read back goes through stored.js's strict readers
// (``readBack``): a game that cannot be read is said once and forgotten, never thrown.
import { forget, keysStartingWith, readText, storage, writeText } from "./browser-storage.js";
import { FRESH, GAME_PREFIX, KEPT_GAMES, OLD_GAME, keptObject, keptTime } from "./stored.js";
import * as Tabs from "./tab.js";

// This tab's kept games; ``renamed()`` is called when the tab turns out to be a copy and takes a
// new name (the page keeps its game under it at once).
export function keptGames(readBack, t, edition, renamed) {
  const session = storage("session");
  const me = Tabs.claimTab(session, Tabs.newTabName);
  const games = { tab: me.name };
  window.addEventListener("pagehide", function () { Tabs.releaseTab(session, games.tab); });
  window.addEventListener("pageshow", function (event) { if (event.persisted) Tabs.holdTab(session, games.tab); });
  let channel;
  try { channel = new BroadcastChannel(Tabs.CHANNEL); } catch (error) { channel = null; }
  Tabs.watchForTwins(channel, { name: me.name, id: Tabs.newTabName() }, function () {
    games.tab = Tabs.renameTab(session, Tabs.newTabName);
    renamed();
    return games.tab;
  });
  const mine = () => GAME_PREFIX + games.tab;
  games.isNewTab = readText(mine()) === null;

  // The kept game under ``key`` (null if none); one that cannot be read is said once and forgotten.
  function readGame(key, what) {
    const text = readText(key);
    const game = readBack.game(readBack.parse(text, what), what);
    if (text !== null && !game) forget(key);
    return game;
  }

  // The game this tab starts from: its own; in a copy of a tab, the game of the tab it copies; in
  // a new tab, the game saved last by any tab (or the one game kept before issue 24, moved to
  // this tab's key).
  games.kept = function () {
    const own = readGame(mine(), t("this tab's game"));
    if (own || !games.isNewTab) return own;
    if (readText(FRESH, "session") !== null) { forget(FRESH, "session"); return null; }
    const copied = me.copiedFrom ? readGame(GAME_PREFIX + me.copiedFrom, t("another tab's game")) : null;
    if (copied) return copied;
    let latest = null;
    keysStartingWith(GAME_PREFIX).forEach(function (key) {
      const game = readGame(key, t("another tab's game"));
      if (game && (!latest || game.time > latest.time)) latest = game;
    });
    const moved = readGame(OLD_GAME, t("the game kept before"));
    forget(OLD_GAME);
    return latest || moved;
  };

  // A game as this page keeps it (stored.js reads it back): ``shown`` is the engine's answer
  // that shows it, ``saved`` the engine's save of it.
  games.record = function (shown, saved, form) {
    return {
      v: 2, time: Date.now(), saved, link: shown.link, scene: shown.scene, squares: shown.squares, names: shown.names,
      scores: shown.scores, turn: shown.turn, moves: shown.moves.length, over: shown.over, form, lang: edition,
    };
  };

  // A kept game this tab's key is about to stop holding (a link's game opened over it): kept
  // under a name of its own, as a closed tab's game is, and a new tab with no address finds it.
  games.setAside = function (game) {
    writeText(GAME_PREFIX + Tabs.newTabName(), JSON.stringify(Object.assign({ v: 2 }, game)));
  };

  games.save = function (record) {
    writeText(mine(), JSON.stringify(record));
    // the oldest games beyond KEPT_GAMES go (closed tabs'), never this tab's
    keysStartingWith(GAME_PREFIX).filter((key) => key !== mine()).map((key) => ({ key, time: keptTime(readText(key)) }))
      .sort((a, b) => b.time - a.time).slice(KEPT_GAMES - 1).forEach((game) => forget(game.key));
  };

  // The key of the kept game with this link (not this tab's), or a new one: a link kept twice is kept once.
  games.keyOfLink = function (link) {
    const same = keysStartingWith(GAME_PREFIX).find(function (key) {
      const kept = key === mine() ? null : keptObject(readText(key));
      return kept !== null && kept.link === link;
    });
    return same || GAME_PREFIX + Tabs.newTabName();
  };
  // A game kept beside this tab's (the link's game, issue 47): under its link's key.
  games.keepBeside = function (record) { writeText(games.keyOfLink(record.link), JSON.stringify(record)); };

  // "Reset this page's saved data": this tab's game and the game kept before go, and the next
  // load starts afresh, not from another tab's game.
  games.reset = function () {
    forget(mine());
    forget(OLD_GAME);
    writeText(FRESH, "1", "session");
  };
  return games;
}
