from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0014_wider_skeletons"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="mailthrottle",
            options={
                "verbose_name": "mail sent (for the hourly limit)",
                "verbose_name_plural": "mails sent (for the hourly limit)",
            },
        ),
    ]
