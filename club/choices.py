"""``ChoiceLabels``: ``get_<field>_display()`` without hashing every label of the field at each call.

Django's ``_get_FIELD_display`` builds ``dict(make_hashable(field.flatchoices))`` on every call, and
hashing a lazy label translates it: a statement of twelve lines with a twenty-kind field translated
240 labels to show twelve. The value-to-label map does not depend on the language (its labels stay
lazy and are translated when shown), so it is built once per field.
"""

from __future__ import annotations

from typing import Any

from django.db import models
from django.utils.encoding import force_str
from django.utils.hashable import make_hashable

_LABELS: dict[models.Field[Any, Any], dict[Any, Any]] = {}


def _labels(field: models.Field[Any, Any]) -> dict[Any, Any]:
    labels = _LABELS.get(field)
    if labels is None:
        # Keys are the stored values (hashable as they are); the lazy labels are left unhashed.
        labels = {make_hashable(value): label for value, label in field.flatchoices}
        _LABELS[field] = labels
    return labels


class ChoiceLabels:
    """A model mixin: ``get_<field>_display()`` as Django's, the label map built once per field."""

    def _get_FIELD_display(self, field: models.Field[Any, Any]) -> Any:
        value = getattr(self, field.attname)
        return force_str(_labels(field).get(make_hashable(value), value), strings_only=True)


def choice_label(model: type[models.Model], field_name: str, value: Any) -> Any:
    """What ``instance.get_<field_name>_display()`` shows for ``value``, without an instance (a
    page that reads only the columns it shows)."""
    field = model._meta.get_field(field_name)
    return force_str(_labels(field).get(make_hashable(value), value), strings_only=True)
