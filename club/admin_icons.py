"""The admin's yes/no icons in the reader's language.

Django writes the value itself as the icon's alternative text: a screen reader read "True" and
"False" to a Russian or Bulgarian manager (and to an English one "True", not "Yes"). Every caller in
Django's admin imports ``admin_list._boolean_icon`` when it draws, so ``install`` replaces it there.
"""

from __future__ import annotations

from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

_ICONS = {True: "yes", False: "no", None: "unknown"}


def boolean_icon(field_val: bool | None) -> SafeString:
    words = {True: _("Yes"), False: _("No"), None: _("Unknown")}[field_val]
    return format_html('<img src="{}" alt="{}">', static(f"admin/img/icon-{_ICONS[field_val]}.svg"), words)


def install() -> None:
    from django.contrib.admin.templatetags import admin_list

    admin_list._boolean_icon = boolean_icon
