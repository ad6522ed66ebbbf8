from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games and tables")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from club.signals import member_gone

        from .services.members import _on_member_gone

        member_gone.connect(_on_member_gone, dispatch_uid="games_member_gone")
