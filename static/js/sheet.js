/* The score sheet's dealers: each line's dealer follows the line before it in the direction of
   play (the right-hand neighbour: the seat before in the sheet's column order, Nord after Est),
   until a line whose dealer was chosen by hand. Runs in the capture phase, before htmx reads
   the form for its live preview, so the preview sees the dealers as they now are. Without
   JavaScript every line keeps the dealer it shows and the server checks them all the same. */
(function () {
  "use strict";
  document.addEventListener(
    "change",
    function (event) {
      var select = event.target instanceof Element ? event.target.closest("select.dealer-select") : null;
      if (!select) return;
      var grid = select.closest("table.sheet-grid");
      var size = Number(grid.getAttribute("data-size"));
      var selects = Array.prototype.slice.call(grid.querySelectorAll("select.dealer-select"));
      select.setAttribute("data-chosen", "1");
      var seat = Number(select.value);
      for (var i = selects.indexOf(select) + 1; i < selects.length; i++) {
        if (selects[i].hasAttribute("data-chosen")) break;
        seat = (seat - 1 + size) % size;
        selects[i].value = String(seat);
      }
    },
    true
  );
})();
