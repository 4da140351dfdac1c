// Site-wide behaviour. An htmx request refused by the server (4xx) answers with the part of
// the page that explains why; elements marked data-swap-errors show that answer in place
// (htmx's default leaves the page as it was and shows nothing).
document.addEventListener("htmx:beforeSwap", (event) => {
  const status = event.detail.xhr.status;
  const target = event.detail.target;
  if (status >= 400 && status < 500 && target && target.closest("[data-swap-errors]")) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});

// A time zone field marked data-browser-zone starts at the browser's own zone (sign-up), so
// times on the site and in emails read in the player's local time without their looking
// for it in a list of 400. Without JavaScript the field keeps its server default.
document.addEventListener("DOMContentLoaded", () => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  document.querySelectorAll("select[data-browser-zone]").forEach((select) => {
    if (zone && !select.dataset.chosen && [...select.options].some((o) => o.value === zone)) {
      select.value = zone;
    }
  });
});
