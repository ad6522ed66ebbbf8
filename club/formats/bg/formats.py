"""Bulgarian formats Django leaves out. Without them a Bulgarian page fell back to the global
American ones: "12/01/2026 4:55 след обяд" (month first, twelve hours) on My chips, the history,
the club's log and the admin, and weeks starting on Sunday in the admin's calendar. Django's own
``django/conf/locale/bg/formats.py`` gives the rest (``DATE_FORMAT`` "d F Y", ``TIME_FORMAT``
"H:i", ``SHORT_DATE_FORMAT`` "d.m.Y")."""

DATETIME_FORMAT = "d F Y, H:i"
SHORT_DATETIME_FORMAT = "d.m.Y H:i"
YEAR_MONTH_FORMAT = "F Y"
FIRST_DAY_OF_WEEK = 1  # Monday
