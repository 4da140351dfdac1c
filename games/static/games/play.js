/* The game page and the replay viewer: board clicks, error messages, replay keys.
 *
 * - A board target ([data-move-index] outside the move form) submits the move button with
 *   the same index, on click or on Enter/Space.
 * - Errors of the play endpoints (4xx with HX-Retarget) are swapped into the live region
 *   instead of being dropped, so the player reads why nothing changed.
 * - In the replay, ← → Home End step through the positions (unless typing in a field).
 * - On the game page, n opens the next game where it is the reader's turn (#next-game), and
 *   ? opens or closes the keyboard help (#keyboard-help).
 * - In the list of moves, the arrow keys, Home and End move the focus between the move
 *   buttons (one Tab stop per button stays as it was: the arrows only save key presses).
 * - After a swap, focus returns to the element with the same id, so keyboard users keep
 *   their place; after their own move, to the next choice (the moves' heading) or, when the
 *   turn has passed, to the live region that says what happened; when none of them can
 *   take it yet, as soon as one can (for a few seconds, unless the reader acts first).
 * - The board can be zoomed (buttons, or two fingers on a touch screen) and panned in its
 *   frame, or shown one area at a time; on a narrow screen it starts at the zoom where its
 *   smallest text is 11 CSS px (with the larger-text setting, on every screen, 11 px times
 *   the text's scale). What the player chose survives the panel's redraws.
 */
(function () {
  "use strict";

  function moveButton(index) {
    return document.querySelector('#move-form button[data-move-index="' + index + '"]');
  }

  function submitTarget(target) {
    var button = moveButton(target.getAttribute("data-move-index"));
    if (button && !button.disabled) {
      button.click();
    }
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest("[data-move-index]");
    if (!target || target.closest("#move-form")) {
      return;
    }
    event.preventDefault();
    submitTarget(target);
  });

  document.addEventListener("keydown", function (event) {
    var target = event.target.closest && event.target.closest("[data-move-index]");
    if (target && !target.closest("#move-form") && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      submitTarget(target);
      return;
    }
    replayKey(event);
    nextGameKey(event);
    helpKey(event);
    moveListKey(event);
  });

  function helpKey(event) {
    if (event.defaultPrevented || event.key !== "?" || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    var help = document.getElementById("keyboard-help");
    if (!help || typing(event.target)) {
      return;
    }
    event.preventDefault();
    help.open = !help.open;
    help.querySelector("summary").focus();
  }

  var MOVE_KEYS = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1, Home: "first", End: "last" };
  function moveListKey(event) {
    var step = MOVE_KEYS[event.key];
    var current = event.target.closest && event.target.closest("#move-form .move-button");
    if (event.defaultPrevented || step === undefined || !current || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    var buttons = Array.prototype.slice.call(document.querySelectorAll("#move-form .move-button:not([disabled])"));
    var at = buttons.indexOf(current);
    var next = step === "first" ? 0 : step === "last" ? buttons.length - 1 : at + step;
    if (next >= 0 && next < buttons.length) {
      event.preventDefault();
      buttons[next].focus();
    }
  }

  function nextGameKey(event) {
    if (event.defaultPrevented || event.key !== "n" || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    var link = document.getElementById("next-game");
    if (!link || typing(event.target)) {
      return;
    }
    event.preventDefault();
    link.click();
  }

  function typing(element) {
    if (!element) {
      return false;
    }
    var tag = element.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || element.isContentEditable;
  }

  function replayKey(event) {
    if (!document.getElementById("replay-frame") || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    if (typing(event.target)) {
      return;
    }
    var link = document.querySelector('#replay-frame [data-replay-key="' + event.key + '"]');
    if (!link || link.getAttribute("aria-disabled") === "true") {
      return;
    }
    event.preventDefault();
    link.click();
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (xhr.status >= 400 && xhr.status < 500 && xhr.getResponseHeader("HX-Retarget")) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  // Where the focus goes when a swap takes away the element that had it (the focus then
  // falls to the body): the element with the same id again, or else the moves' heading
  // (never a move button: a second Enter there would play another move); when the turn has
  // passed, the live region that says what happened. Removals are watched as they happen
  // (a MutationObserver) rather than through htmx's swap events: an answer swapped while
  // another one had just replaced its target, or a live update answering the same move,
  // fires its events on elements no longer in the page, and the focus was then lost.
  // An element that cannot take the focus when the removal is seen (not in the page yet,
  // or not shown: the live region is hidden while it says nothing) is not a place to give
  // it: the page tries again as its content arrives, for RESTORE_MS at most and only while
  // the focus is still nowhere and the reader did nothing. Only an element taken away is
  // replaced: a reader who moved the focus to nothing themselves (a click on the page's
  // background) keeps it there.
  var RESTORE_MS = 3000;
  var lastFocused = null;
  var restoreUntil = 0; // while the focus, lost to a swap, waits for a place to go
  var retrying = 0;
  function shown(element) {
    return element.isConnected && element.getClientRects().length > 0;
  }
  function focusNowhere() {
    return !document.activeElement || document.activeElement === document.body;
  }
  document.addEventListener("focusin", function (event) {
    lastFocused = event.target;
    restoreUntil = 0;
  });
  function letGo() {
    lastFocused = null;
    restoreUntil = 0;
  }
  document.addEventListener("pointerdown", function () {
    if (restoreUntil) {
      letGo();
    }
  }, true);
  document.addEventListener("focusout", function (event) {
    var left = event.target;
    if (event.relatedTarget) {
      return;
    }
    // Checked once the current task's changes are done: still shown in the page means the
    // reader let go of it; taken out of the page (or hidden) means a redraw did.
    window.setTimeout(function () {
      if (lastFocused === left && shown(left) && focusNowhere()) {
        letGo();
      }
    }, 0);
  });
  function placeFor(lost) {
    var candidates = [
      lost.id && document.getElementById(lost.id),
      document.getElementById("moves-heading"),
      document.getElementById("play-messages"),
    ];
    for (var i = 0; i < candidates.length; i++) {
      var candidate = candidates[i];
      if (candidate && candidate !== lost && shown(candidate)) {
        candidate.focus();
        if (document.activeElement === candidate) {
          return true;
        }
      }
    }
    return false;
  }
  function restoreFocus() {
    var lost = lastFocused;
    if (!lost || !focusNowhere() || shown(lost)) {
      return;
    }
    var now = Date.now();
    if (!restoreUntil) {
      restoreUntil = now + RESTORE_MS;
    } else if (now > restoreUntil) {
      letGo(); // never pull the focus back later, out of the blue
      return;
    }
    // A place found gives the focus, whose focusin ends the wait; else the clock looks again
    // too: content can become shown without a removal.
    if (!placeFor(lost) && !retrying) {
      retrying = window.setTimeout(function () {
        retrying = 0;
        restoreFocus();
      }, 100);
    }
  }
  if (typeof window.MutationObserver === "function") {
    new window.MutationObserver(restoreFocus).observe(document.documentElement, {childList: true, subtree: true});
  }

  function showCurrentLogLine() {
    var current = document.querySelector("#replay-frame .log li.current");
    var list = current && current.parentElement;
    if (list) {
      // Scroll the log itself, not the page: the board stays where the reader is.
      list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2;
    }
  }

  // The tab's title says when it is your turn, so a player with the page in a background
  // tab sees it there (in the page's language: the panel's data-turn-title).
  var turnPrefix = "";
  function markTurnInTitle() {
    var panel = document.getElementById("game-panel");
    if (!panel) {
      return;
    }
    // "(3) " first when the page counts the games waiting for the reader (live.js).
    var count = (document.title.match(/^\(\d+\) /) || [""])[0];
    var base = document.title.slice(count.length);
    if (turnPrefix && base.indexOf(turnPrefix) === 0) {
      base = base.slice(turnPrefix.length);
    }
    turnPrefix = panel.getAttribute("data-turn-title") || "";
    document.title = count + (panel.getAttribute("data-your-turn") === "true" ? turnPrefix : "") + base;
  }

  // --- the board: zoom, pan, areas --------------------------------------------------------

  var MIN_TEXT_PX = 11;
  var ZOOM_STEP = 1.25;
  var MAX_ZOOM = 3;
  // zoom: user units to CSS px, or null for the default; left/top: the frame's scroll.
  var boardView = { zoom: null, area: "all", left: null, top: null };

  function boardParts() {
    var frame = document.querySelector("[data-board-frame]");
    var svg = frame && frame.querySelector("svg.gwt-board");
    if (!svg) {
      return null;
    }
    if (!svg.hasAttribute("data-full-viewbox")) {
      svg.setAttribute("data-full-viewbox", svg.getAttribute("viewBox"));
    }
    return { frame: frame, svg: svg, tools: document.querySelector("[data-board-tools]") };
  }

  function narrow() {
    return window.matchMedia("(max-width: 59.99rem)").matches;
  }

  function box(parts) {
    var name = boardView.area;
    var value = name !== "all" && parts.svg.getAttribute("data-area-" + name);
    return (value || parts.svg.getAttribute("data-full-viewbox")).split(/\s+/).map(Number);
  }

  // The board's text sizes are its stylesheet's, the same after every redraw: measured once.
  var smallestFontSeen = null;
  function smallestFont(svg) {
    if (smallestFontSeen !== null) {
      return smallestFontSeen;
    }
    var smallest = Infinity;
    svg.querySelectorAll("text").forEach(function (text) {
      var size = parseFloat(window.getComputedStyle(text).fontSize);
      if (size > 0 && size < smallest) {
        smallest = size;
      }
    });
    smallestFontSeen = smallest === Infinity ? MIN_TEXT_PX : smallest;
    return smallestFontSeen;
  }

  function fitZoom(parts) {
    return parts.frame.clientWidth / box(parts)[2];
  }

  // The larger-text setting (html[data-text-size], site.css) raises the root font size: the
  // board's smallest text then starts at least as much larger, on every screen.
  function textScale() {
    return parseFloat(window.getComputedStyle(document.documentElement).fontSize) / 16 || 1;
  }

  function defaultZoom(parts) {
    var fit = fitZoom(parts);
    var scale = textScale();
    return narrow() || scale > 1.01 ? Math.max(fit, (MIN_TEXT_PX * scale) / smallestFont(parts.svg)) : fit;
  }

  function applyBoardView(parts, keepCentre) {
    var frame = parts.frame;
    var centre = null;
    if (keepCentre && frame.scrollWidth > 0) {
      centre = {
        x: (frame.scrollLeft + frame.clientWidth / 2) / frame.scrollWidth,
        y: (frame.scrollTop + frame.clientHeight / 2) / frame.scrollHeight,
      };
    }
    var area = box(parts);
    parts.svg.setAttribute("viewBox", area.join(" "));
    var fit = fitZoom(parts);
    var zoom = boardView.zoom === null ? defaultZoom(parts) : boardView.zoom;
    zoom = Math.min(MAX_ZOOM, Math.max(fit, zoom));
    var zoomed = zoom > fit * 1.001;
    frame.classList.toggle("zoomed", zoomed);
    parts.svg.style.width = zoomed ? area[2] * zoom + "px" : "100%";
    frame.setAttribute("data-zoom", zoom.toFixed(3));
    if (centre) {
      frame.scrollLeft = centre.x * frame.scrollWidth - frame.clientWidth / 2;
      frame.scrollTop = centre.y * frame.scrollHeight - frame.clientHeight / 2;
    }
    if (parts.tools) {
      parts.tools.hidden = false;
      var level = parts.tools.querySelector("[data-zoom-level]");
      if (level) {
        level.textContent = Math.round(zoom * 100) + "%";
      }
      parts.tools.querySelectorAll("[data-area]").forEach(function (button) {
        button.setAttribute("aria-pressed", String(button.getAttribute("data-area") === boardView.area));
      });
      var out = parts.tools.querySelector('[data-zoom="out"]');
      if (out) {
        out.disabled = !zoomed;
      }
    }
    return zoom;
  }

  function setZoom(parts, zoom) {
    boardView.zoom = Math.min(MAX_ZOOM, Math.max(fitZoom(parts), zoom));
    applyBoardView(parts, true);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-board-tools] [data-zoom], [data-board-tools] [data-area]");
    var parts = button && boardParts();
    if (!parts) {
      return;
    }
    var current = parseFloat(parts.frame.getAttribute("data-zoom")) || fitZoom(parts);
    var zoom = button.getAttribute("data-zoom");
    if (zoom === "in") {
      setZoom(parts, current * ZOOM_STEP);
    } else if (zoom === "out") {
      setZoom(parts, current / ZOOM_STEP);
    } else if (zoom === "fit") {
      setZoom(parts, fitZoom(parts));
    } else {
      boardView.area = button.getAttribute("data-area");
      applyBoardView(parts, false);
      parts.frame.scrollLeft = 0;
      parts.frame.scrollTop = 0;
    }
  });

  // Two fingers on the board zoom it about their midpoint; one finger pans (the browser's
  // own scrolling of the frame).
  var pinch = null;
  function spread(touches) {
    return Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
  }
  document.addEventListener("touchstart", function (event) {
    var parts = event.touches.length === 2 && event.target.closest && event.target.closest("[data-board-frame]") && boardParts();
    if (parts) {
      pinch = { parts: parts, distance: spread(event.touches), zoom: parseFloat(parts.frame.getAttribute("data-zoom")) || fitZoom(parts) };
    }
  }, { passive: true });
  document.addEventListener("touchmove", function (event) {
    if (!pinch || event.touches.length !== 2) {
      return;
    }
    event.preventDefault();
    setZoom(pinch.parts, pinch.zoom * spread(event.touches) / pinch.distance);
  }, { passive: false });
  document.addEventListener("touchend", function (event) {
    if (event.touches.length < 2) {
      pinch = null;
    }
  });

  function rememberBoardScroll() {
    var frame = document.querySelector("[data-board-frame]");
    if (frame) {
      boardView.left = frame.scrollLeft;
      boardView.top = frame.scrollTop;
    }
  }

  function restoreBoardView() {
    var parts = boardParts();
    if (!parts) {
      return;
    }
    applyBoardView(parts, false);
    if (boardView.left !== null) {
      parts.frame.scrollLeft = boardView.left;
      parts.frame.scrollTop = boardView.top;
    }
  }

  document.addEventListener("htmx:beforeSwap", rememberBoardScroll);
  window.addEventListener("resize", function () {
    var parts = boardParts();
    if (parts) {
      applyBoardView(parts, true);
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    showCurrentLogLine();
    markTurnInTitle();
    restoreBoardView();
  });

  document.addEventListener("htmx:afterSettle", function () {
    restoreBoardView();
    showCurrentLogLine();
    markTurnInTitle();
  });

  document.addEventListener("htmx:sendError", function () {
    var region = document.getElementById("play-messages");
    if (region) {
      region.innerHTML =
        '<p class="play-error" role="alert">The server could not be reached: check your connection and try again.</p>';
    }
  });
})();
