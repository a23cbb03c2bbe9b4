"""The team's page: the HTML a device loads once; :data:`~devgames.devices.server.STATIC`'s
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
