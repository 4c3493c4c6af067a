// "Start a chapter again" (reset.html?path=NAME.ipynb): remove the reader's saved copy of one
// chapter of the live notebooks, so that the original the site ships shows again.
//
// JupyterLite keeps the files a reader saves in the browser's IndexedDB, in the database
// "JupyterLite Storage - <path of the live notebooks' folder>", store "files", keyed by file
// name; "checkpoints" holds the copies made at each save. The original is never stored there:
// it is served by the site, and shows again once the reader's copy is gone.
const chapters = JSON.parse(document.getElementById("chapters").textContent);
const path = new URLSearchParams(location.search).get("path") || "";
const database = "JupyterLite Storage - " + new URL("./", location.href).pathname;
const stores = ["files", "checkpoints"];

function show(part) {
  for (const section of document.querySelectorAll("[data-part]")) {
    section.hidden = section.dataset.part !== part;
  }
}

function fill(name, text) {
  for (const element of document.querySelectorAll(`[data-name=${name}]`)) element.textContent = text;
}

// Something went wrong: said, with the browser's reason.
function failed(error) {
  fill("reason", String(error && error.message ? error.message : error));
  show("failed");
}

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

// The database only if JupyterLite made it: opening a missing one would create an empty one.
async function openStorage() {
  if (indexedDB.databases) {
    const known = await indexedDB.databases();
    if (!known.some((db) => db.name === database)) return null;
  }
  return request(indexedDB.open(database));
}

async function savedCopy(db) {
  if (!db || !db.objectStoreNames.contains("files")) return false;
  const key = await request(db.transaction("files").objectStore("files").getKey(path));
  return key !== undefined;
}

async function removeCopy(db) {
  const present = stores.filter((name) => db.objectStoreNames.contains(name));
  const transaction = db.transaction(present, "readwrite");
  for (const name of present) transaction.objectStore(name).delete(path);
  await new Promise((resolve, reject) => {
    transaction.oncomplete = resolve;
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error || new Error("cancelled"));
  });
}

async function main() {
  if (!Object.prototype.hasOwnProperty.call(chapters, path)) {
    fill("asked", path || "(none)");
    const list = document.querySelector("[data-name=list]");
    for (const [name, title] of Object.entries(chapters)) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = "?path=" + encodeURIComponent(name);
      link.textContent = title;
      item.append(link);
      list.append(item);
    }
    show("unknown");
    return;
  }
  const notebook = "notebooks/index.html?path=" + encodeURIComponent(path);
  fill("title", chapters[path]);
  for (const link of document.querySelectorAll("[data-name=open], [data-name=keep]")) link.href = notebook;
  const db = await openStorage();
  if (!(await savedCopy(db))) {
    if (db) db.close();
    show("unchanged");
    return;
  }
  show("ask");
  const button = document.querySelector("[data-name=reset]");
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await removeCopy(db);
      db.close();
      show("done");
      location.assign(notebook);
    } catch (error) {
      failed(error);
    }
  });
}

main().catch(failed);

