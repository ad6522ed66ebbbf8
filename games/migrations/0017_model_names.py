from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0016_reservation_field_names"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="clockbeat",
            options={"verbose_name": "tables' clock beat", "verbose_name_plural": "tables' clock beats"},
        ),
        migrations.AlterModelOptions(
            name="dealplayer",
            options={
                "ordering": ["deal_id", "engine_seat"],
                "verbose_name": "player of a deal",
                "verbose_name_plural": "players of deals",
            },
        ),
        migrations.AlterModelOptions(
            name="presence",
            options={"verbose_name": "presence at a table", "verbose_name_plural": "presences at tables"},
        ),
        migrations.AlterModelOptions(
            name="reservation",
            options={
                "ordering": ["session_id", "position"],
                "verbose_name": "seat reservation",
                "verbose_name_plural": "seat reservations",
            },
        ),
        migrations.AlterModelOptions(
            name="seedcontribution",
            options={
                "verbose_name": "player's random string",
                "verbose_name_plural": "players' random strings",
            },
        ),
        migrations.AlterModelOptions(
            name="statscounted",
            options={
                "verbose_name": "deal counted in the stats",
                "verbose_name_plural": "deals counted in the stats",
            },
        ),
    ]
