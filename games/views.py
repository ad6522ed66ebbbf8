"""Pages of the games app."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games.engine.rules import PRESETS
from games.howto import preset_howto, preset_title


def rules_index(request: HttpRequest) -> HttpResponse:
    presets = [(name, preset_title(name)) for name in PRESETS]
    return render(request, "games/rules.html", {"presets": presets, "howto": preset_howto("classic")})


def rules_preset(request: HttpRequest, preset: str) -> HttpResponse:
    if preset not in PRESETS:
        raise Http404("unknown preset")
    presets = [(name, preset_title(name)) for name in PRESETS]
    template = "games/rules.html#howto" if request.htmx else "games/rules.html"
    return render(request, template, {"presets": presets, "howto": preset_howto(preset)})
