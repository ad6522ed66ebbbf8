"""Review 115: an htmx request to a page that needs a log-in, sent logged out with an
``HX-Current-URL`` header that is no URL (``http://[::1``, an unclosed IPv6 bracket), was a server
error: the answer's ``next`` was read from that header (``HtmxLoginRedirectMiddleware``), and
splitting it raised ValueError. Any script could fill the error log with them. Such a page is no
page of this site: the log-in comes back home, as for a page of another site."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("current", ["http://[::1", "http://[", "https://]x[/clubs/"])
def test_an_odd_current_url_goes_to_the_log_in_with_home_as_next(current):
    response = Client(raise_request_exception=False).get(
        "/accounts/profile/", HTTP_HX_REQUEST="true", HTTP_HX_CURRENT_URL=current
    )
    assert response.status_code == 200
    assert response["HX-Redirect"] == "/accounts/login/?next=%2F"


def test_the_sites_own_page_is_still_the_next():
    response = Client().get(
        "/accounts/profile/", HTTP_HX_REQUEST="true", HTTP_HX_CURRENT_URL="http://testserver/clubs/x/?people=2"
    )
    assert response["HX-Redirect"] == "/accounts/login/?next=%2Fclubs%2Fx%2F%3Fpeople%3D2"
