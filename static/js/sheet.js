/* The score sheet's dealers: each line's dealer follows the line before it in the direction of
   play (the right-hand neighbour: the seat before in the sheet's column order, Nord after Est),
   until a line whose dealer was chosen by hand. At a table of 5 whose dealer sits out, the
   dealer's mark and poignée are disabled (not sent), the others enabled: the stylesheet shows
   who sits out. Runs in the capture phase, before htmx reads the form for its live preview, so
   the preview sees the dealers as they now are. Without JavaScript every line keeps the
   dealer it shows and the server checks them all the same. */
(function () {
  "use strict";

  function sitOut(select) {
    var row = select.closest("tr");
    if (!row.closest("table.dealer-sits-out")) return;
    var cells = row.querySelectorAll("td.seat-cell");
    for (var i = 0; i < cells.length; i++) {
      var out = cells[i].classList.contains("seat-" + select.value);
      var fields = cells[i].querySelectorAll(".seat-entry input, .seat-entry select");
      for (var j = 0; j < fields.length; j++) fields[j].disabled = out;
    }
  }

  document.addEventListener(
    "change",
    function (event) {
      var select = event.target instanceof Element ? event.target.closest("select.dealer-select") : null;
      if (!select) return;
      var grid = select.closest("table.sheet-grid");
      var size = Number(grid.getAttribute("data-size"));
      var selects = Array.prototype.slice.call(grid.querySelectorAll("select.dealer-select"));
      select.setAttribute("data-chosen", "1");
      sitOut(select);
      var seat = Number(select.value);
      for (var i = selects.indexOf(select) + 1; i < selects.length; i++) {
        if (selects[i].hasAttribute("data-chosen")) break;
        seat = (seat - 1 + size) % size;
        selects[i].value = String(seat);
        sitOut(selects[i]);
      }
    },
    true
  );
})();
