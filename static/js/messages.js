/* The page's messages ("Table 3: sheet saved.") are in a live region from the start, which a
   screen reader does not speak: they are taken out and put back once the page is read, so that
   the change is announced. Without JavaScript they simply stay where they are. */
(function () {
  "use strict";
  var region = document.getElementById("messages");
  var list = region && region.querySelector(".messages");
  if (!list) return;
  region.removeChild(list);
  window.setTimeout(function () {
    region.appendChild(list);
  }, 250);
})();
