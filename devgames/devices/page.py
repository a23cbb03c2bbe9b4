"""The pages a device loads once: a team's (:func:`team_page`), and a person's in the debrief
(:func:`debrief_page`).

The team's page: the HTML a device loads once; :data:`~devgames.devices.server.STATIC`'s
script then fills it with the team's state and keeps it up to date.

Top down, as a phone shows it: the team, the line saying whose move it is, in a timed round the
room's timer and who still plays the round, the team's hand, its moves (grouped by card), then
what just happened at the table."""

import json
from functools import cache
from html import escape as esc
from pathlib import Path

from devgames.i18n import DEFAULT, DOMAIN, LANGUAGES, LOCALE_DIR, _, language

#: The scripts of a team's page whose texts are sent with the page (see :data:`DEBRIEF_SCRIPTS`).
TEAM_SCRIPTS = ("clock.js", "waits.js", "device.js")


def team_page(xsrf: str, prefix: str = "") -> str:
    """A team's page, in the language in use: its script fills it with the team's state and
    keeps it up to date; the language can be chosen at its foot.

    >>> from devgames.i18n import speaking
    >>> with speaking("ru"):
    ...     page = team_page("token")
    >>> '<html lang="ru">' in page, "Что только что произошло" in page, '"Your options": "' in page
    (True, True, True)
    """
    say = {key: esc(text) for key, text in {
        "title": _("devgames: your team"),
        "joining": _("Joining the table..."),
        "round": _("This round"),
        "hand": _("Your hand"),
        "moves": _("Your moves"),
        "news": _("What just happened"),
        "language": _("Language"),
    }.items()}
    return f"""{page_head(xsrf, say['title'], TEAM_SCRIPTS, prefix)}<body>
<header class="top"><span class="game"></span><h1 class="team">{say['joining']}</h1></header>
<main>
<p class="status" role="status" aria-live="polite"></p>
<p class="notice" role="alert" hidden></p>
<section class="round" aria-label="{say['round']}" hidden><p class="clock" role="timer"></p>
<p class="clock-note"></p><p class="teams"></p></section>
<section class="hand" aria-label="{say['hand']}"></section>
<section class="moves" aria-label="{say['moves']}"></section>
<section class="news" aria-label="{say['news']}"><h2>{say['news']}</h2><ol></ol>
</section>
<form class="language"><label for="language">{say['language']}</label>
<select id="language">{language_options()}</select></form>
</main></body></html>
"""


def page_head(xsrf: str, title: str, scripts: tuple[str, ...], prefix: str = "") -> str:
    """A device page's head, in the language in use: its title (escaped already), the XSRF
    token, the style, and ``scripts`` with the translations of their texts; the addresses of
    the style and scripts start with ``prefix`` (the public path behind a proxy)."""
    tags = "".join(f'<script src="{prefix}/static/{script}" defer></script>\n'
                   for script in scripts)
    return f"""<!DOCTYPE html>
<html lang="{language()}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="xsrf" content="{esc(xsrf)}">
<title>{title}</title>
<link rel="stylesheet" href="{prefix}/static/device.css">
<script type="application/json" id="dg-messages">{_messages_json(scripts)}</script>
{tags}</head>"""


def language_options() -> str:
    code = language()
    return "".join(f'<option value="{key}"{" selected" * (key == code)}>{esc(name)}</option>'
                   for key, name in LANGUAGES.items())


def _messages_json(scripts: tuple[str, ...]) -> str:
    """The translations of ``scripts``' texts as JSON safe inside a ``<script>`` element."""
    return json.dumps(script_messages(*scripts), ensure_ascii=False).replace("<", "\\u003c")


#: The scripts of the debrief's page whose texts (``_("...")``, found by their place in the
#: catalogue) are sent with the page, in the language of the request.
DEBRIEF_SCRIPTS = ("clock.js", "debrief.js")


def debrief_page(xsrf: str, prefix: str = "") -> str:
    """A person's page in the debrief (:mod:`devgames.devices.debrief_api`), in the language in
    use: the phase and the step the facilitator leads, the phase's time-box on the room's timer
    and its question, the note box (Think), the notes to read, group (Group) and dot (Vote), the
    key moments and cards of Reveal & map, the rating (Close), an optional name and the
    language. Its script fills it from the person's state and shows only what the step asks
    for; every text is set as text, never as HTML.

    >>> from devgames.i18n import speaking
    >>> with speaking("ru"):
    ...     page = debrief_page("token")
    >>> '<html lang="ru">' in page, "Отправить заметку" in page, '"Suggest": "' in page
    (True, True, True)
    """
    options = language_options()
    say = {key: esc(text) for key, text in {
        "debrief": _("Debrief"),
        "joining": _("Joining..."),
        "steps": _("Steps"),
        "time_box": _("The time-box"),
        "rate": _("Rate the session"),
        "worth": _("Worth your time? (1 to 5)"),
        "sign": _("Sign it with my name"),
        "send": _("Send the note"),
        "notes": _("Notes"),
        "key_moments": _("Key moments"),
        "moments_asked": _("Key moments: which surprised you?"),
        "cards_at_work": _("Cards at work"),
        "cards_asked": _("Which of these cards do we have at work?"),
        "name": _("Your name (optional)"),
        "save": _("Save"),
        "language": _("Language"),
    }.items()}
    head = page_head(xsrf, "devgames: " + say['debrief'], DEBRIEF_SCRIPTS, prefix)
    return f"""{head}<body class="debrief">
<header class="top"><span class="game">{say['debrief']}</span>
<h1 class="phase">{say['joining']}</h1></header>
<main>
<ol class="steps" aria-label="{say['steps']}"></ol>
<section class="round" aria-label="{say['time_box']}" hidden>
<p class="clock" role="timer"></p><p class="clock-note"></p></section>
<p class="status ask" role="status" aria-live="polite"></p>
<p class="step-hint"></p>
<p class="notice" role="alert" hidden></p>
<section class="rate" aria-label="{say['rate']}" hidden>
<h2>{say['worth']}</h2><div class="scores"></div></section>
<form class="write" hidden>
<label for="note"></label>
<textarea id="note" maxlength="300" rows="3"></textarea>
<label class="sign" hidden><input type="checkbox"> {say['sign']}</label>
<button type="submit" class="send">{say['send']}</button></form>
<p class="dots" hidden></p>
<section class="notes" aria-label="{say['notes']}"><ol></ol></section>
<section class="moments" aria-label="{say['key_moments']}" hidden>
<h2>{say['moments_asked']}</h2><ol></ol></section>
<section class="cards" aria-label="{say['cards_at_work']}" hidden>
<h2>{say['cards_asked']}</h2><div class="tags"></div></section>
<form class="named"><label for="name">{say['name']}</label>
<input id="name" maxlength="40" autocomplete="off">
<button type="submit">{say['save']}</button></form>
<form class="language"><label for="language">{say['language']}</label>
<select id="language">{options}</select></form>
</main></body></html>
"""


@cache
def _script_messages(scripts: tuple[str, ...], code: str) -> dict[str, str]:
    from babel.messages.pofile import read_po

    source = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    if code == DEFAULT or not source.is_file():
        return {}
    with source.open("rb") as file:
        catalog = read_po(file)
    return {str(m.id): str(m.string) for m in catalog if m.id and m.string
            and any(Path(place).name in scripts for place, _line in m.locations)}


def script_messages(*scripts: str) -> dict[str, str]:
    """The translations of the texts ``scripts`` show (their ``_("...")``), in the language in
    use (none in English: a script shows its own words).

    >>> from devgames.i18n import speaking
    >>> with speaking("ru"):
    ...     script_messages("debrief.js")["Suggest"]
    'Предложить'
    >>> script_messages("debrief.js")
    {}
    """
    return _script_messages(scripts, language())
