"""What a browser sends of a page's form, read from the page's HTML (review 113)."""

from __future__ import annotations

from html.parser import HTMLParser


class _Form(HTMLParser):
    """What a browser sends of the page's change form (inputs, ticked boxes, chosen options, text)."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self._form_id = form_id
        self.data: dict[str, list[str]] = {}
        self._select: str | None = None
        self._textarea: str | None = None
        self._in_form = False

    def _add(self, name: str, value: str) -> None:
        self.data.setdefault(name, []).append(value)

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        if tag == "form" and a.get("id") == self._form_id:
            self._in_form = True
        if not self._in_form:
            return
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self._add(name, a.get("value") or "on")
            elif kind not in ("submit", "button"):
                self._add(name, a.get("value") or "")
        elif tag == "select" and name:
            self._select = name
            self.data.setdefault(name, [])
        elif tag == "option" and self._select and "selected" in a:
            self._add(self._select, a.get("value") or "")
        elif tag == "textarea" and name:
            self._textarea = name
            self._add(name, "")

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self.data[self._textarea][-1] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None
        elif tag == "form":
            self._in_form = False


def form_sent(html: str, form_id: str) -> dict[str, list[str]]:
    """The fields of form ``form_id`` as a browser sends it: inputs, ticked boxes, chosen options, text."""
    form = _Form(form_id)
    form.feed(html)
    return form.data
