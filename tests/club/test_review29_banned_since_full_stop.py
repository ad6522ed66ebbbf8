"""Review 29: a banned member reading the club page in Russian was told "С 5 декабря 2026 г.." (two
full stops): Russian dates end with "г." and the sentence "Since {date}." adds its own. The notice
now ends with one full stop in every language, the English and Bulgarian words unchanged.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from club import services
from club.models import Membership
from club.templatetags.sentences import one_full_stop

from .conftest import client_for, m

pytestmark = pytest.mark.django_db

BANNED_AT = datetime(2026, 12, 5, 12, 0, tzinfo=UTC)


@pytest.fixture
def banned(club, owner, member) -> Membership:
    services.membership_ban(membership=m(club, member), actor=owner, reason="cheating")
    Membership.objects.filter(pk=m(club, member).pk).update(banned_at=BANNED_AT)
    return m(club, member)


@pytest.mark.parametrize(
    ("language", "since"),
    # With its time and zone since review 156, as the notice's other times (``moment``).
    [
        ("ru", "С 5 декабря 2026 г. 12:00 (UTC).</p>"),
        ("bg", "От 05 декември 2026, 12:00 (UTC).</p>"),
        ("en", "Since Dec. 5, 2026, noon (UTC).</p>"),
    ],
)
def test_the_ban_notice_says_since_when_with_one_full_stop(club, member, banned, language, since):
    member.preferred_language = language
    member.save(update_fields=["preferred_language"])
    page = client_for(member).get(club.get_absolute_url()).content.decode()
    assert since in page
    assert "..</p>" not in page


def test_only_a_doubled_full_stop_at_the_end_is_taken():
    assert one_full_stop("С 5 декабря 2026 г..") == "С 5 декабря 2026 г."
    assert one_full_stop("Since Dec. 5, 2026.") == "Since Dec. 5, 2026."
    assert one_full_stop("Wait...") == "Wait..."
    assert one_full_stop("") == ""


def test_a_safe_sentence_stays_safe_when_its_full_stop_is_cut():
    """A slice of safe text is a plain str: the sentence was escaped a second time ("&amp;amp;")."""
    from django.template import Context, Template
    from django.utils.safestring import mark_safe

    template = Template("{% load sentences %}{{ text|one_full_stop }}")
    assert template.render(Context({"text": mark_safe("Tom &amp; Jerry, 5 дек. 2026 г..")})) == (
        "Tom &amp; Jerry, 5 дек. 2026 г."
    )
