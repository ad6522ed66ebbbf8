/* Arrow keys step through a replay (the buttons do the same without a keyboard). */
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    var id = {ArrowLeft: "replay-prev", ArrowRight: "replay-next", Home: "replay-first", End: "replay-last"}[event.key];
    var link = id && document.getElementById(id);
    if (link && !link.classList.contains("disabled")) {
      event.preventDefault();
      link.click();
    }
  });

  // A step replaces the frame: say where the replay is and the move just shown ("Move 3 of 16.
  // Vera plays 7 of spades."), cards by their names, as the table's announcer does.
  function spoken(el) {
    var copy = el.cloneNode(true);
    copy.querySelectorAll("[role=img][aria-label]").forEach(function (img) {
      img.replaceWith(img.getAttribute("aria-label"));
    });
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  var linesBefore = null;  // the log's length at the step shown before: a step forward says its new lines

  function logLength() {
    return document.querySelectorAll("#replay-frame #deal-log li").length;
  }

  document.addEventListener("DOMContentLoaded", function () { linesBefore = logLength(); });

  document.addEventListener("htmx:afterSettle", function () {
    var box = document.getElementById("replay-announce");
    var frame = document.getElementById("replay-frame");
    if (!box || !frame) return;
    var count = frame.querySelector(".replay-count");
    var lines = frame.querySelectorAll("#deal-log li");
    var said = [];
    if (count) said.push(spoken(count) + ".");
    var from = linesBefore === null ? lines.length - 1 : linesBefore;
    for (var i = Math.max(from, lines.length - 6, 0); i < lines.length; i++) said.push(spoken(lines[i]));
    linesBefore = lines.length;
    box.textContent = said.join(" ");
  });
})();
