from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games and tables")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from club.signals import account_switched_off, login_ended, member_gone, member_role_changed

        from .services.members import (
            _on_account_switched_off,
            _on_login_ended,
            _on_member_gone,
            _on_role_changed,
        )

        member_gone.connect(_on_member_gone, dispatch_uid="games_member_gone")
        member_role_changed.connect(_on_role_changed, dispatch_uid="games_member_role_changed")
        login_ended.connect(_on_login_ended, dispatch_uid="games_login_ended")
        account_switched_off.connect(_on_account_switched_off, dispatch_uid="games_account_switched_off")
