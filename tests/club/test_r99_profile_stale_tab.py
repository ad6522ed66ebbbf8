"""Review 99: the profile sent every field back as it was when its page was opened. A second tab
(or a page left open since the morning) saving a new time zone put back the language, display name
or email address changed meanwhile, in the other tab or by the site's operators (an offensive name
they had cleared came back); an address changed meanwhile came back as an "email change" asking for
the password, of a field the person had not touched. A field left as it was found now keeps what is
stored; one changed on both sides is refused, saying what it is now."""

from __future__ import annotations

from django.urls import reverse

from club.models import User

from .conftest import client_for


def _opened(user: User) -> dict[str, str]:
    data = {
        "display_name": user.display_name,
        "email": user.email,
        "preferred_language": user.preferred_language,
        "time_zone": user.time_zone,
    }
    return {**data, **{f"initial-{name}": value for name, value in data.items()}}


def test_the_page_carries_what_it_was_opened_with(make_user):
    vera = make_user("vera", display_name="Vera")
    page = client_for(vera).get(reverse("profile")).content.decode()
    for name in ("email", "display_name", "preferred_language", "time_zone"):
        assert f'name="initial-{name}"' in page, name


def test_a_stale_tab_keeps_what_was_changed_meanwhile(make_user):
    vera = make_user("vera", display_name="Vera")
    sent = _opened(vera)
    User.objects.filter(pk=vera.pk).update(email="vera.new@example.org", preferred_language="bg")
    cleared = User.objects.get(pk=vera.pk)
    cleared.display_name = ""  # the operators cleared the name
    cleared.save()
    response = client_for(vera).post(reverse("profile"), {**sent, "time_zone": "Europe/Sofia"})
    assert response.status_code == 302, response.content.decode()[-3000:]
    vera.refresh_from_db()
    assert (vera.time_zone, vera.email, vera.preferred_language, vera.display_name) == (
        "Europe/Sofia",
        "vera.new@example.org",
        "bg",
        "",
    )


def test_a_field_changed_on_both_sides_is_refused(make_user):
    vera = make_user("vera", display_name="Vera")
    sent = _opened(vera)
    User.objects.filter(pk=vera.pk).update(time_zone="Europe/Sofia")
    response = client_for(vera).post(reverse("profile"), {**sent, "time_zone": "Europe/Moscow"})
    assert response.status_code == 200
    assert "changed meanwhile: it is now “Europe/Sofia”" in response.content.decode()
    assert User.objects.get(pk=vera.pk).time_zone == "Europe/Sofia"


def test_sent_again_after_reading_the_refusal_it_is_written(make_user):
    vera = make_user("vera", display_name="Vera")
    sent = _opened(vera)
    User.objects.filter(pk=vera.pk).update(time_zone="Europe/Sofia")
    client = client_for(vera)
    page = client.post(reverse("profile"), {**sent, "time_zone": "Europe/Moscow"}).content.decode()
    assert 'name="initial-time_zone" value="Europe/Sofia"' in page
    again = {**sent, "time_zone": "Europe/Moscow", "initial-time_zone": "Europe/Sofia"}
    assert client.post(reverse("profile"), again).status_code == 302
    assert User.objects.get(pk=vera.pk).time_zone == "Europe/Moscow"
