"""Celery app. Without REDIS_URL the settings make every task run in-process (eager)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")

app = Celery("club")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
