// A team's device: shows what the server says the team may see, and sends the move chosen.
"use strict";
(() => {
  const base = location.pathname.replace(/\/+$/, "");
  const xsrf = document.querySelector('meta[name="xsrf"]').content;
  const $ = (selector) => document.querySelector(selector);
  let shown = null;   // the state on the screen
  let busy = false;   // a move is on its way

  const notice = (text) => {
    const box = $(".notice");
    box.textContent = text || "";
    box.hidden = !text;
  };

  const refused = (text) => {
    document.body.classList.add("gone");
    $(".team").textContent = "This link no longer opens your team's seat";
    $(".status").textContent = text;
    $(".moves").replaceChildren();
    $(".hand").replaceChildren();
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
    heading.textContent = state.heading || "Your options";
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
        go.textContent = move ? move.label : "";
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
      state.moves.forEach((move, index) => parts.push(button(move.label, () => send(state, index))));
    }
    box.replaceChildren(...parts);
  };

  const render = (state) => {
    if (shown && state.revision < shown.revision) return;  // an older answer arriving late
    shown = state;
    document.title = (state.your_move ? "Your move! " : "") + `${state.team}: ${state.game}`;
    document.body.style.setProperty("--team", state.color);
    document.body.classList.toggle("my-move", state.your_move);
    document.body.classList.toggle("paused", state.paused);
    $(".game").textContent = state.game;
    $(".team").textContent = state.team;
    $(".status").textContent = state.status;
    renderMoves(state);
    $(".hand").innerHTML = state.hand;  // built and escaped by the server
    $(".news ol").replaceChildren(...state.news.slice().reverse().map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }));
  };

  async function send(state, index) {
    if (busy) return;
    busy = true;
    document.querySelectorAll(".moves button, .moves input").forEach((b) => { b.disabled = true; });
    try {
      const answer = await fetch(base + "/move", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-XSRFToken": xsrf },
        body: JSON.stringify({ revision: state.revision, move: index,
                               label: state.moves[index].label }),
      });
      if (answer.status === 403) { refused("The facilitator gave your team a new link."); return; }
      const data = await answer.json();
      notice(data.message);
      if (data.state) render(data.state); else if (shown) render(shown);
    } catch (error) {
      notice("The move did not reach the table: check the network and try again.");
      if (shown) renderMoves(shown);
    } finally {
      busy = false;
    }
  }

  async function follow() {
    for (;;) {
      try {
        const known = shown ? shown.etag : "";
        const answer = await fetch(`${base}/state?known=${encodeURIComponent(known)}`);
        if (answer.status === 403) { refused("The facilitator gave your team a new link."); return; }
        if (answer.status === 410) { refused("The facilitator deleted this session."); return; }
        if (!answer.ok) throw new Error(String(answer.status));
        document.body.classList.remove("offline");
        const state = await answer.json();
        if (!busy && (!shown || state.etag !== shown.etag)) render(state);
      } catch (error) {
        document.body.classList.add("offline");
        $(".status").textContent = "Reconnecting to the table...";
        await new Promise((done) => setTimeout(done, 1000));
      }
    }
  }

  follow();
})();
