import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0014_wider_skeletons"),
        ("games", "0015_deal_dealer_from_seed"),
    ]

    operations = [
        migrations.AlterField(
            model_name="reservation",
            name="member",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="club.membership",
                verbose_name="member",
            ),
        ),
        migrations.AlterField(
            model_name="reservation",
            name="status",
            field=models.CharField(
                choices=[
                    ("held", "Held"),
                    ("used", "Used"),
                    ("lapsed", "Lapsed"),
                    ("cancelled", "Cancelled"),
                ],
                default="held",
                max_length=10,
                verbose_name="status",
            ),
        ),
    ]
