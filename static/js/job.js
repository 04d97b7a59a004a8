/* A document's page (manage/job.html): when its polling finds the document made, the download
   starts by itself, as when it was ready at the first ask; the link stays for a browser that
   holds the download back. Only once: the link loses its mark when clicked. */
(function () {
  "use strict";
  document.addEventListener("htmx:afterSettle", function () {
    var link = document.querySelector("a[data-autodownload]");
    if (link) {
      link.removeAttribute("data-autodownload");
      link.click();
    }
  });
})();
