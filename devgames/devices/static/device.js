// A team's device: shows what the server says the team may see, and sends the move chosen.
// Refusals follow the server's contract: JSON {reason, message}; the page says the message.
"use strict";
(() => {
  const base = location.pathname.replace(/\/+$/, "");
  const xsrf = document.querySelector('meta[name="xsrf"]').content;
  const $ = (selector) => document.querySelector(selector);
  // The page's texts in the team's language (sent with the page; none in English).
  const messages = JSON.parse(document.getElementById("dg-messages").textContent || "{}");
  const _ = (text, values = {}) => (messages[text] || text)
    .replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
  // The requests for the state, and the pauses between attempts while the table does not
  // answer (waits.js).
  const waits = window.dgWaits([250, 500, 750]);
  const RECONNECTING = _("Reconnecting to the table...");
  // The refusals after which this page has nothing more to show: its heading and, should the
  // server give no sentence, what it says.
  const ENDINGS = {
    replaced: [_("This link no longer opens your team's seat"),
               _("The facilitator has given your team a new link: ask for your team's code.")],
    deleted: [_("This session is over"), _("The facilitator deleted this session.")],
    damaged: [_("This session cannot be opened"),
              _("The saved session cannot be opened: ask the facilitator.")],
  };
  let shown = null;      // the state on the screen
  let busy = false;      // a move is on its way
  let offline = false;   // the last request for the state failed
  let ended = false;     // the page shows one of ENDINGS and asks for nothing more
  let skew = 0;          // the server's clock less this device's, in ms

  const notice = (text) => {
    const box = $(".notice");
    box.textContent = text || "";
    box.hidden = !text;
  };

  // The title of the tab and the line at the top always say the same as the page.
  const showLine = () => {
    const mine = Boolean(shown && shown.your_move) && !offline;
    document.body.classList.toggle("offline", offline);
    document.body.classList.toggle("my-move", mine);
    if (!shown) {
      if (offline) $(".status").textContent = RECONNECTING;
      return;
    }
    $(".status").textContent = offline ? RECONNECTING : shown.status;
    const name = `${shown.team}: ${shown.game}`;
    document.title = offline ? _("Reconnecting... {name}", { name })
      : (mine ? _("Your move! {name}", { name }) : name);
  };

  // Moves can be chosen only while the table answers and no other move is on its way.
  const enable = () => {
    document.querySelectorAll(".moves button, .moves input").forEach((b) => {
      b.disabled = offline || busy;
    });
  };

  const setOffline = (value) => {
    offline = value;
    showLine();
    enable();
  };

  // The server's clock, sent with each state: the room's timer is counted by it, so that a
  // phone whose own clock is wrong shows the same time as the projector.
  const heard = (state) => {
    if (Number.isFinite(state.now)) skew = state.now - Date.now();
  };

  const put = (element, text) => {
    if (element.textContent !== text) element.textContent = text;
  };

  // In a timed round: the room's timer as the projector shows it, m:ss counting down (+m:ss
  // over time), counted here from what the projector saved; and who still plays the round.
  const showRound = () => {
    const round = shown && !ended ? shown.round : null;
    $(".round").hidden = !round;
    if (!round) return;
    const timer = round.timer;
    put($(".teams"), round.teams);
    $(".teams").hidden = !round.teams;
    $(".clock").hidden = !timer;
    $(".clock-note").hidden = !timer;
    if (timer) window.dgShowClock($(".clock"), $(".clock-note"), timer, skew);
  };

  const end = (reason, message) => {
    const [heading, sentence] = ENDINGS[reason];
    ended = true;
    waits.stop();
    document.body.classList.remove("offline", "my-move");
    document.body.classList.add("gone");
    document.title = `${heading}: devgames`;
    $(".team").textContent = heading;
    $(".status").textContent = message || sentence;
    notice("");
    $(".moves").replaceChildren();
    $(".hand").replaceChildren();
    showRound();
  };

  // The refusal in an answer that is not a success: {reason, message, state?} by the contract;
  // an answer of another form (an HTML page) is read from its status by ``guess``.
  const refusalOf = async (answer, guess) => {
    try {
      const data = await answer.json();
      if (data && typeof data.reason === "string") return data;
    } catch (error) {
      // not JSON
    }
    return { reason: guess[answer.status] || "", message: "" };
  };

  const button = (label, onClick, extra) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "move" + (extra ? " " + extra : "");
    b.textContent = label;
    b.addEventListener("click", onClick);
    return b;
  };

  const renderMoves = (state) => {
    const box = $(".moves");
    const parts = [];
    if (state.moves.length === 0) { box.replaceChildren(); return; }
    const heading = document.createElement("h2");
    heading.textContent = state.heading || _("Your options");
    parts.push(heading);
    if (state.subset) {
      const ticked = new Set();
      const go = button("", () => {
        const want = [...ticked].sort((a, b) => a - b).join(",");
        const index = state.moves.findIndex((m) => m.cards.join(",") === want);
        if (index >= 0) send(state, index);
      }, "go");
      const name = () => {
        const want = [...ticked].sort((a, b) => a - b).join(",");
        const move = state.moves.find((m) => m.cards.join(",") === want);
        go.textContent = move ? move.text : "";
      };
      for (const card of state.subset) {
        const label = document.createElement("label");
        label.className = "tick";
        const box = document.createElement("input");
        box.type = "checkbox";
        box.addEventListener("change", () => {
          if (box.checked) ticked.add(card.card); else ticked.delete(card.card);
          name();
        });
        label.append(box, " " + card.label);
        parts.push(label);
      }
      name();
      parts.push(go);
    } else {
      for (const group of state.groups) {
        const part = document.createElement("div");
        part.className = "group";
        part.setAttribute("role", "group");
        if (group.heading) {
          const title = document.createElement("h3");
          title.textContent = group.heading;
          part.setAttribute("aria-label", group.heading);
          part.append(title);
        }
        for (const { move, text } of group.moves) {
          part.append(button(text, () => send(state, move)));
        }
        parts.push(part);
      }
    }
    box.replaceChildren(...parts);
    enable();
  };

  const render = (state) => {
    if (shown && state.revision < shown.revision) return;  // an older answer arriving late
    heard(state);
    shown = state;
    document.body.style.setProperty("--team", state.color);
    document.body.classList.toggle("paused", state.paused);
    $(".game").textContent = state.game;
    $(".team").textContent = state.team;
    showLine();
    showRound();
    renderMoves(state);
    $(".hand").innerHTML = state.hand;  // built and escaped by the server
    $(".news ol").replaceChildren(...state.news.slice().reverse().map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }));
  };

  async function send(state, index) {
    if (busy || offline || ended) return;
    busy = true;
    enable();
    try {
      const answer = await fetch(base + "/move", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-XSRFToken": xsrf },
        body: JSON.stringify({ revision: state.revision, move: index,
                               label: state.moves[index].label }),
      });
      if (answer.ok) {
        const data = await answer.json();
        notice("");
        if (data.state) render(data.state);
        return;
      }
      const refusal = await refusalOf(answer, { 410: "deleted" });
      if (ENDINGS[refusal.reason]) { end(refusal.reason, refusal.message); return; }
      notice(refusal.message
             || _("The move was not made: wait a moment, then choose it again."));
      if (refusal.state) render(refusal.state);
    } catch (error) {
      notice(_("The move did not reach the table: check the network and try again."));
    } finally {
      busy = false;
      if (!ended) enable();
    }
  }

  // Asks for the state again and again: while nothing changes the server holds the request
  // (the state the page knows is named by its etag); after a failure the page asks at once for
  // the whole state (the server answers at once), so that it is itself again as soon as the
  // table answers, whether or not the table moved meanwhile.
  async function follow() {
    let failures = 0;
    while (!ended) {
      const request = waits.start();
      try {
        const known = shown && !offline ? shown.etag : "";
        const answer = await fetch(`${base}/state?known=${encodeURIComponent(known)}`,
                                   { signal: request.signal, cache: "no-store" });
        if (!answer.ok) {
          const refusal = await refusalOf(answer, { 403: "replaced", 410: "deleted" });
          if (ENDINGS[refusal.reason]) { end(refusal.reason, refusal.message); return; }
          throw new Error(`${answer.status} ${refusal.reason}`);
        }
        const state = await answer.json();
        heard(state);
        const back = offline;
        failures = 0;
        offline = false;
        if (!busy && (back || !shown || state.etag !== shown.etag)) {
          // What the notice said was about the table as it was: it goes once the table moves
          // (a refusal answered with the table as it is now stays, even when the page comes
          // back online just after it).
          if (!shown || state.etag !== shown.etag) notice("");
          render(state);
        }
        setOffline(false);
      } catch (error) {
        if (ended) return;
        if (request.again()) continue;
        setOffline(true);
        await waits.pause(failures);
        failures += 1;
      } finally {
        request.done();
      }
    }
  }

  // Ask again at once: a request made before the network came back, or before the phone
  // slept, may hang on a dead connection.
  const again = () => waits.again();
  // The browser knows first when its network goes and comes back.
  window.addEventListener("offline", () => {
    setOffline(true);
    waits.stop();
  });
  window.addEventListener("online", again);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) again();
  });

  $("#language").addEventListener("change", () => {  // kept for a year, on this phone only
    document.cookie = `dg-lang=${encodeURIComponent($("#language").value)}; path=/; `
      + "max-age=31536000; SameSite=Strict";
    location.reload();
  });
  setInterval(showRound, 250);
  follow();
})();
