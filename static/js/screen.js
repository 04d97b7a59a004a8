/* Projector view (templates/public/screen.html): show the panels in turn (seating, standings,
   and team standings in a team tournament), each for data-seconds at least; a list longer
   than the screen waits, scrolls up at a readable pace (a CSS animation: this script only
   measures it) and waits again; then the next panel.
   Once a panel is hidden it asks the server for news (htmx, "screen-refresh"): 204 leaves it
   as it is, anything else is swapped in place, so the page never reloads. No inline script. */
(function () {
  "use strict";
  var screen = document.querySelector("main.screen");
  if (!screen) return;
  // The panels in the order of their tabs: a team tournament adds the team standings.
  var ORDER = Array.prototype.map.call(
    document.querySelectorAll(".screen-tabs [data-for]"),
    function (tab) { return tab.dataset.for; }
  );
  if (!ORDER.length) ORDER = ["seating", "standings"];
  var HOLD = 3; // seconds still at the top, then at the bottom, of a long list
  var FADE = 900; // ms: the panels' cross-fade in screen.css, then the hidden one refreshes
  var SCREENFUL = 10; // seconds to scroll one screen height
  var seconds = Math.min(Math.max(Number(screen.dataset.seconds) || 20, 5), 120);
  var current = screen.dataset.current || ORDER[0];
  var timer = null;

  function panelOf(name) {
    return document.getElementById("panel-" + name);
  }

  function restart(element, className) {
    element.classList.remove(className);
    void element.offsetWidth; // a reflow, so that the animation starts over
    element.classList.add(className);
  }

  // Set up the panel's scroll; return how long it stays on screen, in seconds.
  function prepare(panel) {
    if (!panel) return seconds;
    panel.classList.remove("is-scrolling");
    var list = panel.querySelector(".screen-list");
    var viewport = panel.querySelector(".screen-viewport");
    if (!list || !viewport) return seconds;
    var distance = list.offsetHeight - viewport.clientHeight;
    if (distance <= 2) return seconds;
    var travel = Math.max((distance / viewport.clientHeight) * SCREENFUL, seconds - 2 * HOLD);
    list.style.setProperty("--scroll-distance", -distance + "px");
    list.style.setProperty("--scroll-time", travel.toFixed(2) + "s");
    list.style.setProperty("--scroll-delay", HOLD + "s");
    restart(panel, "is-scrolling");
    return travel + 2 * HOLD;
  }

  function show(name) {
    if (paused) return;
    current = name;
    screen.dataset.current = name;
    var duration = prepare(panelOf(name));
    screen.style.setProperty("--panel-time", duration.toFixed(2) + "s");
    restart(screen, "is-timed");
    clearTimeout(timer);
    timer = setTimeout(next, duration * 1000);
  }

  function refresh(name) {
    var panel = panelOf(name);
    if (panel && window.htmx) window.htmx.trigger(panel, "screen-refresh");
  }

  function next() {
    var previous = current;
    show(ORDER[(ORDER.indexOf(current) + 1) % ORDER.length]);
    setTimeout(function () { refresh(previous); }, FADE);
  }

  // A panel drawn afresh while on screen (a slow answer): measure it and run it again.
  document.body.addEventListener("htmx:load", function (event) {
    var element = event.detail && event.detail.elt;
    if (element && element.classList && element.classList.contains("screen-panel") &&
        element.dataset.panel === current) {
      show(current);
    }
  });

  var clock = document.getElementById("screen-clock");
  function tick() {
    if (!clock) return;
    var now = new Date();
    clock.textContent = now.toLocaleTimeString(document.documentElement.lang || undefined,
      { hour: "2-digit", minute: "2-digit" });
    clock.dateTime = now.toISOString();
  }

  // Keep the projector's computer awake where the browser allows it (secure contexts only).
  function stayAwake() {
    if (navigator.wakeLock && document.visibilityState === "visible") {
      navigator.wakeLock.request("screen").catch(function () {});
    }
  }
  document.addEventListener("visibilitychange", stayAwake);

  // A double click (or tap) toggles full screen.
  screen.addEventListener("dblclick", function () {
    if (document.fullscreenElement) {
      document.exitFullscreen().catch(function () {});
    } else if (document.documentElement.requestFullscreen) {
      document.documentElement.requestFullscreen().catch(function () {});
    }
  });

  // Pause: the panel on screen stays, still (its scroll and its progress bar stop), until
  // resumed; by the button, or by Space or P from anywhere on the page.
  var pause = document.querySelector(".screen-pause");
  var paused = false;
  function setPaused(value) {
    paused = value;
    screen.classList.toggle("is-paused", paused);
    if (pause) pause.setAttribute("aria-pressed", paused ? "true" : "false");
    clearTimeout(timer);
    if (!paused) {
      refresh(current); // what it shows may have changed meanwhile
      show(current);
    }
  }
  if (pause) pause.addEventListener("click", function () { setPaused(!paused); });
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    if (event.target === pause && event.key === " ") return; // the button's own click
    if (event.key === " " || event.key === "p" || event.key === "P") {
      event.preventDefault();
      setPaused(!paused);
    }
  });

  function start() {
    tick();
    setInterval(tick, 10000);
    stayAwake();
    show(current);
  }
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
})();
