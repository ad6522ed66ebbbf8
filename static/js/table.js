/* The live table: clocks, keyboard play, focus kept across updates, error frames and the
   reconnection banner. The server renders everything else; this file only makes it pleasant. */
(function () {
  "use strict";

  var focusedId = null;

  function table() { return document.getElementById("table-socket"); }

  function showError(text) {
    var box = document.getElementById("table-error");
    if (!box) return;
    box.textContent = text;
    box.hidden = false;
    clearTimeout(showError.timer);
    showError.timer = setTimeout(function () { box.hidden = true; }, 6000);
  }

  function tickClocks() {
    var now = Date.now();
    document.querySelectorAll(".clock[data-deadline]").forEach(function (clock) {
      var deadline = Date.parse(clock.dataset.deadline);
      var total = Math.max(1, parseFloat(clock.dataset.total || "30")) * 1000;
      var left = Math.max(0, deadline - now);
      var bar = clock.querySelector(".clock-bar");
      var text = clock.querySelector(".clock-text");
      if (bar) bar.style.width = Math.min(100, (left / total) * 100) + "%";
      if (text) text.textContent = Math.ceil(left / 1000) + "s";
      clock.classList.toggle("urgent", left < 5000);
    });
  }

  function updateChooser(form) {
    var picked = form.querySelectorAll("input[name=cards]:checked").length;
    var low = parseInt(form.dataset.low || "0", 10);
    var high = parseInt(form.dataset.high || "0", 10);
    var button = form.querySelector("button[type=submit]");
    if (button) button.disabled = picked < low || picked > high;
  }

  function prepare(root) {
    (root || document).querySelectorAll("form.choose-cards").forEach(updateChooser);
    var log = document.getElementById("deal-log");
    if (log) log.scrollTop = log.scrollHeight;  // the newest line in sight
    tickClocks();
  }

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form.choose-cards");
    if (form) updateChooser(form);
  });

  document.addEventListener("focusin", function (event) {
    if (event.target.id && event.target.closest("#table-live")) focusedId = event.target.id;
  });

  // What the reader is typing or picking survives the table's updates (another player's move
  // re-renders the whole table): values and ticks are put back on the elements with the same id.
  var kept = {};

  function keepInputs() {
    kept = {};
    document.querySelectorAll("#table-live input[id], #table-live select[id]").forEach(function (el) {
      if (el.type === "hidden") return;
      kept[el.id] = el.type === "checkbox" ? el.checked : el.value;
    });
  }

  function restoreInputs() {
    Object.keys(kept).forEach(function (id) {
      var el = document.getElementById(id);
      if (!el) return;
      if (el.type === "checkbox") el.checked = kept[id]; else el.value = kept[id];
    });
  }

  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    var message = event.detail.message;
    if (typeof message === "string" && message.charAt(0) === "{") {
      event.preventDefault();  // an error frame, not HTML to swap
      try {
        var data = JSON.parse(message);
        if (data.message) showError(data.message);
      } catch (e) { /* not for us */ }
      return;
    }
    keepInputs();
  });

  document.addEventListener("htmx:wsAfterMessage", function () {
    table().dataset.live = "1";  // the socket's first picture has arrived (tests wait for it)
    restoreInputs();
    prepare(document.getElementById("table-live"));
    contribute();
    if (focusedId && !document.activeElement.closest("#table-live")) {
      var again = document.getElementById(focusedId);
      if (again) again.focus();
    }
  });

  // Each seated player's browser adds a random string to the next deal's seed, so the server
  // alone cannot choose the deck (see the Fairness page).
  var socket = null;
  var contributedTo = {};

  function contribute() {
    var live = document.getElementById("table-live");
    var commitment = live && live.dataset.contribute;
    if (!socket || !commitment || contributedTo[commitment] || !window.crypto) return;
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    var value = Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
    contributedTo[commitment] = true;
    socket.send(JSON.stringify({do: "contribute", value: value}));
  }

  document.addEventListener("htmx:wsOpen", function (event) {
    socket = event.detail.socketWrapper;
    var banner = document.getElementById("table-banner");
    if (banner) banner.hidden = true;
    table().classList.remove("offline");
  });

  document.addEventListener("htmx:wsClose", function () {
    var banner = document.getElementById("table-banner");
    if (banner) banner.hidden = false;
    table().classList.add("offline");
  });

  document.addEventListener("htmx:wsConfigSend", function () {
    var box = document.getElementById("table-error");
    if (box) box.hidden = true;
  });

  // Keys: 1-9 play (or pick) the card in that place, P passes, B says "I'm back", Enter confirms a pick.
  document.addEventListener("keydown", function (event) {
    if (!table() || event.altKey || event.ctrlKey || event.metaKey) return;
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" && event.target.type !== "checkbox" || tag === "select" || tag === "textarea") return;
    var live = document.getElementById("table-live");
    if (!live) return;
    var key = event.key;
    var target = null;
    if (/^[1-9]$/.test(key)) {
      target = live.querySelector('[data-key="' + key + '"]');
      if (target && target.type === "checkbox") {
        target.checked = !target.checked;
        updateChooser(target.form);
        event.preventDefault();
        return;
      }
    } else if (key === "p" || key === "P") {
      target = live.querySelector('button[data-key="pass"]');
    } else if (key === "b" || key === "B") {
      target = document.getElementById("back-button");
    }
    if (target && !target.disabled) {
      event.preventDefault();
      target.focus();
      target.click();
    }
  });

  document.addEventListener("DOMContentLoaded", function () { prepare(document); });
  setInterval(tickClocks, 250);
})();
