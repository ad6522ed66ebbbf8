"""The password hasher of the test suite only (``settings.TESTING``).

The site hashes with argon2 at Django's cost (100 MiB, eight lanes, two passes): about 0.4 CPU seconds
a hash on a 2-core CI machine, and the suite logs in, registers and changes passwords some thousand
times, a tenth of its CPU. The same algorithm at its smallest cost: hashes still read "argon2…", a
log-in still hashes once, and nothing else of the site changes."""

from __future__ import annotations

from django.contrib.auth.hashers import Argon2PasswordHasher


class CheapArgon2PasswordHasher(Argon2PasswordHasher):
    time_cost = 1
    memory_cost = 8
    parallelism = 1
