"""``{% result_count_words cl %}``: a change list's count with its noun in the plural the number asks
for. Django's admin writes the count beside the model's one plural ("16 проводки", "5 членства",
"25 журнал действий"), where Russian says "16 проводок", "5 членств" (review 64)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import ngettext_lazy

register = template.Library()

#: By model label: the lists a club manager reads. Any other list keeps Django's words.
COUNTED = {
    "games.tablesession": ngettext_lazy("%(count)s table session", "%(count)s table sessions", "count"),
    "games.seat": ngettext_lazy("%(count)s seat", "%(count)s seats", "count"),
    "games.jobfailure": ngettext_lazy(
        "%(count)s failed background job", "%(count)s failed background jobs", "count"
    ),
    "games.deal": ngettext_lazy("%(count)s deal", "%(count)s deals", "count"),
    "games.dealaction": ngettext_lazy("%(count)s move in a deal", "%(count)s moves in a deal", "count"),
    "club.auditlog": ngettext_lazy("%(count)s audit log entry", "%(count)s audit log entries", "count"),
    "club.club": ngettext_lazy("%(count)s club", "%(count)s clubs", "count"),
    "club.invite": ngettext_lazy("%(count)s invite", "%(count)s invites", "count"),
    "club.membership": ngettext_lazy("%(count)s membership", "%(count)s memberships", "count"),
    "ledger.entry": ngettext_lazy("%(count)s entry", "%(count)s entries", "count"),
    "ledger.adjustment": ngettext_lazy("%(count)s chip adjustment", "%(count)s chip adjustments", "count"),
    "ledger.journal": ngettext_lazy("%(count)s journal", "%(count)s journals", "count"),
    "ledger.chiprequest": ngettext_lazy("%(count)s chip request", "%(count)s chip requests", "count"),
    "ledger.account": ngettext_lazy("%(count)s account", "%(count)s accounts", "count"),
}


@register.simple_tag
def result_count_words(cl: Any) -> str:
    count = cl.result_count
    words = COUNTED.get(cl.opts.label_lower)
    if words is None:
        return f"{count} {cl.opts.verbose_name if count == 1 else cl.opts.verbose_name_plural}"
    return words % {"count": count}
