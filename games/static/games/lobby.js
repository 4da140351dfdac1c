// The lobby's small conveniences; each page works without them (progressive enhancement).
//
// * New game: only the seats of the chosen player count are offered as bot seats (a seat
//   beyond it is hidden and unticked; the server refuses one that is sent anyway).
// * Waiting room: the invite link gets a "Copy link" button. The room's panel is swapped by
//   htmx, so the buttons are found again after every swap and clicks are delegated.
(function () {
  "use strict";

  function showSeatsOf(select) {
    const players = parseInt(select.value, 10);
    const form = select.form;
    if (!form || Number.isNaN(players)) return;
    for (const box of form.querySelectorAll('input[type="checkbox"][name="bots"]')) {
      const beyond = parseInt(box.value, 10) >= players;
      const item = box.closest("label")?.parentElement || box.parentElement;
      if (item) item.hidden = beyond;
      if (beyond) box.checked = false;
    }
  }

  function enhanceNewGame(root) {
    const select = root.querySelector('select[name="players"]');
    if (!select || select.dataset.seatsEnhanced) return;
    select.dataset.seatsEnhanced = "1";
    select.addEventListener("change", () => showSeatsOf(select));
    showSeatsOf(select);
  }

  function showCopyButtons(root) {
    const canCopy = Boolean(navigator.clipboard) || document.queryCommandSupported?.("copy");
    for (const button of root.querySelectorAll("button[data-copy]")) {
      button.hidden = !canCopy;
    }
  }

  // The words come from the button's data attributes, in the page's language.
  function say(button, copied) {
    const words = button.dataset;
    const status = button.closest(".invite")?.querySelector("[data-copy-status]");
    if (status) status.textContent = copied ? words.copiedText : words.copyFailedText;
    button.textContent = copied ? words.copiedLabel : words.copyLabel;
  }

  async function copy(button) {
    const field = document.querySelector(button.dataset.copy);
    if (!field) return;
    const text = field.value;
    try {
      // The Clipboard API needs a secure context (https, or localhost); else the old way.
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text);
      } else {
        field.select();
        if (!document.execCommand("copy")) throw new Error("copy refused");
      }
      say(button, true);
    } catch (error) {
      field.select();
      say(button, false);
    }
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest?.("button[data-copy]");
    if (button) {
      event.preventDefault();
      copy(button);
    }
  });

  function enhance(root) {
    enhanceNewGame(root);
    showCopyButtons(root);
  }

  document.addEventListener("DOMContentLoaded", () => enhance(document));
  document.addEventListener("htmx:load", (event) => enhance(event.target));
})();
