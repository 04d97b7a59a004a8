/* The table's phone page (scoring/at_table/views.py, templates/table/page.html). The page works
   without it (plain forms, a redirect after each); with it:
   - the seat chosen is kept on the phone (localStorage) and the page opens at it next time;
   - a table closed meanwhile (410 to the live part's refresh) reloads to say why;
   - an entry is kept on the phone before it is sent (localStorage, with its own client_key), sent
     with fetch (Accept: application/json), and while it cannot be sent (no connection, 5xx) it is
     listed as "not sent yet" (a reload keeps it) and sent again, with the SAME key, on the
     "online" event and every few seconds: the server records a key once. Sent again with other
     fields, it is a new sending with a NEW key (the server answers a known key with what it first
     recorded), as a correction of the entry this page knows it made (replaces=<id>);
   - an entry the server refuses is never sent again by itself: 422 next to its fields (or in the
     list), 410 (the table went on paper, its position closed) kept in the list with the reason
     and "write it on the paper sheet" until the player dismisses it, any other 4xx (403: the
     CSRF cookie lost) kept with "reload the page", and sent again after the reload;
   - a libre deal shows only the part of its form that its mode reads (facts, or marks).
   No inline script (content security policy). */
(function () {
  "use strict";
  var root = document.getElementById("table-page");
  if (!root) return;
  var STORE = "table-pending:" + root.dataset.key;
  var SEAT = "table-seat:" + root.dataset.key;
  var DEVICE = "table-device";
  var RETRY_MS = 4000;

  function load(name, fallback) {
    try {
      var raw = window.localStorage.getItem(name);
      return raw === null ? fallback : JSON.parse(raw);
    } catch (e) {
      return fallback;
    }
  }
  function save(name, value) {
    try {
      window.localStorage.setItem(name, JSON.stringify(value));
    } catch (e) { /* private mode: the entry is sent at once or shown as refused */ }
  }
  function randomKey() {
    var bytes = new Uint8Array(18);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  /* The seat: kept per table; the page opens at it (?me=). */
  var params = new URLSearchParams(window.location.search);
  var seats = (root.dataset.seats || "").split(",");
  var stored = load(SEAT, null);
  if (!params.has("me") && stored !== null && seats.indexOf(String(stored)) !== -1) {
    params.set("me", stored);
    window.location.replace(window.location.pathname + "?" + params.toString());
    return;
  }
  if (params.has("me")) save(SEAT, params.get("me"));
  // The seat form is sent with its button, not on change: an arrow key in the radio group must
  // not leave the page (WCAG 3.2.2).

  // A closed table (410 to the page's refresh): show why, instead of "connection lost"; with
  // entries kept on the phone, each is refused with the reason where the players see it (a
  // reload would show the closed page without them).
  var closed = false;
  document.body.addEventListener("htmx:responseError", function (event) {
    if (event.detail && event.detail.xhr && event.detail.xhr.status === 410) {
      closed = true;
      if (!load(STORE, []).length) {
        window.location.reload();
        return;
      }
      // Not a lost connection (connection.js, whose listener ran first): the list says why.
      var lost = document.getElementById("connection-lost");
      if (lost) lost.hidden = true;
      document.documentElement.classList.remove("connection-lost");
      sendAll();
    }
  });

  var device = load(DEVICE, null);
  if (!device) {
    device = randomKey().slice(0, 16);
    save(DEVICE, device);
  }
  function fillDevice() {
    document.querySelectorAll('#table-page input[name="device"]').forEach(function (input) {
      input.value = device;
    });
  }
  fillDevice();
  document.body.addEventListener("htmx:afterSwap", fillDevice);

  /* A libre deal: facts or marks. */
  var form = document.getElementById("table-entry");
  function syncModes() {
    if (!form) return;
    var checked = form.querySelector('input[type="radio"][name$="-mode"]:checked');
    if (!checked) return;
    form.querySelectorAll(".mode-part").forEach(function (part) {
      var shown = part.dataset.mode === checked.value;
      part.hidden = !shown;
      part.querySelectorAll("input, select").forEach(function (input) {
        input.disabled = !shown;
      });
    });
  }
  if (form) {
    form.addEventListener("change", syncModes);
    syncModes();
  }

  /* Entries kept on the phone until the server has them. */
  var pendingBox = document.getElementById("pending");
  var pendingList = document.getElementById("pending-list");
  function token() {
    var input = document.querySelector('#table-page input[name="csrfmiddlewaretoken"]');
    return input ? input.value : "";
  }
  var shown = null; // the list as last drawn: a refusal is announced once, not at each retry
  function render() {
    var pending = load(STORE, []);
    if (!pendingBox || JSON.stringify(pending) === shown) return;
    shown = JSON.stringify(pending);
    pendingBox.hidden = pending.length === 0;
    pendingList.textContent = "";
    pending.forEach(function (entry) {
      var li = document.createElement("li");
      li.className = "pending-entry";
      li.dataset.number = entry.number;
      var strong = document.createElement("strong");
      strong.textContent = entry.label;
      li.appendChild(strong);
      if (!entry.refused) {
        li.appendChild(document.createTextNode(" — " + root.dataset.notSent));
      } else {
        li.dataset.state = "refused";
        var box = document.createElement("div");
        box.className = "table-errors";
        box.setAttribute("role", "alert");
        [root.dataset.refused + " " + entry.refused.why, entry.refused.then].forEach(function (text) {
          if (!text.trim()) return;
          var p = document.createElement("p");
          p.textContent = text;
          box.appendChild(p);
        });
        li.appendChild(box);
        var button = document.createElement("button");
        button.type = "button";
        button.className = "big-target";
        button.dataset.key = entry.key;
        button.textContent = root.dataset.dismiss.replace("{label}", entry.label);
        li.appendChild(button);
      }
      pendingList.appendChild(li);
    });
  }
  function drop(key) {
    save(STORE, load(STORE, []).filter(function (entry) { return entry.key !== key; }));
  }
  /* Refused: kept in the list with why and what to do, never sent again by itself (``again``:
     sent again once the page is reloaded, as the message asks). */
  function refuse(key, why, then, again) {
    save(STORE, load(STORE, []).map(function (entry) {
      if (entry.key === key) entry.refused = { why: why, then: then, again: again };
      return entry;
    }));
  }
  save(STORE, load(STORE, []).map(function (entry) {
    if (entry.refused && entry.refused.again) delete entry.refused;
    return entry;
  }));
  if (pendingList) {
    pendingList.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-key]");
      if (!button) return;
      var next = button.closest("li").nextElementSibling;
      drop(button.dataset.key);
      if (closed && !load(STORE, []).length) {
        window.location.reload(); // the page says why the table is closed
        return;
      }
      var key = next && next.querySelector("button[data-key]");
      render();
      var focus = key && pendingList.querySelector('button[data-key="' + key.dataset.key + '"]');
      if (focus) focus.focus();
    });
  }
  function showErrors(entry, errors) {
    var here = form && String(form.dataset.number) === String(entry.number);
    var general = [];
    Object.keys(errors).forEach(function (name) {
      var box = here && form.querySelector('[data-errors-for="' + name + '"]');
      if (box) {
        box.textContent = "";
        errors[name].forEach(function (message) {
          var p = document.createElement("p");
          p.textContent = message;
          box.appendChild(p);
        });
        box.setAttribute("role", "alert");
      } else {
        general = general.concat(errors[name]);
      }
    });
    if (general.length) {
      var top = (form && form.querySelector('[data-errors-for=""]')) ||
        document.getElementById("messages");
      var p = document.createElement("p");
      p.textContent = entry.label + " — " + root.dataset.refused + " " + general.join(" ");
      top.appendChild(p);
      top.setAttribute("role", "alert");
    }
  }
  function messagesOf(errors) {
    return Object.keys(errors).reduce(function (all, name) { return all.concat(errors[name]); }, []);
  }
  function clearErrors() {
    if (!form) return;
    form.querySelectorAll("[data-errors-for]").forEach(function (box) {
      box.textContent = "";
      box.removeAttribute("role");
    });
  }

  var sending = false;
  var typing = false; // a deal being typed is never lost to a reload
  var known = {}; // number -> the entry this page sent and the server took (its id)
  function json(response) {
    return response.json().then(function (answer) { return answer || {}; }, function () {
      return {};
    });
  }
  function send(entry) {
    var body = new URLSearchParams();
    entry.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.set("csrfmiddlewaretoken", token());
    return window.fetch(root.dataset.enter, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Accept": "application/json", "X-CSRFToken": token() },
      body: body
    }).then(function (response) {
      var status = response.status;
      if (status >= 500 || (status !== 200 && status < 400)) return "kept"; // sent again later
      return json(response).then(function (answer) {
        if (status === 200) {
          if (answer.entry) known[entry.number] = answer.entry;
          drop(entry.key);
          return "done";
        }
        if (status === 410) {
          closed = true;
          refuse(entry.key, answer.closed || "", root.dataset.paper, false);
        } else if (status === 422 && form && String(form.dataset.number) === String(entry.number)) {
          drop(entry.key); // its form holds what was typed: the messages go next to its fields
          showErrors(entry, answer.errors || {});
        } else if (status === 422) {
          refuse(entry.key, messagesOf(answer.errors || {}).join(" "), "", false);
        } else {
          refuse(entry.key, "", root.dataset.reload, true); // 403: the CSRF cookie lost…
        }
        return "refused";
      });
    }, function () { return "kept"; });
  }
  function sendAll() {
    var pending = load(STORE, []).filter(function (entry) { return !entry.refused; });
    if (sending || !pending.length) return;
    sending = true;
    var done = false;
    var next = function (i) {
      if (i >= pending.length) return Promise.resolve();
      return send(pending[i]).then(function (result) {
        if (result === "done") done = true;
        if (result === "kept") return null; // no connection: try the rest later
        return next(i + 1);
      });
    };
    next(0).then(function () {
      sending = false;
      render();
      if (done && !typing && !load(STORE, []).length) {
        // The next deal or étui, and the list as the server has it now.
        var me = params.get("me");
        window.location.replace(window.location.pathname + (me !== null ? "?me=" + me : ""));
      }
    });
  }

  function sameFields(sent, fields) {
    var mine = sent.filter(function (pair) { return pair[0] !== "client_key"; });
    return JSON.stringify(mine) === JSON.stringify(fields);
  }

  if (form) {
    form.addEventListener("input", function () { typing = true; });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      clearErrors();
      var fields = [];
      new FormData(form).forEach(function (value, name) {
        if (name !== "csrfmiddlewaretoken" && name !== "client_key") fields.push([name, value]);
      });
      var number = form.dataset.number;
      if (known[number]) {
        // Sent from this page and taken: sent again, it corrects that entry.
        fields = fields.filter(function (pair) { return pair[0] !== "replaces"; });
        fields.push(["replaces", String(known[number])]);
      }
      var pending = load(STORE, []);
      var same = pending.filter(function (entry) {
        return entry.number === number && !entry.refused;
      })[0];
      // Sent again before it went through, as it was: the same sending (the same key, recorded
      // once). Anything changed: a new sending with a new key, since the server answers a key it
      // knows with what it first recorded; if that first sending reached it, the server refuses
      // this one ("look at it") and the player corrects the entry the list shows.
      var key = same && sameFields(same.fields, fields) ? same.key : randomKey();
      fields.push(["client_key", key]);
      pending = pending.filter(function (entry) { return entry.number !== number; });
      pending.push({ key: key, number: number, label: form.dataset.label, fields: fields });
      save(STORE, pending);
      typing = false;
      render();
      sendAll();
    });
  }

  render();
  sendAll();
  window.addEventListener("online", sendAll);
  window.setInterval(sendAll, RETRY_MS);
})();
