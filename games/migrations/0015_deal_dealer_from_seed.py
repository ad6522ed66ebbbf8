from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0014_seat_idle_leave"),
    ]

    operations = [
        migrations.AddField(
            model_name="deal",
            name="dealer_from_seed",
            field=models.BooleanField(default=False),
        ),
    ]
