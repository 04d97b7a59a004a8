// A travelling sheet typed from the paper: Enter goes to the next line's score, and on the
// last line saves the sheet.
document.addEventListener("keydown", function (event) {
  const input = event.target;
  if (event.key !== "Enter" || !input.classList || !input.classList.contains("score-input")) return;
  const inputs = Array.from(document.querySelectorAll("input.score-input:not([disabled])"));
  const next = inputs[inputs.indexOf(input) + 1];
  if (next) {
    event.preventDefault();
    next.focus();
    next.select();
  }
});
