// The arbitre's live board of the tables (templates/scoring/tables_board.html) refreshes
// itself every few seconds: not while the focus is on one of its links or buttons, which the
// refresh would take away from under the keyboard.
document.addEventListener("htmx:beforeRequest", (event) => {
  const board = event.detail.elt;
  if (board.id === "tables-live" && board.contains(document.activeElement)) {
    event.preventDefault();
  }
});
