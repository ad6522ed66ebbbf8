"""User.username_skeleton: what the username looks like, unique (club.confusables).

Existing rows are filled in; of two existing look-alike usernames the later keeps "skeleton#pk", so
the migration never fails on old data, and no new look-alike of either can be created."""

from django.db import migrations, models


def fill_skeletons(apps, schema_editor):
    from club.confusables import username_skeleton

    User = apps.get_model("club", "User")
    seen: set[str] = set()
    for user in User.objects.order_by("pk").only("pk", "username"):
        skeleton = username_skeleton(user.username)
        if skeleton in seen:
            skeleton = f"{skeleton}#{user.pk}"
        seen.add(skeleton)
        User.objects.filter(pk=user.pk).update(username_skeleton=skeleton)


class Migration(migrations.Migration):
    dependencies = [("club", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="user",
            name="username_skeleton",
            field=models.TextField(default="", editable=False, verbose_name="username as read"),
            preserve_default=False,
        ),
        migrations.RunPython(fill_skeletons, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="user",
            name="username_skeleton",
            field=models.TextField(editable=False, unique=True, verbose_name="username as read"),
        ),
    ]
