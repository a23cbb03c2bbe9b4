// The room's timer on a device, as the projector shows it: m:ss counting down (+m:ss over
// time), counted from what the projector saved (duration, elapsed, started_at in epoch ms) by
// the server's clock (``skew``: the server's clock less this device's, in ms).
// Its words come from the page's messages (``dg-messages``), when the page has them.
"use strict";
window.dgShowClock = (clock, note, timer, skew) => {
  const found = document.getElementById("dg-messages");
  const messages = found ? JSON.parse(found.textContent || "{}") : {};
  const _ = (text) => messages[text] || text;
  const running = timer.started_at > 0;
  let spent = timer.elapsed;
  if (running) spent += (Date.now() + skew - timer.started_at) / 1000;
  const left = Math.round(timer.duration - spent);
  const abs = Math.abs(left);
  const text = Math.floor(abs / 60) + ":" + String(abs % 60).padStart(2, "0");
  const shown = left < 0 ? "+" + text : text;
  if (clock.textContent !== shown) clock.textContent = shown;
  clock.classList.toggle("over", left < 0);
  clock.classList.toggle("stopped", !running);
  const said = !running ? _("Timer paused") : (left < 0 ? _("Over time") : _("Time left"));
  if (note.textContent !== said) note.textContent = said;
};
