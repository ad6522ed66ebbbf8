"""``{% url %}`` remembers its answers (club.templatetags.url_memo): the same URL as Django's tag,
for whatever the key must tell apart."""

from __future__ import annotations

import pytest
from django.template import engines
from django.test import override_settings
from django.urls import NoReverseMatch, path, reverse, set_script_prefix
from django.utils import translation

from club.templatetags import url_memo


def _render(source: str, **context: object) -> str:
    return engines["django"].from_string(source).render(context)


@pytest.fixture(autouse=True)
def _fresh_memo():
    url_memo._memo.clear()
    yield
    url_memo._memo.clear()
    set_script_prefix("/")


def test_the_tag_is_the_memo_and_answers_as_reverse():
    node = engines["django"].from_string("{% url 'table_page' 5 %}").template.nodelist[0]
    assert isinstance(node, url_memo.MemoURLNode)
    assert _render("{% url 'table_page' t %}", t=5) == reverse("table_page", args=[5])
    assert _render("{% url 'table_page' t %}", t=6) == reverse("table_page", args=[6])
    assert len(url_memo._memo) == 2
    # Remembered: the second render of the same URL adds nothing.
    assert _render("{% url 'table_page' 5 %}") == reverse("table_page", args=[5])
    assert len(url_memo._memo) == 2


def test_as_var_and_a_missing_view_as_django_does():
    assert _render("{% url 'no_such_view' as u %}[{{ u }}]") == "[]"
    with pytest.raises(NoReverseMatch):
        _render("{% url 'no_such_view' %}")
    assert url_memo._memo == {}


def test_escaped_like_djangos():
    with override_settings(ROOT_URLCONF=__name__):
        assert _render("{% url 'named' s %}", s="a&b") == "/named/a&amp;b/"
        assert _render("{% autoescape off %}{% url 'named' s %}{% endautoescape %}", s="a&b") == "/named/a&b/"


def test_objects_and_bools_are_not_remembered():
    class Pk:
        def __str__(self) -> str:
            return "7"

    assert _render("{% url 'table_page' t %}", t=Pk()) == reverse("table_page", args=["7"])
    assert url_memo._memo == {}
    # True would be remembered under the key of 1 (they hash alike), whose text differs.
    with override_settings(ROOT_URLCONF=__name__):
        assert url_memo.reverse_memo("named", [True], {}, None) == "/named/True/"
        assert url_memo._memo == {}


def test_the_script_prefix_is_part_of_the_key():
    plain = _render("{% url 'table_page' 5 %}")
    set_script_prefix("/khrap/")
    assert _render("{% url 'table_page' 5 %}") == "/khrap" + plain


def test_the_language_is_part_of_the_key():
    with translation.override("ru"):
        _render("{% url 'table_page' 5 %}")
    with translation.override("en"):
        _render("{% url 'table_page' 5 %}")
    assert len(url_memo._memo) == 2


urlpatterns = [
    path("elsewhere/<int:pk>/", lambda request, pk: None, name="table_page"),
    path("named/<str:name>/", lambda request, name: None, name="named"),
]


def test_an_overridden_urlconf_is_not_answered_from_the_memo():
    before = _render("{% url 'table_page' 5 %}")
    with override_settings(ROOT_URLCONF=__name__):
        assert _render("{% url 'table_page' 5 %}") == "/elsewhere/5/"
    assert _render("{% url 'table_page' 5 %}") == before


def test_full_memo_starts_again(monkeypatch):
    monkeypatch.setattr(url_memo, "MOST", 2)
    for pk in (1, 2, 3):
        _render("{% url 'table_page' t %}", t=pk)
    assert list(url_memo._memo) and len(url_memo._memo) == 1
