/* The live table: clocks, keyboard play, focus kept across updates, error frames and the
   reconnection banner. The server renders everything else; this file only makes it pleasant. */
(function () {
  "use strict";

  var focusedId = null;

  function table() { return document.getElementById("table-socket"); }

  var lastError = null;  // the last error frame: a close that follows it is explained by it

  // A reason read off a card's place by its number key (data-why): it belongs to the picture it was
  // read from. Pressed by reflex just after his card went, "It is not your turn." stayed in red
  // through the turn that came to him (review 160).
  var keyReason = null;

  function showError(text, done) {
    var box = document.getElementById("table-error");
    if (!box) return;
    keyReason = null;
    box.textContent = text;
    // A request already done (sent again from another tab, say) is news, not a failure in red.
    box.classList.toggle("error", !done);
    box.setAttribute("role", done ? "status" : "alert");
    // It stays until his next move is sent (htmx:wsConfigSend below): gone after six seconds, a
    // refusal of 25 words was lost by a slow reader, or one zoomed in on his cards. Or until he
    // closes it (its button, or Escape): on a phone it covered the seats he wanted to read.
    box.hidden = false;
    var close = document.getElementById("table-error-close");
    if (close) close.hidden = false;
  }

  function hideError() {
    var box = document.getElementById("table-error");
    if (box) box.hidden = true;
    var close = document.getElementById("table-error-close");
    if (close) close.hidden = true;
  }

  // Closed by the player: the focus goes back to the table (his first move, else the table itself),
  // not to the page's top where a hidden button leaves it.
  function closeError() {
    var close = document.getElementById("table-error-close");
    var hadFocus = close && document.activeElement === close;
    hideError();
    if (!hadFocus) return;
    var live = document.getElementById("table-live");
    var target = live && live.querySelector("button:not([disabled]), input:not([disabled]):not([type=hidden]), a[href]");
    if (target) { target.focus(); return; }
    var socket = table();
    if (socket) {
      if (!socket.hasAttribute("tabindex")) socket.setAttribute("tabindex", "-1");
      socket.focus();
    }
  }

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#table-error-close")) closeError();
  });

  // The clock counts down what the server said was left when it sent the table, on this
  // browser's own clock: a wrong system clock cannot show the wrong time.
  // Counted on two clocks, and the lesser time left shown: the computer's (Date) runs on while a
  // laptop sleeps, but jumps when the system sets its time (set back, it gave the player minutes the
  // table does not); the page's steady clock (performance.now) never jumps, but may stand still
  // while the computer sleeps. Neither alone shows too much time.
  function steadyNow() {
    return window.performance && performance.now ? performance.now() : Date.now();
  }

  // Counted from a frame's arrival, though, the time the frame spent on the way was the player's
  // too: on a slow link the page showed seconds the table had not given him, and a move made at
  // "3s" came too late. The page asks the table's clock on each connection (askTime) and counts to
  // the table's deadline on it; the count from arrival stays an upper bound.
  var serverAhead = null, askedTimeAt = null;  // {date, steady}: the table's clock less the page's

  function armClocks(root) {
    var now = Date.now(), steady = steadyNow();
    (root || document).querySelectorAll(".clock[data-remaining]").forEach(function (clock) {
      if (!clock.dataset.until) {
        var remaining = parseInt(clock.dataset.remaining || "0", 10);
        clock.dataset.until = String(now + remaining);
        clock.dataset.steadyUntil = String(steady + remaining);
      }
      // On the steady clock only: the computer's clock set forward after the table's was read (by
      // hand, or a sync) put every later frame's deadline that much early, and the page held his
      // moves at 0 through a turn the table still gave him.
      var deadline = parseFloat(clock.dataset.deadline);
      if (serverAhead && !isNaN(deadline)) {
        clock.dataset.steadyUntil = String(
          Math.min(parseFloat(clock.dataset.steadyUntil), deadline - serverAhead.steady));
      }
    });
  }

  // The table's clock as read when the page asked, not when the answer came: the page's count errs
  // short by the way there, which a move sent at the last moment must travel too, never long.
  function askTime() {
    if (!socket) return;
    askedTimeAt = {date: Date.now(), steady: steadyNow()};
    socket.send(JSON.stringify({do: "time"}));
  }

  function tableTime(clock) {
    if (!askedTimeAt || typeof clock !== "number") return;
    serverAhead = {date: clock - askedTimeAt.date, steady: clock - askedTimeAt.steady};
    askedTimeAt = null;
    armClocks(document);
    tickClocks();
  }

  // The start goes by with the page open and no deal yet: "This table starts 20:00" read at 20:05
  // told him he was early. It now says the table is starting, late (the page draws it so too).
  function startPassed() {
    var starts = document.getElementById("table-starts");
    var at = starts ? parseInt(starts.dataset.starts || "", 10) * 1000 : NaN;
    var live = document.getElementById("table-live");
    var now = Date.now() + (serverAhead ? serverAhead.date : 0);  // on the table's clock, once known
    // Late once the table's clock would have started it (selectors.START_LATE_AFTER): each frame
    // says whether it still has a start to come (data-starts), and one started on time is not late.
    if (!starts || starts.hidden || isNaN(at) || now < at + 30000 || !starts.dataset.late) return;
    if (!live || !live.dataset.starts) return;
    if (starts.textContent !== starts.dataset.late) starts.textContent = starts.dataset.late;
  }

  function tickClocks() {
    startPassed();
    var now = Date.now(), steady = steadyNow();
    document.querySelectorAll(".clock[data-until]").forEach(function (clock) {
      var total = Math.max(1, parseFloat(clock.dataset.total || "30")) * 1000;
      var past = now - parseInt(clock.dataset.until, 10);  // how long since the turn's end, if over
      var steadyUntil = parseFloat(clock.dataset.steadyUntil);
      if (!isNaN(steadyUntil)) past = Math.max(past, steady - steadyUntil);
      var left = Math.max(0, -past);
      var bar = clock.querySelector(".clock-bar");
      var text = clock.querySelector(".clock-text");
      if (bar) bar.style.width = Math.min(100, (left / total) * 100) + "%";
      // "{seconds}s" in the reader's language, from the server ("30 с" in Russian and Bulgarian).
      var format = clock.dataset.format || "{seconds}s";
      var seconds = Math.ceil(left / 1000);
      // A bot's turn says it is thinking (drawn so): its delay counted read "0s" until it moved.
      if (text && !clock.dataset.thinking) {
        // A long turn (up to ten minutes) read "600s": drawn as a clock draws it, said in words.
        text.textContent = seconds < 60 ? format.replace("{seconds}", String(seconds))
          : Math.floor(seconds / 60) + ":" + ("0" + (seconds % 60)).slice(-2);
        clock.dataset.spoken = spokenTime(clock, seconds);
      }
      clock.classList.toggle("urgent", left < 5000);
      warnIfLate(clock, total, left, format);
      if (left <= 0) dueNow(clock);
      checkOverdue(clock, past);
    });
  }

  function spokenTime(clock, seconds) {
    var format = clock.dataset.format || "{seconds}s";
    if (seconds < 60) return format.replace("{seconds}", String(seconds));
    var minutes = String(Math.floor(seconds / 60)), rest = seconds % 60;
    var words = rest ? clock.dataset.formatLong : clock.dataset.formatMinutes;
    return (words || "{minutes}:{seconds}").replace("{minutes}", minutes).replace("{seconds}", String(rest));
  }

  // The turn's announcement says the time left when the turn begins; a player thinking over his move
  // (the clock is drawn, not said) is told once more, ten seconds before it ends, that time is short.
  var WARN_MS = 10000, warnedFor = null;

  // Which turn a frame shows: its deal and the turn's end. A look by another player at his own
  // cards (blind play) moves the table's seq but not the turn: keyed on seq, each look said "your
  // turn, time left" again, and in the last ten seconds the warning twice.
  function turnOf(live) {
    return (live.dataset.dealNumber || "") + ":" + (live.dataset.turn || live.dataset.seq || "");
  }

  function warnIfLate(clock, total, left, format) {
    var live = document.getElementById("table-live");
    if (!live || !clock.closest(".seat.me") || total <= WARN_MS || left <= 0 || left > WARN_MS) return;
    var turn = turnOf(live);
    if (warnedFor === turn) return;
    warnedFor = turn;
    var box = document.getElementById("table-announce");
    if (box) box.textContent = (clock.getAttribute("aria-label") || "") + ": " +
      format.replace("{seconds}", String(Math.ceil(left / 1000))) + ".";
  }

  // His clock at 0: the table makes his move now, and a move of his would only come back "too late".
  // The moves are held and the note says so, until the table's next frame (which draws them anew).
  function dueNow(clock) {
    var note = document.getElementById("clock-due");
    if (!note || !note.hidden || !clock.closest(".seat.me")) return;
    note.hidden = false;
    document.querySelectorAll(
      "#table-live form.bid, #table-live form.play, #table-live form.choose-cards"
    ).forEach(function (form) {
      form.querySelectorAll("button, input, select").forEach(function (el) { el.disabled = true; });
    });
    var box = document.getElementById("table-announce");
    if (box) box.textContent = note.textContent;
  }

  function updateChooser(form) {
    var picked = form.querySelectorAll("input[name=cards]:checked").length;
    var low = parseInt(form.dataset.low || "0", 10);
    var high = parseInt(form.dataset.high || "0", 10);
    var button = form.querySelector("button[type=submit]");
    if (button) button.disabled = picked < low || picked > high;
  }

  // Where the deal log was scrolled before an update drew it again: each update scrolled the new
  // log to its end, and a player who had scrolled back to read who bid what was thrown to the
  // newest line at anybody's move. Kept only when he is not at the end (he follows it there).
  var logKept = null;

  function dealOf(log) {
    var live = log.closest("#table-live");
    return live ? live.dataset.dealNumber || "" : "";
  }

  function keepLog() {
    var log = document.getElementById("deal-log");
    logKept = log && log.scrollTop + log.clientHeight < log.scrollHeight - 2
      ? {deal: dealOf(log), top: log.scrollTop} : null;
  }

  function prepare(root) {
    armClocks(root);
    (root || document).querySelectorAll("form.choose-cards").forEach(updateChooser);
    var log = document.getElementById("deal-log");
    // The newest line in sight, unless its reader scrolled the log back in this deal (keepLog).
    if (log) log.scrollTop = logKept !== null && logKept.deal === dealOf(log) ? logKept.top : log.scrollHeight;
    logKept = null;
    tickClocks();
  }

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form.choose-cards");
    if (form) updateChooser(form);
  });

  // Where the reader's focus was in the table: the control's id, or "" for a place in it without
  // one (a link, the table itself); null when it is elsewhere on the page. Each update replaces the
  // table, and with it the focused control: the focus fell to the page's top, so a keyboard player
  // pressed Tab a dozen times after every move, and one reading elsewhere (the how-to, a link below)
  // was pulled back to a button he had left.
  document.addEventListener("focusin", function (event) {
    focusedId = event.target.closest && event.target.closest("#table-live") ? (event.target.id || "") : null;
  });

  // A focus moved for someone who taps or clicks must not scroll the page he is reading.
  var byKeys = false;
  document.addEventListener("keydown", function () { byKeys = true; }, true);
  document.addEventListener("pointerdown", function () { byKeys = false; }, true);

  function usable(el) {
    return el && !el.disabled && el.getClientRects().length > 0;
  }

  function firstMove(live) {
    var moves = live.querySelectorAll(".bids button, .my-hand button, .my-hand input[type=checkbox]");
    for (var i = 0; i < moves.length; i++) if (usable(moves[i])) return moves[i];
    return null;
  }

  // After an update: the same control if it is still there and can be used; else, on the reader's
  // turn, his first move (a bid, a card); else the table itself, so that Tab goes on from there.
  function keepFocus(live) {
    if (focusedId === null || !live) return;
    var active = document.activeElement;
    if (active && active !== document.body && active !== document.documentElement) return;
    var again = focusedId && focusedId !== "table-live" ? document.getElementById(focusedId) : null;
    if (!usable(again)) again = live.dataset.myTurn === "1" ? firstMove(live) : null;
    if (again) {
      again.focus({preventScroll: !byKeys});
      return;
    }
    // Focused, a plain element is read out whole (every seat, the log...): as a named group only
    // its name is said ("Table"), in the page's language (the centre's own label).
    var center = live.querySelector(".center[aria-label]");
    live.tabIndex = -1;
    live.setAttribute("role", "group");
    if (center) live.setAttribute("aria-label", center.getAttribute("aria-label"));
    live.focus({preventScroll: true});
  }

  // Said to a screen reader after an update (#table-announce, outside the replaced table): the
  // deal's new log lines (each move, each trick), the result, and "your turn" when it becomes his.
  // The history already on the page when it opens is not read out, nor more than a few lines at
  // once (a reconnect after a while brings many).
  var heard = null, SAY_AT_MOST = 6, backSaid = null;

  // An element's words as a screen reader says them: a card ("7♠") by its name ("7 of spades").
  function spoken(el) {
    var copy = el.cloneNode(true);
    copy.querySelectorAll("[role=img][aria-label]").forEach(function (img) {
      img.replaceWith(img.getAttribute("aria-label"));
    });
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  function announce(live) {
    var box = document.getElementById("table-announce");
    if (!box || !live) return;
    var deal = live.dataset.dealNumber || "0", turn = turnOf(live);
    var lines = live.querySelectorAll("#deal-log li");
    var myTurn = live.dataset.myTurn === "1";
    var settled = !!live.querySelector(".settlement");
    var said = [];
    // Connected again: said, and on his turn that turn and its time again (the clock ran meanwhile).
    var back = !!backSaid;
    if (backSaid) said.push(backSaid);
    backSaid = null;
    if (heard) {
      var from = heard.deal === deal ? heard.lines : 0;
      for (var i = Math.max(from, lines.length - SAY_AT_MOST); i < lines.length; i++) said.push(spoken(lines[i]));
      if (settled && !(heard.deal === deal && heard.settled)) {
        var result = live.querySelector(".settlement h2");
        if (result) said.push(result.textContent.trim());
      }
    }
    // Marked away (his time ran out, or he stepped away): said, with how his moves are made now. The
    // badge and "I'm back" are drawn, not said, and a player whose time ran out heard only that the
    // clock moved for him, then "your turn" again and again, each time the clock's.
    var awayNotice = live.querySelector("#away-notice");
    var away = !!awayNotice;
    // Said again when it changes: played for in his deal, then sitting deals out, then the deal that
    // ends with his stand-up.
    var awayText = away ? awayNotice.textContent.replace(/\s+/g, " ").trim() : "";
    if (away && heard && heard.awayText !== awayText) said.push(awayText);
    // Back ("I'm back", or a move of his own): said too, or the button went in silence.
    if (!away && heard && heard.away && live.querySelector("#away-button") && box.dataset.present) {
      said.push(box.dataset.present);
    }
    if (myTurn && (back || !(heard && heard.deal === deal && heard.turn === turn && heard.myTurn && heard.away === away))) {
      var phase = live.querySelector(".center .phase");
      if (phase) said.push(phase.textContent.replace(/\s+/g, " ").trim());
      // And how long he has: the clock is drawn, not said, and nobody reads a timer out by himself.
      // Away, the time is the clock's (it moves for him at once), not his to move in.
      var clock = live.querySelector(".seat.me .clock");
      var left = clock && clock.querySelector(".clock-text");
      if (!away && left && left.textContent) {
        said.push((clock.getAttribute("aria-label") || "") + ": " + (clock.dataset.spoken || left.textContent) + ".");
      }
    }
    heard = {deal: deal, turn: turn, lines: lines.length, settled: settled, myTurn: myTurn, away: away, awayText: awayText};
    if (said.length) box.textContent = said.join(" ");
  }

  // What the reader is typing or picking survives the table's updates (another player's move
  // re-renders the whole table): values and ticks are put back on the elements with the same id.
  // A field of one seat's box (its data-seat: the seat's own id) goes back only into the same
  // seat's box: a reason typed to stand Vera up was put in the box of Gleb, who sat down there since.
  var kept = {};
  var keptSeat = {};

  function seatOf(el) {
    var box = el.closest("[data-seat]");
    return box ? box.dataset.seat : "";
  }

  function keepInputs() {
    kept = {};
    keptSeat = {};
    document.querySelectorAll("#table-live input[id], #table-live select[id]").forEach(function (el) {
      if (el.type === "hidden") return;
      kept[el.id] = el.type === "checkbox" ? el.checked : el.value;
      keptSeat[el.id] = seatOf(el);
    });
  }

  // A box opened in the table (a manager's "Stand up…" and its reason) was drawn closed again by
  // the next update: the reason typed sat in a hidden field, the focus fell to the page's top. Open
  // boxes are opened again, if the same (same id, same seat) is still there.
  var openBoxes = {};

  function keepOpen() {
    openBoxes = {};
    document.querySelectorAll("#table-live details[open][id]").forEach(function (box) {
      openBoxes[box.id] = box.dataset.seat || "";
    });
  }

  function reopen() {
    Object.keys(openBoxes).forEach(function (id) {
      var box = document.getElementById(id);
      if (box && box.tagName === "DETAILS" && (box.dataset.seat || "") === openBoxes[id]) box.open = true;
    });
    openBoxes = {};
  }

  function restoreInputs() {
    Object.keys(kept).forEach(function (id) {
      var el = document.getElementById(id);
      if (!el || seatOf(el) !== keptSeat[id]) return;
      if (el.type === "checkbox") el.checked = kept[id]; else el.value = kept[id];
    });
  }

  // The field being typed in is kept itself, not only its value: its twin took the value but not
  // the caret, so the next keys went in front of what was typed ("2", an update, "00" made "002"),
  // and a field whose text was selected to be replaced got the new text beside the old ("200100").
  // The kept field takes the twin's attributes (limits, disabled) and its place.
  var typing = null;

  function typingField() {
    var el = document.activeElement;
    if (!el || !el.id || !el.closest("#table-live")) return null;
    var tag = el.tagName.toLowerCase();
    if (tag === "textarea" || tag === "select") return el;
    if (tag === "input" && !/^(checkbox|radio|hidden|submit|button|reset|image|file)$/.test(el.type)) return el;
    return null;
  }

  function keepTyping() {
    var el = typing;
    typing = null;
    if (!el || el.isConnected) return;
    var twin = document.getElementById(el.id);
    if (!twin || twin.tagName !== el.tagName || twin.type !== el.type || twin.name !== el.name) return;
    if (seatOf(twin) !== (keptSeat[el.id] || "")) return;
    Array.prototype.slice.call(el.attributes).forEach(function (a) {
      if (!twin.hasAttribute(a.name)) el.removeAttribute(a.name);
    });
    Array.prototype.slice.call(twin.attributes).forEach(function (a) {
      if (a.name !== "value") el.setAttribute(a.name, a.value);
    });
    twin.replaceWith(el);
    el.focus();
  }

  // A click is a press and a release on one element. An update that lands between the two (any
  // player's move, somebody opening the table) replaces the pressed button with its twin, and the
  // browser then clicks nothing: the player's "Sit down" or card did nothing. The release on the
  // twin clicks it, if the update left that control and its form as they were.
  var pressed = null;

  function formOf(control) { return control.form || control; }

  document.addEventListener("pointerdown", function (event) {
    var control = event.target.closest && event.target.closest(
      "#table-live button[id], #table-live input[id][type=submit], #table-live input[id][type=checkbox]");
    pressed = control ? {id: control.id, element: control, html: formOf(control).outerHTML, clicked: false} : null;
  }, true);

  document.addEventListener("click", function () { if (pressed) pressed.clicked = true; }, true);

  document.addEventListener("pointerup", function (event) {
    var was = pressed;
    if (!was || was.element.isConnected) { pressed = null; return; }
    setTimeout(function () {  // after the click the browser may still send for this release
      pressed = null;
      if (was.clicked) return;
      var twin = document.getElementById(was.id);
      var under = document.elementFromPoint(event.clientX, event.clientY);
      if (!twin || twin.disabled || !under || !(twin === under || twin.contains(under) ||
          (twin.labels && Array.prototype.some.call(twin.labels, function (l) { return l.contains(under); })))) return;
      if (formOf(twin).outerHTML !== was.html) return;  // the update changed what it would do
      twin.click();
    }, 0);
  }, true);

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
        if (data.clock !== undefined && data.error === undefined) { tableTime(data.clock); return; }
        // The browser sends the random string by itself, from every tab at the table: the one
        // the server refuses as a second string for the deal, or as late (that deal was dealt
        // before it arrived), or as for no deal (the table's end time passed between the frame and
        // the string: it deals no more), is nothing the player did or can mend.
        var unused = data.error === "late_contribution" || data.error === "no_pending_deal";
        var ownString = data.error === "already_contributed" || unused;
        if (unused) forgetLate(data.commitment, data.value);
        if (data.message && !ownString) showError(data.message, data.done === true);
        if (!ownString) freeForms();
        lastError = data;
      } catch (e) { /* not for us */ }
      return;
    }
    var live = document.getElementById("table-live");
    if (live && typeof message === "string" && older(position(message), position(live.outerHTML.slice(0, 400)))) {
      event.preventDefault();
      return;
    }
    keepInputs();
    keepOpen();
    keepLog();
    typing = typingField();
  });

  // A new picture that no longer says the key's reason at its place ends it; one that still says it
  // (another player's look, a heartbeat) leaves it for a slow reader.
  document.addEventListener("htmx:wsAfterMessage", function () {
    if (!keyReason) return;
    var live = document.getElementById("table-live");
    var slot = live ? live.querySelector('[data-key="' + keyReason.key + '"]') : null;
    if (!slot || slot.dataset.why !== keyReason.text) {
      keyReason = null;
      hideError();
    }
  });

  document.addEventListener("htmx:wsAfterMessage", function () {
    table().dataset.live = "1";  // the socket's first picture has arrived (tests wait for it)
    restoreInputs();
    reopen();  // before the field typed in is put back: in a closed box it cannot take the focus
    keepTyping();
    prepare(document.getElementById("table-live"));
    contribute();
    keepFocus(document.getElementById("table-live"));
    announce(document.getElementById("table-live"));
    // "This table starts at ..." is drawn with the page, outside the frames: once a deal has been
    // dealt it is past news, and it stood above the play until the page was reloaded.
    var starts = document.getElementById("table-starts");
    var live = document.getElementById("table-live");
    if (starts && live && live.dataset.dealNumber && live.dataset.dealNumber !== "0") starts.hidden = true;
    // No start to come any more (it started, or a manager called the table off: review 127): a
    // reload draws no notice, and "This table starts …" stood above "This table was cancelled.".
    else if (starts && live && !live.dataset.starts) starts.hidden = true;
    else if (starts && live && live.dataset.starts && live.dataset.starts !== starts.dataset.starts) {
      startsMoved(starts, live.dataset.starts);
    }
  });

  // A manager moved the table's start: the notice is the page's (a frame is drawn without the
  // reader's time zone), so the page reads it anew, once per new start.
  function startsMoved(starts, when) {
    if (starts.dataset.asked === when || !window.fetch || !window.DOMParser) return;
    starts.dataset.asked = when;
    fetch(window.location.pathname, {credentials: "same-origin", headers: {"Accept": "text/html"}})
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (html) {
        var fresh = html && new DOMParser().parseFromString(html, "text/html").getElementById("table-starts");
        var now = document.getElementById("table-starts");
        if (fresh && now) now.replaceWith(document.importNode(fresh, true));
      })
      .catch(function () { delete starts.dataset.asked; });
  }

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
    // With the commitment it is for: a string that arrives after that deal was dealt is refused,
    // not mixed into the deal after it (whose own string the server would then refuse).
    socket.send(JSON.stringify({do: "contribute", value: value, commitment: commitment}));
    remember(commitment, value);
    lastSent = OWN_PREFIX + commitment.toLowerCase() + ":" + value;
  }

  // The string refused as late was not mixed into its deal: forgotten, so that the Fairness page
  // does not say the server left it out. The refusal names it: the next deal's string may have been
  // sent since (its commitment often arrives first), and that one is kept.
  var lastSent = null;
  function forgetLate(commitment, value) {
    var key = typeof commitment === "string" && typeof value === "string"
      ? OWN_PREFIX + commitment.toLowerCase() + ":" + value : lastSent;
    if (!key) return;
    try { window.localStorage.removeItem(key); } catch (e) { /* no storage */ }
    if (key === lastSent) lastSent = null;
  }

  // The browser keeps its strings (the last 500) so that the Fairness page can show the player that
  // his own string was mixed into a deal's seed: nobody else can tell him.
  // Two tabs of one player at one table each send a string for the same deal; the server keeps the
  // first to arrive and refuses the other. Each string is kept under a key of its own: one shared
  // record, read and written back by each tab, lost one tab's string when the two wrote at once
  // (the browser's tabs see each other's writes late), and the Fairness page then told the player
  // his string was left out of a fair deal.
  var OWN_PREFIX = "khrap-own-string:", OWN_KEEP = 500;
  function remember(commitment, value) {
    try {
      var storage = window.localStorage;
      storage.setItem(OWN_PREFIX + commitment.toLowerCase() + ":" + value, String(Date.now()));
      var mine = [];
      for (var i = 0; i < storage.length; i++) {
        var key = storage.key(i);
        if (key && key.indexOf(OWN_PREFIX) === 0) mine.push([Number(storage.getItem(key)) || 0, key]);
      }
      if (mine.length <= OWN_KEEP) return;
      mine.sort(function (a, b) { return a[0] - b[0]; });
      mine.slice(0, mine.length - OWN_KEEP).forEach(function (entry) { storage.removeItem(entry[1]); });
    } catch (e) { /* no storage (private mode, full): the check on the Fairness page is skipped */ }
  }

  // The browser's socket to the table now (``open``), and one the page closed itself to connect
  // again (``retired``): its close is no lost connection.
  var open = null, retired = null;

  document.addEventListener("htmx:wsOpen", function (event) {
    socket = event.detail.socketWrapper;
    open = event.detail.event ? event.detail.event.target : null;
    var banner = document.getElementById("table-banner");
    if (banner) banner.hidden = true;
    // The connection lost was said to a screen reader (showLost): its return is said too, with the
    // table's first picture (announce), or a blind player waited on a table that was back.
    if (table().classList.contains("offline") && banner && banner.dataset.back) backSaid = banner.dataset.back;
    table().classList.remove("offline");
    // The table's clock is read again on each connection, and the last reading forgotten until then:
    // a page woken from sleep or moved on meanwhile counted this connection's first frame to a
    // deadline put early by the old reading, and held his moves at 0.
    serverAhead = null;
    askTime();
  });

  function showLost(banner) {
    if (banner) {
      banner.hidden = false;
      // A live region that appears with its words already in it is not read out: the words go to
      // the table's announcer, which is always there.
      var say = document.getElementById("table-announce");
      if (say) say.textContent = banner.textContent;
    }
    table().classList.add("offline");
  }

  // The browser knows when its network is gone, long before its socket does: that stays open,
  // silent, until the network is back or the system gives it up minutes later, and the player saw
  // his turn and his clock run down with no word that nothing reached the table. Back online, the
  // page connects again (the old socket may be dead without knowing it) and gets the table as it
  // is now, moves made meanwhile and a move the clock made for him included.
  window.addEventListener("offline", function () {
    if (table()) showLost(document.getElementById("table-banner"));
  });

  window.addEventListener("online", function () {
    if (!table() || !socket || !socket.reconnect || !open || open.readyState !== WebSocket.OPEN) return;
    retired = open;
    open = null;
    socket.reconnect();
  });

  // A socket can also die with nothing said at all (a laptop that slept, a phone's locked screen, a
  // network changed under it): open and silent until the system gives it up, minutes later, and
  // the player back at his tab saw the table as he had left it. Back in sight after a while, the
  // page asks the table for its picture (one render), and connects again if none comes.
  var HIDDEN_LONG = 15000, ANSWER_WITHIN = 5000;
  var hiddenAt = null, heardAt = 0;

  document.addEventListener("htmx:wsBeforeMessage", function () { heardAt = Date.now(); });

  document.addEventListener("visibilitychange", function () {
    if (!table()) return;
    if (document.visibilityState === "hidden") { hiddenAt = Date.now(); return; }
    var away = hiddenAt === null ? 0 : Date.now() - hiddenAt;
    hiddenAt = null;
    if (away < HIDDEN_LONG) return;
    askOrReconnect();
  });

  // Asks the table for its picture (one render); no answer within a few seconds: the socket is
  // dead, and the page says so and connects again.
  function askOrReconnect() {
    if (!socket || !open || open.readyState !== WebSocket.OPEN) return;
    var asked = Date.now(), asking = open;
    socket.send(JSON.stringify({do: "sync"}));
    setTimeout(function () {
      if (heardAt >= asked || open !== asking || asking.readyState !== WebSocket.OPEN) return;
      retired = asking;
      open = null;
      showLost(document.getElementById("table-banner"));
      socket.reconnect();
    }, ANSWER_WITHIN);
  }

  // The table answers what a form sends at once (a new picture, or a refusal). Sent into a socket
  // that died silently, a move went nowhere, the form came back after a few seconds, and a second
  // click went nowhere too: no answer within a few seconds and the page asks, as above.
  function awaitAnswer() {
    var sent = Date.now(), on = open;
    setTimeout(function () {
      if (heardAt >= sent || !on || open !== on) return;
      askOrReconnect();
    }, ANSWER_WITHIN);
  }

  // The socket can die with the tab in sight too (a router restarted, a laptop moved to another
  // network, a phone from Wi-Fi to mobile data): nothing closes and nothing is heard, and the player
  // watched his table stand still, a clock at 0 and no banner, while the clock played for him and
  // marked him away. A turn clock that ran out is a move the table owes at once: if nothing was
  // heard a few seconds after it, the page asks, once per position (a table whose clock itself
  // stands still answers with the same position, and is not asked again every few seconds).
  var OVERDUE = 5000, askedFor = null;

  function checkOverdue(clock, past) {
    var until = parseInt(clock.dataset.until, 10);
    if (!(past > OVERDUE) || heardAt > until) return;
    var live = document.getElementById("table-live");
    var turn = live ? (live.dataset.dealNumber || "") + ":" + (live.dataset.seq || "") : "";
    if (askedFor === turn) return;
    askedFor = turn;
    askOrReconnect();
  }

  document.addEventListener("htmx:wsClose", function (event) {
    var closed = event.detail && event.detail.event ? event.detail.event.target : null;
    if (closed && closed === retired) { retired = null; return; }
    var banner = document.getElementById("table-banner");
    var code = event.detail && event.detail.event ? event.detail.event.code : 0;
    if (banner) {
      if ((code === 4429 || code === 4401) && lastError && lastError.message) {
        // Too many tabs, or too many messages, or logged out (in another tab, say): what the server
        // said, and what to do about it. The person is not shut out, as the sentence below would
        // tell him.
        banner.textContent = lastError.message;
        banner.classList.add("error");
      } else if (code >= 4400 && code < 4500 && banner.dataset.removed) {
        // Refused by the server (banned, suspended, left the club): no reconnecting, and the error
        // frame before the close said why.
        banner.textContent = banner.dataset.removed;
        banner.classList.add("error");
      }
    }
    showLost(banner);
    // htmx connects again after 1006, 1011, 1012 and 1013 only; these closes are no refusal either,
    // and the tab stayed dead under "reconnecting…": 4001, the login the socket was opened under
    // changed (a password changed, here or elsewhere: only a login that still holds gets back in),
    // and 1000 or 1001, daphne closing a socket it has held for its --websocket_timeout (a day).
    var wrapper = event.detail && event.detail.socketWrapper;
    if ((code === 4001 || code === 1000 || code === 1001) && wrapper && wrapper.reconnect) {
      setTimeout(function () { wrapper.reconnect(); }, 500);
    }
  });

  // How long to wait before connecting again after the try-th failed try. htmx's own wait doubles
  // up to 64 s: a server gone for half a minute was met again up to a minute after it came back,
  // while the player's turn clock ran and moved for him. At most 6 s here, still at a random moment
  // within the second half of the bound, so a restarted server is not met by every page at once.
  // Not less: each connect the server takes counts against the person's connects (one every two
  // seconds after a burst, TABLE_CONNECTS_PER_SECOND), and a few tabs trying much faster through a
  // long database outage would use them up and be refused for good.
  if (window.htmx) {
    window.htmx.config.wsReconnectDelay = function (tries) {
      var bound = Math.min(1000 * Math.pow(2, tries), 6000);
      return bound / 2 + Math.random() * bound / 2;
    };
  }

  // A form sent from the picture on the screen is not sent again until the table answers: a double
  // click sent a bid (or "Sit down") twice, the first went through and the second, refused, told
  // the player in red to make the move he had just made. The table's answer is a new picture (new
  // forms) or an error frame (which frees the forms: he may try again); a few seconds free them too.
  // Kept by what the form sends, not on the form: a picture of the same position (someone came or
  // went, the seed's string was taken) drawn between the two clicks of a double click replaced the
  // form marked sent with a fresh one, and the second click sent the bid again (a CI run).
  var sentMoves = {}, sentAt = null;

  function moveKey(parameters) {
    return JSON.stringify(Object.keys(parameters || {}).sort().map(function (name) {
      return [name, String(parameters[name])];
    }));
  }

  function sentAlready(parameters) {
    var key = moveKey(parameters), now = Date.now();
    if (sentMoves[key] && now - sentMoves[key] < 3000) return true;
    sentMoves[key] = now;
    return false;
  }

  function freeForms() { sentMoves = {}; }

  // A picture of another position is the table's answer: every form is free again.
  document.addEventListener("htmx:wsAfterMessage", function () {
    var live = document.getElementById("table-live");
    var now = live ? position(live.outerHTML.slice(0, 400)).join(":") : null;
    if (now !== sentAt) freeForms();
    sentAt = now;
  });

  document.addEventListener("htmx:wsConfigSend", function (event) {
    var invalid = event.detail.errors && event.detail.errors.length;  // htmx sends nothing then
    var banner = document.getElementById("table-banner");
    if (!invalid && table() && table().classList.contains("offline")) {
      // Not connected: a move sent now went into a socket about to be given up, or waited in
      // htmx's queue to be sent on a later table (refused then, long after, or taken twice when he
      // clicked again). He is told at once instead, and makes it again on the table he gets back.
      event.preventDefault();
      if (event.detail.triggeringEvent) event.detail.triggeringEvent.preventDefault();
      if (banner && banner.dataset.unsent) showError(banner.dataset.unsent);
      return;
    }
    if (!invalid && sentAlready(event.detail.parameters)) {
      event.preventDefault();
      // htmx then leaves the submit alone: without this the browser would post the form itself.
      if (event.detail.triggeringEvent) event.detail.triggeringEvent.preventDefault();
      return;
    }
    hideError();
    awaitAnswer();
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
    var shown = document.getElementById("table-error");
    if (event.key === "Escape" && shown && !shown.hidden) {
      closeError();
      return;
    }
    var tag = (event.target.tagName || "").toLowerCase();
    if ((tag === "input" && event.target.type !== "checkbox") || tag === "select" || tag === "textarea") return;
    var live = document.getElementById("table-live");
    if (!live) return;
    var key = event.key, target = null;
    var digit = /^Digit[1-9]$/.test(event.code || "") ? event.code.slice(5) : (/^[1-9]$/.test(key) ? key : null);
    if (event.repeat) {
      // A key held down repeats its keydown: each repeat clicked the move again before the new
      // picture came (refused as stale, "the table moved on" under a move that went through), or
      // ticked and unticked a card. Only a new press acts.
      if (digit || key === "Enter" || event.code === "KeyB" || LETTERS[event.code]) event.preventDefault();
      return;
    }
    if (digit) {
      key = digit;
      target = live.querySelector('[data-key="' + key + '"]');
      if (target && target.type === "checkbox") {
        if (target.disabled) { event.preventDefault(); return; }
        target.checked = !target.checked;
        updateChooser(target.form);
        event.preventDefault();
        return;
      }
      // A card the rules keep him from playing: why, shown and said as a refused move is (it did
      // nothing, and a screen reader said nothing).
      if (target && target.dataset.why) {
        event.preventDefault();
        showError(target.dataset.why);
        keyReason = {key: key, text: target.dataset.why};
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

  // The refusal and the lost connection stay at the screen's top (table.css, .table-notices): a
  // control reached by Tab or Shift+Tab is scrolled clear of them, not left under them.
  function padUnderNotices(notices) {
    var height = notices.getBoundingClientRect().height;
    document.documentElement.style.scrollPaddingTop = height ? Math.ceil(height) + 8 + "px" : "";
  }

  document.addEventListener("DOMContentLoaded", function () {
    var notices = document.querySelector(".table-notices");
    if (notices && window.ResizeObserver) {
      new ResizeObserver(function () { padUnderNotices(notices); }).observe(notices);
    }
  });

  document.addEventListener("DOMContentLoaded", function () { prepare(document); });
  setInterval(tickClocks, 250);
})();
