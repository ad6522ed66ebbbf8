"""The look-alike table reads more scripts (club.confusables: Armenian "օ", Cherokee, Coptic, Lisu,
Latin small capitals, round zeros, the lunate sigma) and punctuation drawn alike (letters drawn as a
dot or an underscore, hyphens, apostrophes), so every stored form is computed again.

Of two existing names that now read alike, the later (by pk) keeps "form#pk" in the clashing form,
as migrations 0002, 0008 and 0013 did: the migration never fails on old data, both still save and
log in, and no new look-alike of either can be created. Rows whose forms change are first moved to
a placeholder, so no row meets another's old form on the way. Display names are compared within
clubs only and may repeat: computed again, never marked."""

from django.db import migrations


def new_forms(rows, forms):
    """``rows``: (pk, name) in pk order. Yields (pk, first form, small form), a form equal to a form
    of an earlier row marked "#pk"."""
    seen: set[str] = set()
    for pk, name in rows:
        first, small = forms(name)
        if first in seen:
            first = f"{first}#{pk}"
        if small in seen:
            small = f"{small}#{pk}"
        seen.update((first, small))
        yield pk, first, small


def _store(model, name_field, first_field, small_field, forms):
    stored = {
        pk: (first, small)
        for pk, first, small in model.objects.values_list("pk", first_field, small_field).iterator()
    }
    rows = model.objects.order_by("pk").values_list("pk", name_field)
    changed = [
        (pk, first, small)
        for pk, first, small in new_forms(rows.iterator(), forms)
        if stored.get(pk) != (first, small)
    ]
    for pk, _first, _small in changed:
        placeholder = f"\u2063migrating#{pk}"
        model.objects.filter(pk=pk).update(**{first_field: placeholder, small_field: placeholder})
    for pk, first, small in changed:
        model.objects.filter(pk=pk).update(**{first_field: first, small_field: small})


def refill_users(apps, schema_editor):
    from club.confusables import name_forms, username_forms

    User = apps.get_model("club", "User")
    _store(User, "username", "username_skeleton", "username_small_skeleton", username_forms)
    for pk, display_name in User.objects.exclude(display_name="").values_list("pk", "display_name").iterator():
        first, small = name_forms(display_name)
        User.objects.filter(pk=pk).update(display_skeleton=first, display_small_skeleton=small)


def refill_clubs(apps, schema_editor):
    from club.confusables import name_forms

    Club = apps.get_model("club", "Club")
    _store(Club, "name", "name_skeleton", "name_small_skeleton", name_forms)


class Migration(migrations.Migration):
    dependencies = [("club", "0013_small_skeletons")]

    operations = [
        migrations.RunPython(refill_users, migrations.RunPython.noop),
        migrations.RunPython(refill_clubs, migrations.RunPython.noop),
    ]
