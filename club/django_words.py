"""Words of Django's admin and password checks that Django's own Bulgarian catalogue lacks.

Named here only so that ``makemessages`` keeps the site's translations of them in ``locale/``, which
Django reads before its own catalogues: without them a Bulgarian manager's admin had English
headers ("Model name", "Add link") and a Bulgarian newcomer was told "This password is too short"
in English. Nothing imports this module.
"""

from django.utils.translation import gettext_noop, ngettext_lazy

ADMIN = (
    gettext_noop("Model name"),
    gettext_noop("Add link"),
    gettext_noop("Change or view list link"),
    gettext_noop("After you’ve created a user, you’ll be able to edit more user options."),
    gettext_noop("Error:"),
    gettext_noop("Forgotten your login credentials?"),
    gettext_noop("In case you’ve forgotten, you are:"),
    gettext_noop("%(model)s instance with %(field)s %(value)r is not a valid choice."),
)
PASSWORD_TOO_SHORT = ngettext_lazy(
    "This password is too short. It must contain at least %d character.",
    "This password is too short. It must contain at least %d characters.",
    "min_length",
)

#: django-axes has no Bulgarian catalogue and an incomplete Russian one; the admin shows its models'
#: and fields' names to the superuser.
AXES = (
    gettext_noop("Access Attempt"),
    gettext_noop("Access lock out"),
    gettext_noop("Account locked: too many login attempts. Please try again later."),
    gettext_noop("Account locked: too many login attempts. Contact an admin to unlock your account."),
    gettext_noop("Attempt Remaining"),
    gettext_noop("Attempt Time"),
    gettext_noop("Clean up expired attempts"),
    gettext_noop("Expires At"),
    gettext_noop("Failed Logins"),
    gettext_noop("Form Data"),
    gettext_noop("GET Data"),
    gettext_noop("HTTP Accept"),
    gettext_noop("IP Address"),
    gettext_noop("Locked Out"),
    gettext_noop("Logout Time"),
    gettext_noop("Meta Data"),
    gettext_noop("No"),
    gettext_noop("Not set"),
    gettext_noop("POST Data"),
    gettext_noop("Path"),
    gettext_noop("Session key hash (sha256)"),
    gettext_noop("The time when access attempt expires and is no longer valid."),
    gettext_noop("User Agent"),
    gettext_noop("Username"),
    gettext_noop("Yes"),
    gettext_noop("access attempt expiration"),
    gettext_noop("access attempt expirations"),
    gettext_noop("access attempt"),
    gettext_noop("access attempts"),
    gettext_noop("access failure"),
    gettext_noop("access failures"),
    gettext_noop("access log"),
    gettext_noop("access logs"),
)

#: Django's Bulgarian catalogue writes the months with a capital ("05 Декември 2026"), which Bulgarian
#: does not; the site's catalogue gives them in small letters (the Russian one keeps Django's words).
MONTHS = (
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
)

#: Django's Bulgarian catalogue puts a space before the full stop or bracket of these ("… по-голяма или
#: равна на 1 .", "(тя има 3 )"): a Bulgarian manager who set a stake of 0 read it under the field. The
#: site's catalogue gives them without it (the Russian one keeps Django's words).
PUNCTUATION = (
    gettext_noop("Ensure this value is greater than or equal to %(limit_value)s."),
    gettext_noop("Ensure this value is less than or equal to %(limit_value)s."),
    gettext_noop("Successfully deleted %(count)d %(items)s."),
    gettext_noop("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."),
    gettext_noop("Slug (up to %(max_length)s)"),
    gettext_noop(
        "Please correct the duplicate data for %(field_name)s which must be unique for the %(lookup)s in "
        "%(date_field)s."
    ),
)
MIN_LENGTH = ngettext_lazy(
    "Ensure this value has at least %(limit_value)d character (it has %(show_value)d).",
    "Ensure this value has at least %(limit_value)d characters (it has %(show_value)d).",
    "limit_value",
)

#: Django's Bulgarian catalogue said the opposite of these ("both fields may be in small or capital
#: letters"): a Bulgarian who mistyped his password's case was told case did not matter.
CASE_SENSITIVE = (
    gettext_noop(
        "Please enter a correct %(username)s and password. Note that both fields may be case-sensitive."
    ),
    gettext_noop(
        "Please enter the correct %(username)s and password for a staff account. Note that both fields "
        "may be case-sensitive."
    ),
)
