// Drawing a board answer of the engine and wiring its squares: the part of a page's view that
// every board shares (play.js on the Play and Puzzles pages, liveboard.js on the chapters' live
// boards), which import this ES module:
//
//   draw(container, answer)   // the answer's SVG, its clickable squares marked
//   mark(container, squares)  // mark which squares take clicks
//   animate(container, caption, frames, {delay, skipped})  // a Promise
//   onSquare(container, fn)   // fn(square) on a click, Enter or Space
//
// No rules here: the SVG is drawn by oanquan/svg.py from numbers only (so it may be inserted
// as it is), and which squares can be clicked is the answer's "squares".

export function sleep(ms) { return new Promise(function (done) { setTimeout(done, ms); }); }

// The squares a move may start from take clicks (and the keyboard); the others do not.
export function mark(container, squares) {
  container.querySelectorAll("[data-square]").forEach(function (el) {
    var square = Number(el.getAttribute("data-square"));
    var can = squares.indexOf(square) >= 0;
    el.classList.toggle("oaq-can", can);
    if (can) {
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button"); // its name, what the square holds, is the engine's (aria-label)
    } else {
      el.removeAttribute("tabindex");
      el.removeAttribute("role");
    }
  });
}

export function draw(container, answer) {
  container.innerHTML = answer.svg; // drawn by oanquan/svg.py from numbers only
  mark(container, answer.squares || []);
}

// Show each frame's picture and caption in turn; options.delay(frame) gives its time in ms,
// options.skipped() ends the animation early (the last caption stays).
export async function animate(container, caption, frames, options) {
  options = options || {};
  var delay = options.delay || function () { return 350; };
  var skipped = options.skipped || function () { return false; };
  for (var i = 0; i < frames.length && !skipped(); i++) {
    container.innerHTML = frames[i].svg; // drawn by oanquan/svg.py from numbers only
    if (caption) caption.textContent = frames[i].caption;
    var wait = delay(frames[i], frames.length);
    await sleep(wait > 0 ? wait : 0); // even with no animation, let the page breathe
  }
  if (frames.length && caption) caption.textContent = frames[frames.length - 1].caption;
}

export function squareOf(event) {
  var target = event.target.closest ? event.target.closest("[data-square]") : null;
  return target ? Number(target.getAttribute("data-square")) : null;
}

export function onSquare(container, fn) {
  container.addEventListener("click", function (event) {
    var s = squareOf(event);
    if (s !== null) fn(s);
  });
  container.addEventListener("keydown", function (event) {
    var s = squareOf(event);
    if (s !== null && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      fn(s);
    }
  });
}
