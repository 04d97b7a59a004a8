/* Ask before a destructive action: a button or link with data-confirm="question" goes ahead
   only if the user accepts the question. Replaces inline onclick handlers, which the content
   security policy (config/security.py) forbids. Listens on the document, so content htmx
   swaps in later is covered too. */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target.closest("[data-confirm]") : null;
    if (target && !window.confirm(target.getAttribute("data-confirm"))) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  });
})();
