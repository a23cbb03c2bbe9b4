// A person's debrief page: shows the state the server sends (the phase and the step the
// facilitator leads, the notes this person may read, their dots and rating) and sends their
// changes. Each step shows what it asks for: Think the note box, Group a group to suggest, Vote
// the dots, Close the rating. Every text is set as text. The notes keep the order they were
// written in (nothing moves under a finger while voting); in Discuss, the most dots first.
"use strict";
(() => {
  const base = location.pathname.replace(/\/+$/, "");
  const xsrf = document.querySelector('meta[name="xsrf"]').content;
  const $ = (selector) => document.querySelector(selector);
  const RETRY_MS = 750;
  // The page's texts in the person's language (sent with the page; none in English).
  const messages = JSON.parse(document.getElementById("dg-messages").textContent || "{}");
  const _ = (text, values = {}) => (messages[text] || text)
    .replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
  let shown = null;  // the state on the screen
  let busy = false;  // a change is on its way
  let skew = 0;      // the server's clock less this phone's, in ms

  const notice = (text) => {
    const box = $(".notice");
    box.textContent = text || "";
    box.hidden = !text;
  };

  const button = (text, css, act) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = css;
    b.textContent = text;
    b.disabled = busy;
    b.addEventListener("click", act);
    return b;
  };

  const HINTS = {
    think: _("Write your notes: only you see them until the facilitator reveals them."),
    reveal: _("Read everyone's notes."),
    group: _("Suggest a group for a note: the facilitator decides on the projector."),
    vote: _("Put your dots on the notes that matter most."),
    discuss: _("The room talks about the notes with most dots."),
    close: _("The debrief is closing: one last question."),
  };
  const ACTIONS_HINT = _("The facilitator takes up the actions, each with an owner and a date.");

  const suggestForm = (note) => {
    const form = document.createElement("form");
    form.className = "suggest";
    const box = document.createElement("input");
    box.maxLength = 40;
    box.autocomplete = "off";
    box.placeholder = _("A group for this note");
    box.setAttribute("aria-label", _("A group for this note"));
    box.value = note.suggested || "";
    form.append(box, button(_("Suggest"), "suggest-send", () => {}));
    form.querySelector("button").type = "submit";
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      send({ do: "suggest", note: note.id, group: box.value });
    });
    return form;
  };

  const showNote = (note) => {
    const item = document.createElement("li");
    item.className = note.mine ? "note mine" : "note";
    const text = document.createElement("p");
    text.className = "user-text";
    text.textContent = note.content;
    item.append(text);
    const about = document.createElement("p");
    about.className = "about";
    about.textContent = note.revealed ? note.votes_text
      : _("Only you see this note until it is revealed.");
    item.append(about);
    if (note.revealed && note.name) {
      const who = document.createElement("span");
      who.className = "user-text";
      who.textContent = ` - ${note.name}`;
      about.append(who);
    }
    if (note.revealed && shown.step === "group") {
      if (note.group) {
        const group = document.createElement("span");
        group.className = "user-text";
        group.textContent = ` (${note.group})`;
        about.append(group);
      }
      item.append(suggestForm(note));
    }
    if (note.revealed && shown.step === "vote") {
      const row = document.createElement("div");
      row.className = "dot-row";
      row.append(button(_("Dot ({n})", { n: note.my_dots }), "dot",
                        () => send({ do: "dot", note: note.id })));
      if (note.my_dots) {
        row.append(button(_("Take back"), "undot", () => send({ do: "undot", note: note.id })));
      }
      item.append(row);
    }
    return item;
  };

  // The phase's time-box as the projector's timer shows it (clock.js), by the server's clock
  // whatever the phone's own says.
  const showClock = () => {
    const timer = shown ? shown.timer : null;
    $(".round").hidden = !timer;
    if (timer) window.dgShowClock($(".clock"), $(".clock-note"), timer, skew);
  };

  const showMoment = (moment) => {
    const item = document.createElement("li");
    item.className = "moment";
    const title = document.createElement("p");
    title.className = "moment-title";
    title.textContent = moment.title;
    const seen = document.createElement("p");
    seen.textContent = moment.public;
    const hidden = document.createElement("p");
    hidden.className = "about";
    hidden.textContent = _("Hidden then: {what}", { what: moment.hidden });
    const b = button(moment.surprised ? _("It surprised me") : _("Did it surprise you?"),
                     moment.surprised ? "surprise chosen" : "surprise",
                     () => send({ do: "surprise", move: moment.move,
                                  surprised: !moment.surprised }));
    b.setAttribute("aria-pressed", String(moment.surprised));
    item.append(title, seen, hidden, b);
    return item;
  };

  const show = (state) => {
    shown = state;
    if (Number.isFinite(state.now)) skew = state.now - Date.now();
    showClock();
    $(".phase").textContent = state.phase_title;
    $(".ask").textContent = state.ask;
    const step = state.step;
    $(".steps").replaceChildren(...state.steps.map(([title, key]) => {
      const item = document.createElement("li");
      item.textContent = title;
      if (key === step) {
        item.className = "now";
        item.setAttribute("aria-current", "step");
      }
      return item;
    }));
    $(".step-hint").textContent = state.phase === "now_what" && step === "discuss"
      ? ACTIONS_HINT : HINTS[step];
    $(".write").hidden = step !== "think";
    $(".dots").hidden = step !== "vote";
    $(".rate").hidden = step !== "close";
    $(".write label").textContent = state.phase === "now_what"
      ? _("An action you propose (only you see it until it is revealed)")
      : _("Your note (only you see it until it is revealed)");
    document.title = _("Debrief: {phase}", { phase: state.phase_title });
    $(".sign").hidden = !(state.signed && state.name);
    $(".dots").textContent = state.dots_text;
    const notes = step === "discuss"  // the most dots first (a stable sort: ties as written)
      ? [...state.notes].sort((a, b) => b.votes - a.votes) : state.notes;
    $(".notes ol").replaceChildren(...notes.map(showNote));
    $(".moments").hidden = !state.moments.length;
    $(".moments ol").replaceChildren(...state.moments.map(showMoment));
    $(".cards").hidden = !state.cards.length;
    $(".tags").replaceChildren(...state.cards.map((card) => {
      const b = button(card.name, card.at_work ? "tag chosen game-text" : "tag game-text",
                       () => send({ do: "tag", card: card.name, at_work: !card.at_work }));
      b.setAttribute("aria-pressed", String(card.at_work));
      return b;
    }));
    $(".scores").replaceChildren(...[1, 2, 3, 4, 5].map((score) => {
      const b = button(String(score), score === state.rating ? "score chosen" : "score",
                       () => send({ do: "rate", score }));
      b.setAttribute("aria-pressed", String(score === state.rating));
      return b;
    }));
    const name = $("#name");
    if (document.activeElement !== name) name.value = state.name || "";
  };

  const send = async (change) => {
    if (busy) return;
    busy = true;
    try {
      const answer = await fetch(`${base}/do`, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-XSRFToken": xsrf },
        body: JSON.stringify(change),
      });
      const data = await answer.json();
      notice(answer.ok ? "" : data.message);
      if (data.state) show(data.state);
      return answer.ok;
    } catch (error) {
      notice(_("Not sent: the connection dropped. Try again."));
      return false;
    } finally {
      busy = false;
    }
  };

  const follow = async () => {
    for (;;) {
      try {
        const known = shown ? shown.etag : "";
        const answer = await fetch(`${base}/state?known=${encodeURIComponent(known)}`,
                                   { credentials: "same-origin" });
        const data = await answer.json();
        if (!answer.ok) {
          notice(data.message);
          if (answer.status === 403) return;
          await new Promise((done) => setTimeout(done, RETRY_MS));
          continue;
        }
        show(data);
      } catch (error) {
        await new Promise((done) => setTimeout(done, RETRY_MS));
      }
    }
  };

  $(".write").addEventListener("submit", async (event) => {
    event.preventDefault();
    const box = $("#note");
    const sent = await send({ do: "note", prompt: shown ? shown.phase_title : "", signed:
                              $(".sign input").checked, content: box.value });
    if (sent) box.value = "";  // a refused note stays in its box
  });
  $("#language").addEventListener("change", () => {  // kept for a year, on this phone only
    document.cookie = `dg-lang=${encodeURIComponent($("#language").value)}; path=/; `
      + "max-age=31536000; SameSite=Strict";
    location.reload();
  });
  $(".named").addEventListener("submit", (event) => {
    event.preventDefault();
    send({ do: "name", name: $("#name").value });
  });
  follow();
  setInterval(showClock, 250);
})();
