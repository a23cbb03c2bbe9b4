"""The pages a device loads once: a team's (:data:`PAGE`), and a person's in the debrief
(:data:`DEBRIEF_PAGE`).

The team's page: the HTML a device loads once; :data:`~devgames.devices.server.STATIC`'s
script then fills it with the team's state and keeps it up to date.

Top down, as a phone shows it: the team, the line saying whose move it is, in a timed round the
room's timer and who still plays the round, the team's hand, its moves (grouped by card), then
what just happened at the table."""

#: The page, with the XSRF token of the device's cookie to format in (``{xsrf}``).
PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="xsrf" content="{xsrf}">
<title>devgames: your team</title>
<link rel="stylesheet" href="/static/device.css">
<script src="/static/clock.js" defer></script>
<script src="/static/device.js" defer></script>
</head><body>
<header class="top"><span class="game"></span><h1 class="team">Joining the table...</h1></header>
<main>
<p class="status" role="status" aria-live="polite"></p>
<p class="notice" role="alert" hidden></p>
<section class="round" aria-label="This round" hidden><p class="clock" role="timer"></p>
<p class="clock-note"></p><p class="teams"></p></section>
<section class="hand" aria-label="Your hand"></section>
<section class="moves" aria-label="Your moves"></section>
<section class="news" aria-label="What just happened"><h2>What just happened</h2><ol></ol>
</section>
</main></body></html>
"""

#: A person's page in the debrief (:mod:`devgames.devices.debrief_api`): the phase and the step
#: the facilitator leads, the phase's time-box on the room's timer and its question, the note
#: box (Think), the notes to read, group (Group) and dot (Vote), the key moments and cards of
#: Reveal & map, the rating (Close), an optional name. Its script fills it from the person's
#: state and shows only what the step asks for; every text is set as text, never as HTML.
DEBRIEF_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="xsrf" content="{xsrf}">
<title>devgames: debrief</title>
<link rel="stylesheet" href="/static/device.css">
<script src="/static/clock.js" defer></script>
<script src="/static/debrief.js" defer></script>
</head><body class="debrief">
<header class="top"><span class="game">Debrief</span><h1 class="phase">Joining...</h1></header>
<main>
<ol class="steps" aria-label="Steps"></ol>
<section class="round" aria-label="The time-box" hidden><p class="clock" role="timer"></p>
<p class="clock-note"></p></section>
<p class="status ask" role="status" aria-live="polite"></p>
<p class="step-hint"></p>
<p class="notice" role="alert" hidden></p>
<section class="rate" aria-label="Rate the session" hidden><h2>Worth your time? (1 to 5)</h2>
<div class="scores"></div></section>
<form class="write" hidden>
<label for="note">Your note (only you see it until it is revealed)</label>
<textarea id="note" maxlength="300" rows="3"></textarea>
<label class="sign" hidden><input type="checkbox"> Sign it with my name</label>
<button type="submit" class="send">Send the note</button></form>
<p class="dots" hidden></p>
<section class="notes" aria-label="Notes"><ol></ol></section>
<section class="moments" aria-label="Key moments" hidden>
<h2>Key moments: which surprised you?</h2><ol></ol></section>
<section class="cards" aria-label="Cards at work" hidden>
<h2>Which of these cards do we have at work?</h2><div class="tags"></div></section>
<form class="named"><label for="name">Your name (optional)</label>
<input id="name" maxlength="40" autocomplete="off"><button type="submit">Save</button></form>
</main></body></html>
"""
