"""Date formats the site adds to Django's own per language (``FORMAT_MODULE_PATH``)."""
