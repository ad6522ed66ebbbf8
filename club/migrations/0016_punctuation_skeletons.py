"""The look-alike table reads punctuation drawn alike as one (club.confusables: the Lisu tone letter
and the syllabics' final dot as a dot, the low macron as an underscore, modifier apostrophes and
typographic quotes as an apostrophe, the hyphens, en dash and minus sign as a hyphen), so every stored
form is computed again, as 0014 did for the scripts it added.

Without it a database of the release before kept the old forms: "veraꓸk" beside "vera.k" (both
taken then) read alike to the code now, and his next save, his log-in's included, met the other's
stored form and failed (a server error at every log-in); a club named "Anna‐Maria" beside
"Anna-Maria" could not save its settings. As in 0014, the later (by pk) of two that now read alike
keeps "form#pk": the migration never fails on old data and both still save and log in."""

from importlib import import_module

from django.db import migrations

_wider = import_module("club.migrations.0014_wider_skeletons")


class Migration(migrations.Migration):
    dependencies = [("club", "0015_model_names")]

    operations = [
        migrations.RunPython(_wider.refill_users, migrations.RunPython.noop),
        migrations.RunPython(_wider.refill_clubs, migrations.RunPython.noop),
    ]
