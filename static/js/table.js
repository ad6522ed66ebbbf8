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

  // The clock counts down what the server said was left when it sent the table, on this
  // browser's own clock: a wrong system clock cannot show the wrong time.
  function armClocks(root) {
    var now = Date.now();
    (root || document).querySelectorAll(".clock[data-remaining]").forEach(function (clock) {
      clock.dataset.until = String(now + parseInt(clock.dataset.remaining || "0", 10));
    });
  }

  function tickClocks() {
    var now = Date.now();
    document.querySelectorAll(".clock[data-until]").forEach(function (clock) {
      var total = Math.max(1, parseFloat(clock.dataset.total || "30")) * 1000;
      var left = Math.max(0, parseInt(clock.dataset.until, 10) - now);
      var bar = clock.querySelector(".clock-bar");
      var text = clock.querySelector(".clock-text");
      if (bar) bar.style.width = Math.min(100, (left / total) * 100) + "%";
      // "{seconds}s" in the reader's language, from the server ("30 с" in Russian and Bulgarian).
      var format = clock.dataset.format || "{seconds}s";
      if (text) text.textContent = format.replace("{seconds}", String(Math.ceil(left / 1000)));
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
    armClocks(root);
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

  // Where a frame stands in the table's story: (deal number, seq). Two updates sent from two
  // threads can arrive the wrong way round; an older picture never replaces a newer one.
  function position(text) {
    var deal = /data-deal-number="(\d+)"/.exec(text), seq = /data-seq="(\d+)"/.exec(text);
    return [deal ? parseInt(deal[1], 10) : 0, seq ? parseInt(seq[1], 10) : 0];
  }

  function older(a, b) { return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]); }

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
    var live = document.getElementById("table-live");
    if (live && typeof message === "string" && older(position(message), position(live.outerHTML.slice(0, 400)))) {
      event.preventDefault();
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

  document.addEventListener("htmx:wsClose", function (event) {
    var banner = document.getElementById("table-banner");
    var code = event.detail && event.detail.event ? event.detail.event.code : 0;
    if (banner) {
      if (code >= 4400 && code < 4500 && banner.dataset.removed) {
        // Refused by the server (banned, suspended, left the club): no reconnecting, and the error
        // frame before the close said why.
        banner.textContent = banner.dataset.removed;
        banner.classList.add("error");
      }
      banner.hidden = false;
    }
    table().classList.add("offline");
  });

  document.addEventListener("htmx:wsConfigSend", function (event) {
    var box = document.getElementById("table-error");
    if (box) box.hidden = true;
    // The server reads none of htmx's headers, and they carry the page's whole address: a link with
    // a long #fragment made every move too long to be taken.
    event.detail.headers = null;
  });

  // Keys: 1-9 play (or pick) the card in that place, Enter confirms the cards picked, letters say
  // the bids (P pass, S snore, H help, F five, L look...), B says "I'm back".
  // By the key's place, not its letter: on a Russian or Bulgarian layout "P" is "З" or "П".
  var LETTERS = {KeyP: "pass", KeyS: "snore", KeyH: "help", KeyF: "five", KeyX: "six", KeyL: "look",
                 KeyC: "cheer", KeyM: "mourn", KeyV: "helicopter", KeyD: "dark", KeyT: "shoot", KeyK: "blind"};

  document.addEventListener("keydown", function (event) {
    if (!table() || event.altKey || event.ctrlKey || event.metaKey) return;
    var tag = (event.target.tagName || "").toLowerCase();
    if ((tag === "input" && event.target.type !== "checkbox") || tag === "select" || tag === "textarea") return;
    var live = document.getElementById("table-live");
    if (!live) return;
    var key = event.key, target = null;
    var digit = /^Digit[1-9]$/.test(event.code || "") ? event.code.slice(5) : (/^[1-9]$/.test(key) ? key : null);
    if (digit) {
      key = digit;
      target = live.querySelector('[data-key="' + key + '"]');
      if (target && target.type === "checkbox") {
        target.checked = !target.checked;
        updateChooser(target.form);
        event.preventDefault();
        return;
      }
      if (target && target.dataset.choose) {  // the 7♠: joker or seven is his to say
        event.preventDefault();
        target.focus();
        return;
      }
    } else if (key === "Enter") {
      if (tag === "button" || tag === "a") return;  // the focused control answers Enter itself
      target = live.querySelector("form.choose-cards button[type=submit]");
    } else if (event.code === "KeyB") {
      target = document.getElementById("back-button");
    } else if (LETTERS[event.code]) {
      target = live.querySelector('.bids button[data-key="' + LETTERS[event.code] + '"]');
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
