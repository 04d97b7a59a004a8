// A table's report typed from its slip, one form per position: Enter goes to the next étui of
// the same position, and on the last one saves that position's report (never another's).
document.addEventListener("keydown", function (event) {
  const input = event.target;
  if (event.key !== "Enter" || !input.classList || !input.classList.contains("report-input")) return;
  const inputs = Array.from(input.form.querySelectorAll("input.report-input:not([disabled])"));
  const next = inputs[inputs.indexOf(input) + 1];
  if (next) {
    event.preventDefault();
    next.focus();
    next.select();
  }
});
