import django.db.models.functions.text
from django.db import migrations, models


def no_shared_addresses(apps, schema_editor):
    """Refuse to go on, saying which, if accounts already share an address (any case): which of them
    keeps it is a person's decision, not a migration's."""
    from django.db.models import Count
    from django.db.models.functions import Lower

    User = apps.get_model("club", "User")
    shared = (
        User.objects.exclude(email="")
        .annotate(address=Lower("email"))
        .values("address")
        .annotate(accounts=Count("id"))
        .filter(accounts__gt=1)
    )
    found = [row["address"] for row in shared[:20]]
    if found:
        raise RuntimeError(
            "Several accounts share these email addresses; give each account its own (or clear "
            "all but one) and migrate again: " + ", ".join(found)
        )


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("club", "0010_mail_throttle"),
    ]

    operations = [
        migrations.RunPython(no_shared_addresses, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="user",
            constraint=models.UniqueConstraint(
                django.db.models.functions.text.Lower("email"),
                condition=models.Q(("email", ""), _negated=True),
                name="club_user_email_ci_unique",
                violation_error_message="Another account already uses this email address.",
            ),
        ),
    ]
