/* The game page and the replay viewer: board clicks, error messages, replay keys.
 *
 * - A board target ([data-move-index] outside the move form) submits the move button with
 *   the same index, on click or on Enter/Space.
 * - Errors of the play endpoints (4xx with HX-Retarget) are swapped into the live region
 *   instead of being dropped, so the player reads why nothing changed.
 * - In the replay, ← → Home End step through the positions (unless typing in a field).
 * - After a swap, focus returns to the element with the same id, so keyboard users keep
 *   their place.
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
  });

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

  var focusedId = null;
  document.addEventListener("htmx:beforeRequest", function () {
    var active = document.activeElement;
    // "" marks focus inside the page on an element without an id (a move button, say).
    focusedId = active && active !== document.body ? active.id : null;
  });

  function showCurrentLogLine() {
    var current = document.querySelector("#replay-frame .log li.current");
    var list = current && current.parentElement;
    if (list) {
      // Scroll the log itself, not the page: the board stays where the reader is.
      list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2;
    }
  }

  // The tab's title says when it is your turn, so a player with the page in a background
  // tab sees it there.
  var TURN_PREFIX = "(Your turn) ";
  function markTurnInTitle() {
    var panel = document.getElementById("game-panel");
    if (!panel) {
      return;
    }
    var base = document.title.indexOf(TURN_PREFIX) === 0 ? document.title.slice(TURN_PREFIX.length) : document.title;
    document.title = panel.getAttribute("data-your-turn") === "true" ? TURN_PREFIX + base : base;
  }

  document.addEventListener("DOMContentLoaded", function () {
    showCurrentLogLine();
    markTurnInTitle();
  });

  document.addEventListener("htmx:afterSettle", function () {
    if (document.activeElement === document.body || document.activeElement === null) {
      // The focused element was redrawn: the same one again, or else the moves' heading
      // (never a move button: a second Enter there would play another move).
      var again = focusedId && document.getElementById(focusedId);
      var fallback = document.getElementById("moves-heading");
      if (again) {
        again.focus();
      } else if (fallback && focusedId !== null) {
        fallback.focus();
      }
    }
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
