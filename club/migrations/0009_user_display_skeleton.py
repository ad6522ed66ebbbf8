"""User.display_skeleton: what the display name looks like (club.confusables.name_skeleton), so a new
display name can be refused when it looks like someone else's name or username. Not unique: display
names chosen before it may repeat."""

from django.db import migrations, models


def fill_skeletons(apps, schema_editor):
    from club.confusables import name_skeleton

    User = apps.get_model("club", "User")
    for user in User.objects.exclude(display_name="").only("pk", "display_name"):
        User.objects.filter(pk=user.pk).update(display_skeleton=name_skeleton(user.display_name))


class Migration(migrations.Migration):
    dependencies = [("club", "0008_club_name_skeleton")]

    operations = [
        migrations.AddField(
            model_name="user",
            name="display_skeleton",
            field=models.TextField(
                blank=True, db_index=True, default="", editable=False, verbose_name="display name as read"
            ),
            preserve_default=False,
        ),
        migrations.RunPython(fill_skeletons, migrations.RunPython.noop),
    ]
