"""Membership.ban_reason and banned_at, so the banned member is told why and since when; existing bans
take both from their latest "membership.banned" audit row."""

from django.db import migrations, models


def fill_from_audit_log(apps, schema_editor):
    Membership = apps.get_model("club", "Membership")
    AuditLog = apps.get_model("club", "AuditLog")
    for membership in Membership.objects.filter(status="banned"):
        row = (
            AuditLog.objects.filter(club_id=membership.club_id, target_user_id=membership.user_id,
                                    action="membership.banned")
            .order_by("-created_at", "-id").first()
        )
        if row is not None:
            reason = row.data.get("reason", "") if isinstance(row.data, dict) else ""
            Membership.objects.filter(pk=membership.pk).update(
                ban_reason=str(reason or "")[:500], banned_at=row.created_at
            )


class Migration(migrations.Migration):
    dependencies = [("club", "0002_username_skeleton")]

    operations = [
        migrations.AddField(
            model_name="membership",
            name="ban_reason",
            field=models.CharField(blank=True, max_length=500, verbose_name="ban reason"),
        ),
        migrations.AddField(
            model_name="membership",
            name="banned_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="banned at"),
        ),
        migrations.RunPython(fill_from_audit_log, migrations.RunPython.noop),
    ]
