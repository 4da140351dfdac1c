// The site's service worker (served at /service-worker.js, scope "/"): it shows each push
// message as a notification and tells the site's open pages; a click on the notification
// opens (or focuses) the page it links to. The message is the JSON of
// notifications/push.py's payload(): {title, body, url, tag}.
"use strict";

self.addEventListener("push", (event) => {
  let data = {};
  if (event.data) {
    try {
      data = event.data.json();
    } catch (error) {
      data = { body: event.data.text() };
    }
  }
  const title = data.title || "Great Western Trail";
  const url = new URL(data.url || "/", self.location.origin).href;
  const options = { body: data.body || "", data: { url: url } };
  if (data.tag) {
    options.tag = data.tag;
  }
  event.waitUntil(
    self.registration.showNotification(title, options).then(() =>
      self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((clients) => {
        for (const client of clients) {
          client.postMessage({ type: "gwt-push", title: title, body: options.body, url: url });
        }
      })
    )
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((clients) => {
      for (const client of clients) {
        if (client.url === url && "focus" in client) {
          return client.focus();
        }
      }
      return self.clients.openWindow(url);
    })
  );
});
