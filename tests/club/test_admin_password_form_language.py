"""A superuser setting someone's password in the admin read its help in English whatever his
language: Django builds that help by adding a lazy translation to a plain string when it is
imported (so it is fixed in English), and its warning is not marked for translation (review 16)."""

from __future__ import annotations

import pytest

from .conftest import logged_in

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("ru", ("Может ли пользователь", "нынешний пароль этого пользователя будет потерян")),
        ("bg", ("Дали потребителят", "сегашната парола на този потребител ще бъде загубена")),
    ],
)
def test_the_password_page_helps_in_the_readers_language(root, make_user, language, words):
    vera = make_user("vera")
    client = logged_in(root)
    client.cookies["django_language"] = language
    page = client.get(f"/admin/club/user/{vera.pk}/password/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert "Whether the user will be able" not in page
    assert "current password for this user will be lost" not in page
    for text in words:
        assert text in page
    assert 'id="id_unusable_warning"' in page


def test_english_keeps_djangos_words(root, make_user):
    vera = make_user("vera")
    client = logged_in(root)
    client.cookies["django_language"] = "en"
    page = client.get(f"/admin/club/user/{vera.pk}/password/").content.decode()
    assert "Whether the user will be able to authenticate" in page
    assert "If disabled, the current password for this user will be lost." in page
