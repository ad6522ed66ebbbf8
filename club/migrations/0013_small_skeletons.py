"""The second form of each name: as read in small letters (club.confusables.username_forms,
name_forms). The skeleton reads Cyrillic "Вера" as Latin "bepa" and "вера" as "вepa", so the one
word in two cases made two accounts (or clubs); both share the small form.

Existing rows are filled in. Of two existing names that read alike (a form of the later one equal to
a form of an earlier one), the later keeps "form#pk" in the clashing form, as migrations 0002 and
0008 did, so the migration never fails on old data and no new look-alike of either can be created.
Display names are compared within clubs only and may repeat: filled in, never marked."""

from django.db import migrations, models


def mark_twins(rows, forms):
    """``rows``: (pk, stored first form, name) in pk order; ``forms(name)`` gives the name's two
    forms. Yields (pk, first form, small form) to store: the first form as stored (unique already,
    a mark of an earlier migration kept), the small form computed; a form that equals a form of an
    earlier row gets "#pk"."""
    seen: set[str] = set()
    for pk, first, name in rows:
        small = forms(name)[1]
        if first in seen:
            first = f"{first}#{pk}"
        if small in seen:
            small = f"{small}#{pk}"
        seen.update((first, small))
        yield pk, first, small


def fill_users(apps, schema_editor):
    from club.confusables import name_forms, username_forms

    User = apps.get_model("club", "User")
    rows = User.objects.order_by("pk").values_list("pk", "username_skeleton", "username")
    for pk, first, small in mark_twins(rows.iterator(), username_forms):
        User.objects.filter(pk=pk).update(username_skeleton=first, username_small_skeleton=small)
    for pk, display_name in User.objects.exclude(display_name="").values_list("pk", "display_name").iterator():
        User.objects.filter(pk=pk).update(display_small_skeleton=name_forms(display_name)[1])


def fill_clubs(apps, schema_editor):
    from club.confusables import name_forms

    Club = apps.get_model("club", "Club")
    rows = Club.objects.order_by("pk").values_list("pk", "name_skeleton", "name")
    for pk, first, small in mark_twins(rows.iterator(), name_forms):
        Club.objects.filter(pk=pk).update(name_skeleton=first, name_small_skeleton=small)


class Migration(migrations.Migration):
    dependencies = [("club", "0012_user_manager")]

    operations = [
        migrations.AddField(
            model_name="user",
            name="username_small_skeleton",
            field=models.TextField(default="", editable=False, verbose_name="username as read in small letters"),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="user",
            name="display_small_skeleton",
            field=models.TextField(
                blank=True,
                db_index=True,
                default="",
                editable=False,
                verbose_name="display name as read in small letters",
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="club",
            name="name_small_skeleton",
            field=models.TextField(default="", editable=False, verbose_name="name as read in small letters"),
            preserve_default=False,
        ),
        migrations.RunPython(fill_users, migrations.RunPython.noop),
        migrations.RunPython(fill_clubs, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="user",
            name="username_small_skeleton",
            field=models.TextField(editable=False, unique=True, verbose_name="username as read in small letters"),
        ),
        migrations.AlterField(
            model_name="club",
            name="name_small_skeleton",
            field=models.TextField(editable=False, unique=True, verbose_name="name as read in small letters"),
        ),
    ]
