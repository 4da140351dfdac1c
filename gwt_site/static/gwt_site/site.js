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
