from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubConfig(AppConfig):
    name = "club"
    verbose_name = _("Clubs and people")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import admin_icons, checks  # noqa: F401  (checks: registers the site's system checks)

        admin_icons.install()
