/* What a screen reader should hear after the page loads or changes.
   - The page's messages ("Table 3: sheet saved.") are in a live region from the start, which is
     not spoken: they are taken out and put back once the page is read, so that they are.
   - A search swapped in by htmx with hx-select (the public seating page) says how many it
     found in a hidden [data-search-count]: the page's #search-count live region (role=status,
     outside what is swapped) repeats it when it changed. Elsewhere the search's answer fills
     #search-count itself (out of band).
   Without JavaScript the messages simply stay where they are. */
(function () {
  "use strict";
  var region = document.getElementById("messages");
  var list = region && region.querySelector(".messages");
  if (list) {
    region.removeChild(list);
    window.setTimeout(function () {
      region.appendChild(list);
    }, 250);
  }

  function sayCount(event) {
    var live = document.getElementById("search-count");
    var count = document.querySelector("[data-search-count]");
    if (!live || !count) return; // the count is the live region's own (check-in, players)
    var text = count.textContent.trim();
    var searched = event && event.detail && event.detail.elt && event.detail.elt.type === "search";
    if (live.textContent === text && searched) {
      // A new search with as many results: emptied, then said again, so that it is heard.
      live.textContent = "";
      window.setTimeout(function () {
        live.textContent = text;
      }, 100);
    } else if (live.textContent !== text) {
      live.textContent = text; // a refresh of the page says nothing it said already
    }
  }
  document.addEventListener("htmx:afterSettle", sayCount);
  window.setTimeout(function () {
    sayCount(null);
  }, 250);
})();
