"""Club.name_skeleton: what the club's name looks like, unique (club.confusables.name_skeleton).

Existing rows are filled in; of two existing look-alike names the later keeps "skeleton#pk", so the
migration never fails on old data, and no new look-alike of either can be created."""

from django.db import migrations, models

import club.models


def fill_skeletons(apps, schema_editor):
    from club.confusables import name_skeleton

    Club = apps.get_model("club", "Club")
    seen: set[str] = set()
    for club in Club.objects.order_by("pk").only("pk", "name"):
        skeleton = name_skeleton(club.name)
        if skeleton in seen:
            skeleton = f"{skeleton}#{club.pk}"
        seen.add(skeleton)
        Club.objects.filter(pk=club.pk).update(name_skeleton=skeleton)


class Migration(migrations.Migration):
    dependencies = [("club", "0007_membership_dormant_since")]

    operations = [
        migrations.AddField(
            model_name="club",
            name="name_skeleton",
            field=models.TextField(default="", editable=False, verbose_name="name as read"),
            preserve_default=False,
        ),
        migrations.RunPython(fill_skeletons, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="club",
            name="name_skeleton",
            field=models.TextField(editable=False, unique=True, verbose_name="name as read"),
        ),
        migrations.AlterField(
            model_name="club",
            name="name",
            field=models.CharField(
                max_length=80, unique=True, validators=[club.models.validate_visible_line], verbose_name="name"
            ),
        ),
        migrations.AlterField(
            model_name="club",
            name="description",
            field=models.TextField(
                blank=True,
                max_length=2000,
                validators=[club.models.validate_visible_text],
                verbose_name="description",
            ),
        ),
        migrations.AlterField(
            model_name="user",
            name="display_name",
            field=models.CharField(
                blank=True, max_length=60, validators=[club.models.validate_visible_line], verbose_name="display name"
            ),
        ),
    ]
