"""Review 74: every model of the site has a name in Russian and Bulgarian. Seven had none: a
superuser giving a manager rights read "Игры и маси | clock beat | Can view clock beat", "deal
player", "presence", "reservation", "seed contribution", "stats counted" and "mail throttle" in the
list of permissions of his Russian or Bulgarian admin."""

from __future__ import annotations

import re

import pytest
from django.apps import apps
from django.utils import translation

OURS = ("club", "games", "ledger")


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_every_model_is_named_in_the_language(language: str) -> None:
    unnamed = []
    with translation.override(language):
        for model in apps.get_models():
            if model._meta.app_label not in OURS:
                continue
            for name in (model._meta.verbose_name, model._meta.verbose_name_plural):
                if not re.search(r"[а-яА-ЯёЁ]", str(name)):
                    unnamed.append(f"{model._meta.label}: {name}")
    assert not unnamed, unnamed
