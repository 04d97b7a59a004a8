/* Every live page (htmx polling): when a refresh fails (the server is out of reach, or answers
   with an error), say so at the top of the page instead of freezing on old data; the next
   refresh that succeeds takes the notice away. No inline script. */
(function () {
  "use strict";
  function notice(lost) {
    var box = document.getElementById("connection-lost");
    if (box) box.hidden = !lost;
    document.documentElement.classList.toggle("connection-lost", lost);
  }
  document.body.addEventListener("htmx:sendError", function () { notice(true); });
  document.body.addEventListener("htmx:responseError", function () { notice(true); });
  document.body.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail && event.detail.successful) notice(false);
  });
})();
