"""Invite.create_key: the one-time token of the form that made a link (review 123)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0017_migrations_table_read_only"),
    ]

    operations = [
        migrations.AddField(
            model_name="invite",
            name="create_key",
            field=models.CharField(blank=True, editable=False, max_length=64, null=True, unique=True),
        ),
    ]
