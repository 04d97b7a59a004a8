/* The score sheet, typed from the paper with the keyboard.
   - Dealers: each line's dealer follows the line before it in the direction of play (the
     right-hand neighbour: the seat before in the sheet's column order, Nord after Est), until a
     line whose dealer was chosen by hand. At a table of 5 whose dealer sits out, the dealer's
     mark and poignée are disabled (not sent), the others enabled: the stylesheet shows who sits
     out.
   - Contracts: P, G, S and C choose Prise, Garde, Garde sans and Garde contre.
   - Marks: one mark typed on a line fills the line's other empty marks as the deal gives them
     (each defender -A, the partner A, the taker the balance), shown as filled in; a mark typed
     over one of them is the scorer's, and then nothing is filled any more on that line. The
     server checks every mark as sent, filled in or typed.
   - Enter goes to the next deal's first field (the visas after the last deal).
   - The first empty deal has the focus when the sheet opens; after a refused save, the list
     of errors has it, and its links go to each field.
   - After each live check, the fields in error say so (aria-invalid) and one polite region
     says the sheet's count of errors when it changed.
   The listeners run in the capture phase, before htmx reads the form for its live preview, so
   the preview sees the dealers and marks as they now are. Without JavaScript every line keeps
   what it shows and the server checks it all the same. */
(function () {
  "use strict";

  var CONTRACTS = { p: "prise", g: "garde", s: "garde_sans", c: "garde_contre" };

  function visible(element) {
    return !!element && !element.disabled && element.getClientRects().length > 0;
  }

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

  function followDealer(select) {
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
  }

  // --- marks -------------------------------------------------------------------------------

  function seatOf(input) {
    return Number(input.name.slice(input.name.lastIndexOf("mark") + 4));
  }

  function parseMark(text) {
    var value = text.replace(/\s/g, "").replace("\u2212", "-");
    return /^[+-]?\d{1,5}$/.test(value) ? parseInt(value, 10) : null;
  }

  function clearFilled(fields) {
    fields.forEach(function (field) {
      if (field.classList.contains("auto")) {
        field.value = "";
        field.classList.remove("auto");
      }
    });
  }

  function typedMarks(row) {
    return Array.prototype.filter.call(row.querySelectorAll("input.mark"), function (field) {
      return !field.disabled && field.value.trim() !== "" && !field.classList.contains("auto");
    });
  }

  function fillMarks(row) {
    var fields = Array.prototype.filter.call(row.querySelectorAll("input.mark"), function (f) {
      return !f.disabled;
    });
    var typed = typedMarks(row);
    if (typed.length > 1) return; // the scorer's own marks: left as typed
    var mode = row.querySelector(".mode-select");
    var takerSelect = row.querySelector(".taker-select");
    var marks = !mode || mode.value === "marks";
    if (!typed.length || !marks || !takerSelect || !takerSelect.value) {
      clearFilled(fields);
      return;
    }
    var source = typed[0];
    var others = fields.filter(function (f) { return f !== source; });
    var value = parseMark(source.value);
    var taker = Number(takerSelect.value);
    var partnerSelect = row.querySelector(".partner-select");
    var partner = partnerSelect && partnerSelect.value !== "" ? Number(partnerSelect.value) : null;
    var withPartner = partner !== null ? 1 : 0;
    var factor = fields.length - 1 - 2 * withPartner; // the taker has factor × A
    var seat = seatOf(source);
    var amount = value === null ? NaN : seat === taker ? value / factor : seat === partner ? value : -value;
    if (factor < 1 || !Number.isInteger(amount)) {
      clearFilled(others);
      return;
    }
    others.forEach(function (field) {
      var s = seatOf(field);
      field.value = String(s === taker ? factor * amount : s === partner ? amount : -amount);
      field.classList.add("auto");
    });
  }

  // --- keyboard ----------------------------------------------------------------------------

  // What the keys typed on a contract within a second choose: one letter by its initial
  // (P, G, S, C), more by the start of the contract's name ("garde s"); "" for nothing.
  var typing = { text: "", at: 0 };
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function typedContract(select, key) {
    var now = Date.now();
    var text = (now - typing.at < 1000 ? typing.text : "") + fold(key);
    if (text === " ") return null;
    typing = { text: text, at: now };
    if (text.length === 1 && CONTRACTS[text]) return CONTRACTS[text];
    for (var i = 0; i < select.options.length; i++) {
      var option = select.options[i];
      if (option.value && fold(option.text).indexOf(text) === 0) return option.value;
    }
    return "";
  }

  function focusLine(row) {
    var contract = row.querySelector(".contract-select");
    var target = visible(contract) ? contract : row.querySelector(".mode-select");
    if (target) target.focus();
  }

  function nextLine(row) {
    var next = row.nextElementSibling;
    if (next) return focusLine(next);
    var visa = document.querySelector(".sheet-foot .visas input");
    if (visa) visa.focus();
  }

  document.addEventListener(
    "change",
    function (event) {
      var target = event.target instanceof Element ? event.target : null;
      if (!target) return;
      if (target.matches("select.dealer-select")) followDealer(target);
      var row = target.closest("tr.deal");
      if (row && target.matches("select")) fillMarks(row);
    },
    true
  );

  document.addEventListener(
    "input",
    function (event) {
      var target = event.target instanceof Element ? event.target : null;
      if (!target || !target.matches("input.mark")) return;
      target.classList.remove("auto");
      fillMarks(target.closest("tr.deal"));
    },
    true
  );

  document.addEventListener(
    "keydown",
    function (event) {
      var target = event.target instanceof Element ? event.target : null;
      var row = target && target.closest("table.sheet-grid tr.deal");
      if (!row || event.ctrlKey || event.altKey || event.metaKey) return;
      if (event.key.length !== 1 || !target.matches(".contract-select")) typing.text = "";
      if (event.key === "Enter") {
        event.preventDefault();
        nextLine(row);
        return;
      }
      if (target.matches(".contract-select") && event.key.length === 1) {
        var contract = typedContract(target, event.key);
        if (contract === null) return; // a space first: the list opens, as usual
        event.preventDefault();
        if (contract && contract !== target.value) {
          target.value = contract;
          target.dispatchEvent(new Event("change", { bubbles: true }));
        }
      }
    },
    true
  );

  // --- focus and what is announced ---------------------------------------------------------

  function goTo(id) {
    var field = document.getElementById(id);
    if (!visible(field)) {
      var row = field && field.closest("tr");
      var fields = row ? row.querySelectorAll("input, select") : [];
      field = Array.prototype.filter.call(fields, visible)[0] || field;
    }
    if (field) field.focus();
  }

  var summary = document.getElementById("error-summary");
  var conflict = document.querySelector("[data-testid=conflict]");
  if (conflict) {
    conflict.focus(); // someone else saved meanwhile: that first
  } else if (summary) {
    summary.focus();
    summary.addEventListener("click", function (event) {
      var link = event.target instanceof Element ? event.target.closest("a[href^='#']") : null;
      if (!link) return;
      event.preventDefault();
      goTo(link.getAttribute("href").slice(1));
    });
  } else {
    var rows = document.querySelectorAll("table.sheet-grid tr.deal");
    for (var i = 0; i < rows.length; i++) {
      var contract = rows[i].querySelector(".contract-select");
      if (visible(contract) && !contract.value) {
        contract.focus();
        break;
      }
    }
  }

  var live = document.getElementById("sheet-live");
  function checkText() {
    var check = document.querySelector("[data-testid=sheet-check]");
    return check ? check.textContent.replace(/\s+/g, " ").trim() : "";
  }
  var said = checkText();
  function afterPreview() {
    // A field is invalid while a message it is described by says something (a mark: its own,
    // or its line's sum).
    var fields = document.querySelectorAll(".sheet-grid [aria-describedby]");
    for (var i = 0; i < fields.length; i++) {
      var ids = fields[i].getAttribute("aria-describedby").split(" ");
      var said = ids.some(function (id) {
        var message = document.getElementById(id);
        return message && message.textContent.trim() !== "";
      });
      if (said) fields[i].setAttribute("aria-invalid", "true");
      else fields[i].removeAttribute("aria-invalid");
    }
    var now = checkText();
    if (live && now !== said) live.textContent = now;
    said = now;
  }
  document.addEventListener("htmx:afterSettle", afterPreview);
})();
