/* Live updates: the page's stream (GET /games/live/, games/web/live.py) says what changed;
 * the page asks for the changed part again through its ordinary view, and htmx swaps it in.
 *
 * - A page opts in with <meta name="gwt-live" content="STREAM URL" data-game="ID">.
 * - Elements marked data-live="game", "chat" or "games" are asked for again on that signal,
 *   from their data-live-url; data-live-select picks the part of the answer (and of the
 *   element) to swap, so the rest (a half-typed chat message, an open menu) is not touched.
 *   An element with data-version is skipped when the signal's version is not newer.
 * - "games" signals about another game whose turn is now the reader's show a notice
 *   (#live-notice), except on a page that lists the reader's games.
 * - While the stream is open, <html data-live="on"> and the polls (elements marked
 *   data-poll) stay quiet; when it cannot connect they poll as before, and the stream is
 *   tried again later. On (re)connection everything is asked for once, to catch up.
 * - Whatever the stream or the polling, a poll never replaces a field with typed text.
 * - Signals that come faster than the answers (a bot's moves in a row) are not lost: an
 *   element left older than the newest signal is asked for again once the page settles.
 * - A page whose meta has data-waiting-url keeps "(N) " at the start of its tab title: the
 *   number of games waiting for the reader's move, asked for again on (re)connection and on
 *   each "games" signal, or after a polled part changed when there is no stream (play.js's
 *   "(Your turn) ", in the page's language, follows it).
 */
(function () {
  "use strict";

  var LIVE_EVENT = "gwt:live";
  var root = document.documentElement;
  var meta = document.querySelector('meta[name="gwt-live"]');
  var pageGame = meta ? meta.getAttribute("data-game") || "" : "";
  var failures = 0;

  function live() {
    return root.getAttribute("data-live") === "on";
  }

  function setLive(on) {
    root.setAttribute("data-live", on ? "on" : "off");
  }

  // Text the reader typed (not what the page came with, such as a read-only invite link).
  function hasTypedText(element) {
    var fields = element.querySelectorAll("input[type=text], textarea");
    for (var i = 0; i < fields.length; i++) {
      if (!fields[i].readOnly && fields[i].value && fields[i].value !== fields[i].defaultValue) {
        return true;
      }
    }
    return false;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (!elt || !elt.hasAttribute || !elt.hasAttribute("data-poll")) {
      return;
    }
    var config = event.detail.requestConfig || {};
    var pushed = config.triggeringEvent && config.triggeringEvent.type === LIVE_EVENT;
    if ((live() && !pushed) || hasTypedText(elt)) {
      event.preventDefault();
    }
  });

  // The newest version signalled per kind. A signal that comes while the element's previous
  // answer is still on its way would be queued on the element that answer replaces (and be
  // swapped into nothing): once the answer has settled, an element still older than this is
  // asked for again.
  var wanted = {};

  function refresh(kind, data) {
    if (data && typeof data.version === "number") {
      wanted[kind] = Math.max(wanted[kind] || 0, data.version);
    }
    var elements = document.querySelectorAll('[data-live~="' + kind + '"]');
    Array.prototype.forEach.call(elements, function (element) {
      var url = element.getAttribute("data-live-url");
      if (!url) {
        return;
      }
      if (data && typeof data.version === "number" && element.hasAttribute("data-version") &&
          Number(element.getAttribute("data-version")) >= data.version) {
        return;
      }
      var select = element.getAttribute("data-live-select");
      var target = select && !element.matches(select) ? element.querySelector(select) : element;
      if (!target) {
        return;
      }
      var context = {source: target, target: target, swap: "outerHTML", event: new CustomEvent(LIVE_EVENT)};
      if (select) {
        context.select = select;
      }
      window.htmx.ajax("GET", url, context);
    });
  }

  document.addEventListener("htmx:afterSettle", function () {
    Object.keys(wanted).forEach(function (kind) {
      var behind = Array.prototype.some.call(
        document.querySelectorAll('[data-live~="' + kind + '"][data-version]'),
        function (element) { return Number(element.getAttribute("data-version")) < wanted[kind]; }
      );
      if (behind) {
        refresh(kind, {version: wanted[kind]});
      }
    });
  });

  function refreshAll() {
    refresh("game");
    refresh("chat");
    refresh("games");
    refreshWaiting();
  }

  var waitingUrl = meta ? meta.getAttribute("data-waiting-url") : null;
  // Without the stream, a polled part that changed is the sign that a turn may have passed.
  document.addEventListener("htmx:afterSettle", function () {
    if (!live()) {
      refreshWaiting();
    }
  });
  function refreshWaiting() {
    if (!waitingUrl || typeof window.fetch !== "function") {
      return;
    }
    window.fetch(waitingUrl, {credentials: "same-origin", headers: {Accept: "application/json"}})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) {
        if (!data || typeof data.count !== "number") {
          return;
        }
        var title = document.title.replace(/^\(\d+\) /, "");
        document.title = data.count > 0 ? "(" + data.count + ") " + title : title;
      })
      .catch(function () {});
  }

  function notice(game) {
    var box = document.getElementById("live-notice");
    if (!box) {
      box = document.createElement("div");
      box.id = "live-notice";
      box.className = "live-notice";
      box.setAttribute("role", "status");
      box.setAttribute("aria-live", "polite");
      var main = document.getElementById("main") || document.body;
      main.insertBefore(box, main.firstChild);
    }
    var link = document.createElement("a");
    link.href = "/games/" + encodeURIComponent(game) + "/";
    link.textContent = game;
    // The page's words (its language): "It is your turn in game {game}."
    var words = (meta && meta.getAttribute("data-turn-text")) || "It is your turn in game {game}.";
    var parts = words.split("{game}");
    var line = document.createElement("p");
    line.setAttribute("data-game", game);
    line.appendChild(document.createTextNode(parts[0]));
    line.appendChild(link);
    line.appendChild(document.createTextNode(parts.slice(1).join("")));
    var old = box.querySelector('p[data-game="' + game + '"]');
    if (old) {
      box.removeChild(old);
    }
    box.appendChild(line);
  }

  function parse(event) {
    try {
      return JSON.parse(event.data);
    } catch (error) {
      return {};
    }
  }

  function connect() {
    var source = new EventSource(meta.getAttribute("content"));
    source.addEventListener("ready", function () {
      failures = 0;
      setLive(true);
      refreshAll();
    });
    source.addEventListener("resync", refreshAll);
    source.addEventListener("game", function (event) {
      var data = parse(event);
      if (data.game === pageGame) {
        refresh("game", data);
      }
    });
    source.addEventListener("chat", function (event) {
      if (parse(event).game === pageGame) {
        refresh("chat");
      }
    });
    source.addEventListener("games", function (event) {
      var data = parse(event);
      refresh("games");
      refreshWaiting();
      // A page that lists the reader's games (My games) shows it there instead.
      var listed = document.querySelector('[data-live~="games"]');
      if (data.your_turn && data.game && data.game !== pageGame && !listed) {
        notice(data.game);
      }
    });
    source.onerror = function () {
      setLive(false);
      if (source.readyState === EventSource.CLOSED) {
        // Refused (no ASGI server, signed out, ...): poll, and try again later.
        failures += 1;
        setTimeout(connect, Math.min(60000, 2000 * Math.pow(2, failures)));
      }
    };
  }

  // Open <details> (menus) in a part that is swapped stay open.
  var openMenus = [];
  function menuKey(details) {
    var summary = details.querySelector("summary");
    return details.id || details.getAttribute("data-menu") || (summary ? summary.textContent.trim() : "");
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    openMenus = target ? Array.prototype.map.call(target.querySelectorAll("details[open]"), menuKey) : [];
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (!openMenus.length) {
      return;
    }
    var scope = event.detail.elt && event.detail.elt.isConnected ? event.detail.elt : document;
    Array.prototype.forEach.call(scope.querySelectorAll("details:not([open])"), function (details) {
      if (openMenus.indexOf(menuKey(details)) >= 0) {
        details.open = true;
      }
    });
    openMenus = [];
  });

  if (meta && typeof window.EventSource === "function" && window.htmx) {
    connect();
  } else if (meta && typeof window.EventSource === "function") {
    document.addEventListener("DOMContentLoaded", connect);
  }
})();
