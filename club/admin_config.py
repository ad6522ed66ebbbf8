"""django.contrib.admin, serving the site where club managers see their own clubs.

Its own module: an apps module with two AppConfig classes would make Django guess which is the app's.
"""

from django.contrib.admin.apps import AdminConfig


class KhrapAdminConfig(AdminConfig):
    default_site = "club.admin_site.KhrapAdminSite"
