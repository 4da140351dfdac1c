// The account page's "Notify me in this browser": registers the service worker, asks the
// browser for a push subscription with the site's VAPID key and posts it to the site. The
// texts come from the page's data-* attributes (translated there).
"use strict";

(function () {
  const box = document.getElementById("push-box");
  if (!box) {
    return;
  }
  const button = box.querySelector("[data-push-subscribe]");
  const status = box.querySelector("[data-push-status]");
  const csrf = box.querySelector("input[name=csrfmiddlewaretoken]");
  const say = (text) => {
    status.textContent = text;
  };
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !window.Notification) {
    say(box.dataset.unsupported);
    button.disabled = true;
    return;
  }

  function keyBytes(base64url) {
    const padded = (base64url + "===".slice((base64url.length + 3) % 4))
      .replace(/-/g, "+")
      .replace(/_/g, "/");
    const raw = atob(padded);
    return Uint8Array.from(raw, (c) => c.charCodeAt(0));
  }

  async function subscribe() {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      say(box.dataset.denied);
      return false;
    }
    const registration = await navigator.serviceWorker.register("/service-worker.js", { scope: "/" });
    await navigator.serviceWorker.ready;
    let subscription = await registration.pushManager.getSubscription();
    if (!subscription) {
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(box.dataset.key),
      });
    }
    const body = typeof subscription.toJSON === "function" ? subscription.toJSON() : subscription;
    const response = await fetch(box.dataset.url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf ? csrf.value : "" },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      const answer = await response.json().catch(() => ({}));
      say(answer.message || box.dataset.failed);
      return false;
    }
    return true;
  }

  button.addEventListener("click", () => {
    button.disabled = true;
    say(box.dataset.working);
    subscribe()
      .then((done) => {
        if (done) {
          window.location.reload();
        } else {
          button.disabled = false;
        }
      })
      .catch((error) => {
        say(box.dataset.failed + " (" + error + ")");
        button.disabled = false;
      });
  });
})();
