"""The one error type of the engine: a refused action, with a machine code and a sentence."""

from __future__ import annotations

CODES: frozenset[str] = frozenset(
    {"not_your_turn", "illegal_action", "unknown_action", "bad_cards", "cannot_afford", "deal_over"}
)


class EngineError(ValueError):
    """An action or a deal set-up the rules refuse.

    ``code`` is one of :data:`CODES` (the replay format and the site key on it);
    ``message`` is a sentence a player understands, shown as is.
    """

    def __init__(self, code: str, message: str) -> None:
        if code not in CODES:
            raise AssertionError(f"unknown engine error code {code!r}")
        super().__init__(message)
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


IllegalAction = EngineError
