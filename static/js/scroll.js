/* A table wider than the screen scrolls sideways in its box (.table-scroll, django-tables2's
   .table-container, the score sheet's grid). While it does, the box takes the keyboard focus
   (arrow keys scroll it) and is named after the heading above it, so that a keyboard user can
   read what lies off screen; when everything fits, it is left out of the tab order. */
(function () {
  "use strict";
  var SELECTOR = ".table-scroll, .table-container, .sheet-scroll";

  function heading(box) {
    var card = box.closest("section, .card, main");
    var title = card && card.querySelector("h1, h2, h3");
    return title ? title.textContent.replace(/\s+/g, " ").trim() : document.title;
  }

  function update() {
    var boxes = document.querySelectorAll(SELECTOR);
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      if (box.hasAttribute("data-own-focus")) continue; // the template decided (sheet.html)
      if (box.scrollWidth > box.clientWidth + 1) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        if (!box.hasAttribute("aria-label")) box.setAttribute("aria-label", heading(box));
      } else if (box.getAttribute("tabindex") === "0") {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
      }
    }
  }

  update();
  window.addEventListener("resize", update);
  document.addEventListener("htmx:afterSettle", update);
})();
