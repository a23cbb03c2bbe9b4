// The audience view: the projector's table, read-only, following the table as it moves.
// Every text is set as text, but the scoreboard and the charts' key (built and escaped by the
// server, as the projector shows them); the charts are drawn by plotly.js from the server's
// figure data. Refusals follow the server's contract: JSON {reason, message}.
"use strict";
(() => {
  const base = location.pathname.replace(/\/+$/, "");
  const $ = (selector) => document.querySelector(selector);
  const messages = JSON.parse(document.getElementById("dg-messages").textContent || "{}");
  const _ = (text) => messages[text] || text;
  // Below this width the columns stack, as on a phone (audience.css), and the page scrolls.
  const PHONE_WIDTH = 900;
  // The requests for the state, and the pauses between attempts while the table does not
  // answer (waits.js).
  const waits = window.dgWaits([250, 500, 1000, 2000, 4000]);
  // The refusals after which the page has nothing more to show.
  const ENDINGS = {
    audience_closed: _("This link no longer opens the table"),
    deleted: _("This session is over"),
    damaged: _("This session cannot be opened"),
  };
  let shown = null;      // the state on the screen
  let ended = false;     // the page shows one of ENDINGS and asks for nothing more
  let skew = 0;          // the server's clock less this browser's, in ms
  let drawnSize = "";    // the size the charts were laid out for

  const put = (element, text) => {
    if (element.textContent !== text) element.textContent = text;
  };
  const notice = (text) => {
    put($(".notice"), text || "");
    $(".notice").hidden = !text;
  };

  // The charts' box, in CSS pixels: the server lays the charts out for it (in steps).
  const box = () => {
    const chart = $(".chart");
    return [Math.round(chart.clientWidth), Math.round(chart.clientHeight)];
  };

  const showClock = () => {
    const timer = shown && !ended ? shown.timer : null;
    $(".round").hidden = !timer;
    if (timer) window.dgShowClock($(".clock"), $(".clock-note"), timer, skew);
  };

  const drawCharts = (charts) => {
    const chart = $(".chart");
    if (!charts || !window.Plotly) {
      chart.replaceChildren();
      $(".key").replaceChildren();
      return;
    }
    $(".key").innerHTML = charts.key;  // built and escaped by the server
    const [width, height] = box();
    const layout = { ...charts.layout, width, height };
    window.Plotly.react(chart, charts.data, layout,
                        { displayModeBar: false, displaylogo: false, staticPlot: false });
  };

  // The board (РЕЛИЗ's), drawn by the projector's own drawing module, with nothing to click.
  const statics = `${base.replace(/\/a\/[^/]*$/, "")}/static`;
  let drawing = null;     // the game's drawing module, once loaded: {game, module}
  let undraw = null;      // what the drawing leaves to stop (its watch of the box's size)
  let boardTurn = 0;      // the latest board asked for: an older one loading is dropped
  const drawBoard = async (board) => {
    const el = $(".board");
    const turn = ++boardTurn;
    if (board && (!drawing || drawing.game !== board.game)) {
      const style = document.createElement("link");
      style.rel = "stylesheet";
      style.href = `${statics}/board-${board.game}.css`;
      document.head.appendChild(style);
      drawing = { game: board.game, module: await import(`${statics}/board-${board.game}.js`) };
      if (turn !== boardTurn) return;
    }
    if (undraw) undraw();
    undraw = null;
    el.replaceChildren();
    el.hidden = !board;
    if (!board) return;
    const model = { get: (key) => board[key], on: () => {}, send: () => {} };
    undraw = drawing.module.default.render({ model, el }) || null;
  };

  const render = (state) => {
    if (Number.isFinite(state.now)) skew = state.now - Date.now();
    if (shown && state.revision < shown.revision && state.session === shown.session) return;
    const changed = !shown || state.etag !== shown.etag;
    shown = state;
    if (!changed) return;
    document.documentElement.lang = state.language;
    document.documentElement.classList.toggle("dg-lang-ru", state.language === "ru");  // NAMES_STYLE
    document.body.classList.toggle("paused", state.paused);
    document.body.classList.toggle("over", state.over);
    put($(".game"), state.game);
    put($(".session"), state.heading);
    document.title = `${state.game}: devgames`;
    put($(".line"), state.line);
    put($(".paused-note"), state.paused_note);
    $(".paused-note").hidden = !state.paused_note;
    put($(".winner"), state.winner);
    $(".winner").hidden = !state.winner;
    $(".scores").innerHTML = state.scoreboard;  // built and escaped by the server
    showClock();
    drawBoard(state.board).catch(() => notice(_("Reconnecting to the table...")));
    drawCharts(state.charts);
    showNews(state.news);
  };

  // The news, newest first. On a screen (not a phone, which scrolls), the oldest lines give
  // way until the left column fits: nothing the room should read is hidden below.
  const showNews = (news) => {
    const list = $(".news ol");
    list.replaceChildren(...news.slice().reverse().map((text) => {
      const item = document.createElement("li");
      item.textContent = text;
      return item;
    }));
    $(".news").hidden = news.length === 0;
    const column = $(".left");
    while (window.innerWidth >= PHONE_WIDTH && list.children.length > 1
           && column.scrollHeight > column.clientHeight) {
      list.lastElementChild.remove();
    }
  };
  window.addEventListener("resize", () => { if (shown) showNews(shown.news); });

  const end = (reason, message) => {
    ended = true;
    waits.stop();
    document.body.classList.add("gone");
    put($(".game"), ENDINGS[reason]);
    put($(".line"), message || ENDINGS[reason]);
    document.title = `${ENDINGS[reason]}: devgames`;
    notice("");
    showClock();
  };

  const refusalOf = async (answer) => {
    try {
      const data = await answer.json();
      if (data && typeof data.reason === "string") return data;
    } catch (error) {
      // not JSON
    }
    return { reason: { 403: "audience_closed", 410: "deleted" }[answer.status] || "",
             message: "" };
  };

  // Asks for the state again and again: while nothing changes the server holds the request;
  // after a failure it waits a little longer each time, then asks for the whole state.
  async function follow() {
    let failures = 0;
    while (!ended) {
      const request = waits.start();
      const [width, height] = box();
      try {
        const known = shown && failures === 0 && drawnSize === `${width}x${height}`
          ? shown.etag : "";
        drawnSize = `${width}x${height}`;
        const answer = await fetch(
          `${base}/state?known=${encodeURIComponent(known)}&w=${width}&h=${height}`,
          { signal: request.signal, cache: "no-store" });
        if (!answer.ok) {
          const refusal = await refusalOf(answer);
          if (ENDINGS[refusal.reason]) { end(refusal.reason, refusal.message); return; }
          throw new Error(`${answer.status} ${refusal.reason}`);
        }
        const state = await answer.json();
        failures = 0;
        notice("");
        render(state);
      } catch (error) {
        if (ended) return;
        if (request.again()) continue;
        notice(_("Reconnecting to the table..."));
        await waits.pause(failures);
        failures += 1;
      } finally {
        request.done();
      }
    }
  }

  // Ask again at once: after the network came back, the page woke up or its box changed size.
  const again = () => waits.again();
  window.addEventListener("online", again);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) again();
  });
  // The charts follow their box, whatever changed it (the window, a zoom, the key above
  // them): drawn at once at the new size, then laid out again by the server for it.
  let resized = null;
  new ResizeObserver(() => {
    const chart = $(".chart");
    const [width, height] = box();
    const drawn = chart._fullLayout;
    if (drawn && window.Plotly && (drawn.width !== width || drawn.height !== height)) {
      window.Plotly.relayout(chart, { width, height });
    }
    clearTimeout(resized);
    resized = setTimeout(() => {
      const [w, h] = box();
      if (`${w}x${h}` !== drawnSize) again();
    }, 300);
  }).observe($(".chart"));
  $("#language").addEventListener("change", () => {  // kept for a year, in this browser only
    document.cookie = `dg-lang=${encodeURIComponent($("#language").value)}; path=/; `
      + "max-age=31536000; SameSite=Strict";
    location.reload();
  });
  setInterval(showClock, 250);
  follow();
})();
