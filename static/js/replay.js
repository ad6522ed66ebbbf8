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
})();
