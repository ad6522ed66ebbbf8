// Khrap Club: the little behaviour pages have, kept out of the HTML so the Content-Security-Policy
// allows no inline script. Every page works without it.
(function () {
  "use strict";

  // The language switch submits itself, and returns to the page shown now (after htmx navigation
  // the address may differ from the one the page was drawn for).
  function autosubmit(target) {
    return target instanceof HTMLSelectElement && target.matches("[data-autosubmit]") ? target : null;
  }
  function switchTo(select) {
    var form = select.form;
    if (form.elements.next) form.elements.next.value = location.pathname + location.search;
    form.submit();
  }
  function chosen(select) {
    var option = select.options[select.selectedIndex];
    return option && !option.defaultSelected;
  }
  // An arrow (or a letter) changes a closed list's choice at once: sent at each change, a reader who
  // pressed Down to hear the next language had the site reloaded in it, the focus at the page's
  // top. A choice made by keys is sent on Enter or when the focus leaves the list; a click at once.
  // Only a change made while a choosing key is down is one by keys: marked for as long as the list
  // had the focus, a pick with the mouse after arrows that changed nothing was not sent (review 76).
  var keyed = null;  // the list a choosing key is down on
  var pending = null;  // the list whose choice was made by keys
  var CHOOSING_KEYS = /^(Arrow(Up|Down|Left|Right)|Home|End|Page(Up|Down)|[^ ])$/;
  document.addEventListener("keydown", function (event) {
    var select = autosubmit(event.target);
    if (!select) return;
    if (event.key === "Enter") {
      event.preventDefault();
      if (chosen(select)) switchTo(select);
    } else if (CHOOSING_KEYS.test(event.key) && !event.altKey && !event.ctrlKey && !event.metaKey) {
      keyed = select;  // not Space or Alt+Down: they open the list, where Enter or a click is the choice
    }
  });
  document.addEventListener("keyup", function () {
    keyed = null;
  });
  document.addEventListener("focusout", function (event) {
    var select = autosubmit(event.target);
    if (select && select === pending && chosen(select)) switchTo(select);
  });
  document.addEventListener("change", function (event) {
    var select = autosubmit(event.target);
    if (!select) return;
    if (select === keyed) pending = select;
    else switchTo(select);
  });

  // A request htmx sends that the site refuses (a right taken away meanwhile, a ban, a page gone:
  // 403, 404, 500) swaps nothing, and one that never reaches the site neither: the click did
  // nothing anyone could see. The page says so in its own words until a request goes through.
  function requestProblem(kind) {
    var box = document.getElementById("request-problem");
    if (!box) return;
    box.textContent = box.dataset[kind] || "";
    box.hidden = false;
  }
  document.addEventListener("htmx:responseError", function () { requestProblem("refused"); });
  document.addEventListener("htmx:sendError", function () { requestProblem("offline"); });
  document.addEventListener("htmx:afterRequest", function (event) {
    var box = document.getElementById("request-problem");
    if (box && event.detail && event.detail.successful) box.hidden = true;
  });

  // A swap that takes away the control the reader pressed (a form htmx replaces whole, the rules'
  // tabs sent again) dropped the focus to the page's top: a keyboard user started again from the
  // header, and a screen reader said nothing of the answer (an error under a field, "5 chips
  // granted"). htmx keeps a focused element that has an id; for the others the focus goes to the same
  // link if it is there again, else to the answer: the first field refused (it names its error), an
  // error or notice (read out when focused), or the swapped part itself, or what came in its place.
  var lostFocus = null;
  document.addEventListener("htmx:beforeSwap", function () {
    var active = document.activeElement;
    if (!active || active === document.body || active === document.documentElement) {
      lostFocus = null;
      return;
    }
    var form = active.closest && active.closest("form[id]");
    lostFocus = {el: active, href: active.getAttribute("href"), form: form ? form.id : null};
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    var was = lostFocus;
    lostFocus = null;
    if (!was || document.contains(was.el)) return;
    var now = document.activeElement;
    if (now && now !== document.body && now !== document.documentElement) return;
    var target = event.detail && event.detail.target;
    var root = target && document.contains(target) ? target : null;
    if (!root && was.form) root = document.getElementById(was.form);
    if (!root && target && target.id) root = document.getElementById(target.id);
    var next = null;
    if (was.href) {
      document.querySelectorAll("a[href]").forEach(function (a) {
        if (!next && a.getAttribute("href") === was.href) next = a;
      });
    }
    if (!next && root) {
      next = root.querySelector("[aria-invalid=true]") ||
        root.querySelector(".errorlist, .errors, [role=alert], [role=status], .notice") || root;
    }
    // The part swapped in place of the one that held the focus ("Load more" gives way to the rows
    // it brought): htmx says its first new element settled first.
    var settled = event.target;
    if (!next && settled && settled.nodeType === 1 && settled !== document.body && document.contains(settled)) {
      next = settled;
    }
    if (!next) return;
    if (!next.matches("a[href], button, input, select, textarea, [tabindex]")) next.setAttribute("tabindex", "-1");
    next.focus();
  });

  // A form the browser posts itself is sent once: a double click on "Create an invite link", "Change
  // password" or "Create the club" sent it twice (two links; a log-out, the first answer's new session
  // lost; "that name is taken" about the club just made). Forms htmx or the table's script send are
  // theirs (they prevent the browser's own submit, which is what tells them apart). A page the
  // back button shows again from the browser's memory may send its forms again.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
    if ((form.getAttribute("method") || "").toLowerCase() !== "post") return;
    if (form.hasAttribute("data-posting")) {
      event.preventDefault();
      return;
    }
    form.setAttribute("data-posting", "");
  });
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-posting]").forEach(function (form) {
      form.removeAttribute("data-posting");
    });
  });

  // An invite link is selected whole on a click, ready to copy.
  document.addEventListener("click", function (event) {
    var input = event.target;
    if (input instanceof HTMLInputElement && input.matches("[data-select-on-click]")) input.select();
  });

  // A box that reads its words when opened (hx-trigger="opened") reads them at each opening: fetched
  // once, it said the chips and seats of the first opening after they had changed. "toggle" fires on
  // closing too, and a trigger filter needs eval, which the Content-Security-Policy forbids. The
  // event does not bubble: caught on its way down.
  document.addEventListener("toggle", function (event) {
    var box = event.target;
    if (box instanceof HTMLDetailsElement && box.open && box.matches("[hx-trigger=opened]") && window.htmx) {
      window.htmx.trigger(box, "opened");
    }
  }, true);
})();
