"""The projector look: large type, high contrast, a light and a dark theme.

Everything is scoped to the app's root (class ``dg-app``); ``dg-dark`` on the root switches to the
dark theme. The style sheet is one ``<style>`` element shown inside the app.
"""

import ipywidgets as widgets

from devgames.screens.cards import NAMES_STYLE

CSS = """
.dg-app { --dg-bg: #ffffff; --dg-fg: #111111; --dg-muted: #555555; --dg-accent: #0b57d0;
  --dg-panel: #f3f4f6; --dg-border: #c7c9cc; --dg-bad: #b3261e; --dg-good: #146c2e;
  background: var(--dg-bg); color: var(--dg-fg); font-size: 20px; line-height: 1.35;
  padding: 12px 18px; border-radius: 8px; }
.dg-app.dg-dark { --dg-bg: #101418; --dg-fg: #f5f5f5; --dg-muted: #b9c0c7; --dg-accent: #8ab4f8;
  --dg-panel: #1d2329; --dg-border: #3c4650; --dg-bad: #ffb4ab; --dg-good: #7fd99a; }
.dg-app { --jp-widgets-color: var(--dg-fg); --jp-widgets-label-color: var(--dg-fg);
  --jp-widgets-readout-color: var(--dg-fg); --jp-ui-font-color0: var(--dg-fg);
  --jp-ui-font-color1: var(--dg-fg); --jp-content-font-color1: var(--dg-fg);
  --jp-layout-color0: var(--dg-bg); --jp-layout-color1: var(--dg-bg);
  --jp-layout-color2: var(--dg-panel); --jp-border-color1: var(--dg-border);
  --jp-border-color2: var(--dg-border); --jp-widgets-input-color: var(--dg-fg);
  --jp-widgets-input-background-color: var(--dg-bg);
  --jp-widgets-input-border-color: var(--dg-border); --jp-widgets-font-size: 19px;
  --jp-ui-font-size1: 19px; }
body:has(.dg-app.dg-dark) { background: #101418; }
.dg-app .widget-html, .dg-app .widget-html-content, .dg-app .widget-label,
.dg-app .widget-label-basic, .dg-app label { color: var(--dg-fg); font-size: 20px;
  line-height: 1.35; }
.dg-app .widget-html-content { white-space: normal; }
.dg-app button.jupyter-button { font-size: 19px; height: auto; min-height: 40px;
  padding: 6px 14px; line-height: 1.25; white-space: normal; border-radius: 6px;
  background: var(--dg-panel); color: var(--dg-fg); border: 1px solid var(--dg-border); }
.dg-app button.jupyter-button.mod-primary { background: var(--dg-accent); color: var(--dg-bg);
  border-color: var(--dg-accent); font-weight: 600; }
.dg-app button.jupyter-button.mod-danger { background: var(--dg-bad); color: var(--dg-bg); }
.dg-app button.jupyter-button:disabled { opacity: .45; }
.dg-app button.jupyter-button.mod-active { background: var(--dg-accent); color: var(--dg-bg);
  border-color: var(--dg-accent); font-weight: 700; }
.dg-app .widget-checkbox, .dg-app .widget-inline-hbox { min-height: 40px; }
.dg-app .widget-checkbox label span, .dg-app .widget-label-basic span { color: var(--dg-fg); }
.dg-app .jupyter-widget-Collapse-header, .dg-app .lm-Collapse-header,
.dg-app .p-Collapse-header { background: var(--dg-panel); color: var(--dg-fg);
  font-size: 19px; }
.dg-app .jupyter-widget-Collapse-contents, .dg-app .lm-Collapse-contents,
.dg-app .p-Collapse-contents { background: var(--dg-bg); color: var(--dg-fg); }
.dg-moves .jupyter-button, .dg-seats .widget-hbox > * { margin: 3px 6px 3px 0; }
.dg-app input, .dg-app select, .dg-app textarea { font-size: 19px !important;
  background: var(--dg-bg) !important; color: var(--dg-fg) !important;
  border: 1px solid var(--dg-border) !important; }
.dg-app .widget-text input, .dg-app .widget-dropdown select { height: 40px; }
.dg-app h1 { font-size: 34px; margin: 4px 0; }
.dg-app h2 { font-size: 28px; margin: 8px 0 4px; }
.dg-app h3 { font-size: 23px; margin: 6px 0 2px; }
.dg-muted { color: var(--dg-muted); }
.dg-waiting { font-size: 28px; font-weight: 700; color: var(--dg-accent); }
.dg-winner { font-size: 40px; font-weight: 800; color: var(--dg-good); }
.dg-so-far { font-size: 22px; font-weight: 700; color: var(--dg-muted); }
.dg-connection { position: fixed; top: 0; left: 0; right: 0; z-index: 1000;
  padding: 14px 24px; background: #b3261e; color: #ffffff; font-size: 26px; font-weight: 700;
  line-height: 1.3; box-shadow: 0 4px 18px rgba(0, 0, 0, .45); }
.dg-connection[hidden] { display: none; }
.dg-connection button { font-size: 22px; font-weight: 700; padding: 6px 16px; margin: 0 12px;
  color: #b3261e; background: #ffffff; border: 0; border-radius: 6px; cursor: pointer; }
.dg-connection-status { font-size: 20px; font-weight: 400; }
body.dg-disconnected .dg-body { opacity: .45; pointer-events: none; }
body.dg-disconnected .jupyter-widgets-disconnected::before { content: none; }
/* One glance: the app is exactly the window; the launcher and forms scroll inside it, and the
   table fits it, the turn and the scoreboard on the left, the charts filling the right. */
body:has(.dg-app) .lm-BoxPanel-child, body:has(.dg-app) .jp-Cell,
body:has(.dg-app) .jp-Cell-outputWrapper { padding: 0 !important; margin: 0 !important; }
body:has(.dg-app) .lm-BoxPanel-child { overflow: clip !important; }
/* Nothing around the app scrolls, not even to show a focused button while the window is
   resized: a scrolled ancestor would hide the top of the table with no way back. */
body:has(.dg-app) .jp-LabShell, body:has(.dg-app) #jp-main-content-panel,
body:has(.dg-app) .jp-OutputArea, body:has(.dg-app) .jp-OutputArea-child,
body:has(.dg-app) .jp-OutputArea-output { overflow: clip !important; }
.dg-app { height: 100vh; box-sizing: border-box; overflow: clip; border-radius: 0;
  padding: 6px 16px 8px; }
.dg-app > .dg-header { flex: 0 0 auto; }
.dg-app .dg-header h1 { font-size: 26px; margin: 0 12px 0 0; }
.dg-app > .dg-body { flex: 1 1 auto; min-height: 0; overflow-y: auto; }
.dg-body:has(> .dg-table-view) { overflow: clip; }
.dg-table-view { height: 100%; min-height: 0; }
.dg-table-top { flex: 0 0 auto; align-items: center; justify-content: space-between;
  gap: 12px; }
.dg-heading h2 { display: inline; font-size: 26px; margin: 0 8px 0 0; }
.dg-main { flex: 1 1 auto; min-height: 0; gap: 18px; }
.dg-left { flex: 0 1 43%; min-width: 22em; overflow-y: auto; overflow-x: hidden;
  padding-right: 6px; }
.dg-right { flex: 1 1 60%; min-width: 0; min-height: 0; }
.dg-right > .dg-charts, .dg-charts { flex: 1 1 auto; min-height: 0; height: 100%; }
/* A game with a board (РЕЛИЗ): the board above, as high as its drawing needs at the column's
   width (its content's height), the charts below it in what is left (enough for a plotting
   area of 160x80 under the legend and the title). A hand open: the board alone. */
.dg-right > .dg-board { flex: 0 1 auto; min-height: 0; overflow: auto; }
.dg-right:has(> .dg-board) > .dg-charts { flex: 1 1 0; min-height: 230px; height: auto; }
.dg-hand-open .dg-right > .dg-board { flex-grow: 1; }
.dg-tile-tray .jupyter-button.dg-tile { font-size: 22px; min-height: 48px; min-width: 4.5em;
  font-variant-numeric: tabular-nums; }
.dg-charts > .dg-chart { flex: 1 1 auto; min-height: 0; height: 100%; width: 100%;
  overflow: hidden; }
.dg-left > *, .dg-charts > .dg-key-box, .dg-table-top, .dg-header { flex-shrink: 0; }
.dg-app button.dg-admin-toggle { white-space: nowrap; }
.dg-app .dg-notice:not(:has(.widget-html-content:not(:empty))) { display: none; }
.dg-left .dg-table th, .dg-left .dg-table td { padding: 3px 5px; }
.dg-left .dg-table th { hyphens: auto; }
.dg-heading { min-width: 0; flex: 1 1 auto; }
.dg-heading h2 { white-space: nowrap; }
/* A name stays on its line, unless a table with no lines of cards under its rows would not
   fit its column (a РЕЛИЗ team falls sick: one more column); a "bot" tag stays whole. */
.dg-table tr:not(.dg-details) > td:first-child { white-space: nowrap; }
.dg-table:not(:has(.dg-details)) tr > td:first-child { white-space: normal; }
.dg-table .dg-tag { white-space: nowrap; }
.dg-keys { display: flex; flex-wrap: wrap; column-gap: 18px; font-size: 20px; }
/* The key above the charts: the teams (bold, in their colours), then the other lines and bars
   of the panels, each with its mark, in one flow. */
.dg-key, .dg-key-notes { display: contents; }
.dg-key > span { font-weight: 700; white-space: nowrap; }
.dg-key-note { white-space: nowrap; }
.dg-key-mark { display: inline-block; width: 1.6em; margin-right: 0.3em; vertical-align: middle; }
.dg-key-dash { border-top: 4px dashed currentColor; }
.dg-key-line { border-top: 4px solid currentColor; }
.dg-key-bar { width: 0.9em; height: 0.9em; background: currentColor; border-radius: 2px; }
.dg-chip { display: inline-block; width: 0.7em; height: 0.7em; border-radius: 3px;
  margin-right: 0.4em; vertical-align: baseline; }
.dg-waiting-line .dg-waiting { margin: 2px 0 6px; line-height: 1.2; }
.dg-app .jupyter-button { width: auto; max-width: 100%; }
.dg-reveal.jupyter-button, .dg-bot-step.jupyter-button { font-size: 22px; min-height: 48px;
  padding: 8px 20px; }
@media (max-width: 1000px) {
  .dg-main { flex-direction: column; overflow-y: auto; }
  .dg-left { flex: 0 0 auto; min-width: 0; overflow: visible; }
  .dg-right { flex: 0 0 auto; height: 80vh; }
}
/* The facilitator's controls: a drawer over the charts, opened from the table's top line. */
.dg-drawer { position: fixed; top: 56px; right: 16px; z-index: 900; width: min(46em, 92vw);
  max-height: calc(100vh - 80px); overflow-y: auto; padding: 10px 16px;
  background: var(--dg-bg); border: 2px solid var(--dg-border); border-radius: 10px;
  box-shadow: 0 8px 28px rgba(0, 0, 0, .35); }
.dg-drawer:not(.dg-open) { display: none; }
.dg-drawer .widget-hbox { flex-wrap: wrap; align-items: center; }
/* The Join panel: one team's code at a time, large, on white (a code scans only dark on light). */
.dg-drawer > *, .dg-join > *, .dg-join .widget-vbox > * { flex-shrink: 0; }
.dg-join-row { gap: 8px; margin: 4px 0; }
.dg-join-state { min-width: 16em; }
.dg-join-card { margin-top: 8px; text-align: center; }
.dg-qr { display: inline-block; background: #fff; padding: 8px; border-radius: 8px; }
.dg-qr svg { width: min(44vh, 420px); height: auto; display: block; }
.dg-join-address { font: 700 22px/1.3 ui-monospace, monospace; overflow-wrap: anywhere; }
.dg-app button.dg-join-toggle, .dg-app button.dg-pause-room { white-space: nowrap; }
/* The table's top buttons keep their whole label; the line of players gives way instead. */
.dg-table-top > .jupyter-button { width: auto; flex: 0 0 auto; overflow: visible; }
/* A label for screen readers only. */
.dg-unseen-label .widget-label { position: absolute !important; width: 1px !important;
  height: 1px !important; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
/* Downloads look like what they are: buttons. */
.dg-export-links a[download] { display: inline-block; margin: 4px 10px 4px 0; padding: 8px 16px;
  border-radius: 6px; background: var(--dg-accent); color: var(--dg-bg); font-weight: 700;
  text-decoration: none; font-size: 19px; }
.dg-export-links a[download]:hover, .dg-export-links a[download]:focus { outline: 3px solid
  var(--dg-fg); outline-offset: 2px; }
/* Dark theme: no white frame around the app. */
body:has(.dg-app.dg-dark), body:has(.dg-app.dg-dark) .lm-BoxPanel-child,
body:has(.dg-app.dg-dark) .jp-LabShell { background: #101418 !important; }
.dg-notice .widget-html-content:not(:empty) { display: block; padding: 8px 12px;
  border-radius: 6px; border-left: 6px solid var(--dg-accent); background: var(--dg-panel); }
.dg-notice.dg-error .widget-html-content:not(:empty) { border-left-color: var(--dg-bad);
  color: var(--dg-bad); font-weight: 600; }
.dg-table { border-collapse: collapse; margin: 6px 0; }
.dg-table { font-size: 19px; }
.dg-table th, .dg-table td { padding: 4px 8px; border-bottom: 1px solid var(--dg-border);
  text-align: left; vertical-align: top; }
.dg-table td.dg-num { text-align: right; font-variant-numeric: tabular-nums; }
.dg-table tr.dg-current td { font-weight: 700; background: var(--dg-panel); }
.dg-table .dg-cards { font-size: 18px; line-height: 1.25; color: var(--dg-muted);
  white-space: normal; overflow-wrap: anywhere; }
.dg-table .dg-tag { font-size: 18px; font-weight: 400; color: var(--dg-muted); }
/* The left column is read whole, never scrolled: the facts, the table and the last news in
   tight lines, the table's names column first to give way to its numbers. */
.dg-left .dg-table th, .dg-left .dg-table td { padding: 1px 3px; line-height: 1.22; }
.dg-left .dg-table th { font-size: 18px; vertical-align: bottom; hyphens: manual; }
@media (max-height: 800px) {  /* 1280x720 and 150% zoom: whose turn stays the largest line */
  .dg-left .dg-waiting { font-size: 24px; }
  .dg-left .dg-table { margin: 2px 0; font-size: 18px; }
  .dg-left .dg-table td { line-height: 1.15; }  /* a team of two: two lines a row */
  /* Five teams of two (ten lines) fill the column: the table says who committed what. */
  .dg-left:has(.dg-scoreboard tr:nth-of-type(6) td br) > .dg-news { display: none; }
}
@media (max-width: 1400px) {  /* 1280 wide: eight teams' names and numbers side by side */
  .dg-left { flex-basis: 45%; }
}
.dg-facts { column-gap: 16px; }
/* A fact the table also says (the cards committed, in each player's row) is read there; beside
   an open hand, where the table is hidden, it is read in the facts. */
.dg-table-view:not(.dg-hand-open) .dg-facts > .dg-in-table { display: none; }
.dg-news { margin-top: 6px; font-size: 19px; line-height: 1.3; }
.dg-news .widget-html-content > div { margin-bottom: 2px; }
/* The card the whole room reads now (a Tools & Methods card, an event card): large, framed. */
.dg-featured { display: flex; flex-wrap: wrap; gap: 10px; margin: 4px 0 8px; }
.dg-featured-card { flex: 1 1 18em; max-width: 32em; padding: 8px 14px;
  border: 3px solid var(--dg-accent); border-radius: 10px; background: var(--dg-panel); }
.dg-featured-heading { font-size: 16px; font-weight: 700; text-transform: uppercase;
  letter-spacing: .06em; color: var(--dg-muted); }
.dg-featured-name { font-size: 30px; font-weight: 800; line-height: 1.15;
  overflow-wrap: anywhere; }
.dg-featured-card ul { margin: 4px 0 0; padding-left: 1.2em; font-size: 22px; line-height: 1.3; }
.dg-featured-note { font-size: 18px; font-style: italic; font-weight: 400; letter-spacing: 0;
  text-transform: none; color: var(--dg-muted); }
.dg-featured-card { box-sizing: border-box; min-width: 0; max-width: min(32em, 100%); }
@media (max-height: 800px) {  /* 1280x720 and 150% zoom: the card stays large, the frame tight */
  .dg-featured { margin: 0 0 2px; }
  .dg-featured-card { padding: 2px 10px; border-width: 2px; }
  .dg-featured-name { line-height: 1.05; }
  .dg-facts { line-height: 1.3; }
  .dg-featured-heading { font-size: 18px; letter-spacing: .02em; }
  .dg-featured-name { font-size: 24px; }
  .dg-featured-card ul { margin-top: 2px; font-size: 20px; line-height: 1.2; }
}
@media (max-height: 660px) {  /* 150% zoom on a 1920x1080 screen, less the browser's bars */
  .dg-featured-heading { display: inline; margin-right: .5em; }  /* heading and name: a line */
  .dg-featured-name { display: inline; }
  .dg-featured-card ul { display: flex; flex-wrap: wrap; column-gap: 1em; padding-left: 0;
    list-style: none; }  /* the card's short lines side by side */
  .dg-featured-card li::before { content: "• "; }
  .dg-left .dg-waiting-line .dg-waiting { font-size: 22px; margin-bottom: 2px; }
  .dg-left .dg-table td { padding-top: 0; padding-bottom: 0; line-height: 1.08; }
  .dg-facts { line-height: 1.2; }
  .dg-news .widget-html-content > div:not(:last-child) { display: none; }  /* the last line */
  /* Teams of two (rows of two lines) fill the column: the table says who did what. */
  .dg-left:has(.dg-scoreboard td br) > .dg-news { display: none; }
}
.dg-facts { display: flex; flex-wrap: wrap; column-gap: 20px; }
.dg-facts span { overflow-wrap: anywhere; }
.dg-left { overflow-x: auto; }
.dg-panel { background: var(--dg-panel); border-radius: 8px; padding: 8px 12px; margin: 6px 0; }
.dg-hand-card { display: inline-block; margin: 4px 8px 4px 0; padding: 6px 10px;
  border: 1px solid var(--dg-border); border-radius: 6px; background: var(--dg-bg); }
/* Card meanings. In the hand: one box per card, name and figures, a kind badge, the meaning in
   smaller muted type under them; one column at 1280x720, two from about 1700 px wide. On the
   table: a card name shows its meaning on hover (title) and, tapped or focused, in a line under
   it (no floating bubble: nothing to clip in the scrolling column). */
.dg-hand-meant { display: grid; grid-template-columns: repeat(auto-fill, minmax(16em, 1fr));
  gap: 6px; margin: 4px 0; }
.dg-hand-meant .dg-hand-card { display: flex; flex-direction: column; gap: 2px; margin: 0;
  padding: 5px 10px; min-width: 0; border-left-width: 6px; }
.dg-hand-meant .dg-hand-top { overflow-wrap: anywhere; }
.dg-hand-meant .dg-meaning { font-size: 16px; line-height: 1.3; color: var(--dg-muted); }
.dg-card-kind { display: inline-block; padding: 0 6px; border: 1px solid currentColor;
  border-radius: 9px; font-size: 14px; font-weight: 700; line-height: 1.35;
  vertical-align: 2px; white-space: nowrap; }
.dg-card-kind-investment { color: var(--dg-accent); }
.dg-card-kind-help { color: var(--dg-good); }
.dg-card-kind-harm { color: var(--dg-bad); }
.dg-card-kind-shortcut { color: #8a5300; }
.dg-dark .dg-card-kind-shortcut { color: #f0b35c; }
.dg-hand-meant .dg-card-investment { border-left-color: var(--dg-accent); }
.dg-hand-meant .dg-card-help { border-left-color: var(--dg-good); }
.dg-hand-meant .dg-card-harm { border-left-color: var(--dg-bad); }
.dg-hand-meant .dg-card-shortcut { border-left-color: #8a5300; }
.dg-dark .dg-hand-meant .dg-card-shortcut { border-left-color: #f0b35c; }
.dg-meant { cursor: help; border-bottom: 1px dotted currentColor; }
.dg-meant:focus { outline: none; color: var(--dg-fg); background: var(--dg-panel);
  border-bottom: 2px solid var(--dg-accent); }
.dg-meant:focus::after { content: attr(data-meaning); display: block; margin: 2px 0 4px;
  padding: 4px 8px; border-left: 4px solid var(--dg-accent); border-radius: 4px;
  background: var(--dg-panel); color: var(--dg-fg); font-size: 16px; font-weight: 400;
  white-space: normal; overflow-wrap: anywhere; }
.dg-secrets { margin: 6px 0; padding-left: 22px; font-weight: 600; }
.dg-timer { font-size: 30px; font-weight: 700; font-variant-numeric: tabular-nums; }
.dg-timer.dg-timer-over { color: var(--dg-bad); }
.dg-app .jupyter-widgets.widget-tab > .p-TabBar .p-TabBar-tab,
.dg-app .jupyter-widgets.widget-tab > .lm-TabBar .lm-TabBar-tab { font-size: 19px; }
.dg-app .widget-select select { font-size: 19px !important; }
.dg-subsets .dg-subset-card { margin: 4px 10px 4px 0; padding: 4px 12px; min-height: 44px;
  border: 1px solid var(--dg-border); border-radius: 6px; background: var(--dg-bg); }
.dg-subsets .dg-subset-card input[type="checkbox"] { width: 26px; height: 26px;
  margin-right: 10px; accent-color: var(--dg-accent); }
.dg-subsets .dg-subset-card label { font-size: 21px; cursor: pointer; }
.dg-subsets .dg-subset-go { margin-top: 8px; font-size: 21px; }
/* A hand open behind the curtain: only its team looks now, so its hand and moves take the
   charts' room (a board stays: РЕЛИЗ is played on it). Beside them, what a team must follow (a
   featured card, the facts: what was led, what is committed); the long tables and the news
   wait until the curtain is down. */
.dg-hand-open .dg-right > .dg-charts { display: none; }
.dg-hand-open .dg-right:not(:has(> .dg-board)) { display: none; }
.dg-hand-open .dg-main:not(:has(.dg-board)) > .dg-left { flex: 1 1 100%; display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(14em, 30%);
  grid-template-rows: repeat(5, auto) 1fr; column-gap: 24px; align-content: start; }
.dg-hand-open .dg-main:not(:has(.dg-board)):has(.dg-move-cards) > .dg-left {
  grid-template-columns: minmax(0, 3fr) minmax(14em, 2fr); }  /* a hand of card buttons */
.dg-hand-open .dg-main:not(:has(.dg-board)) > .dg-left > * { grid-column: 2; min-width: 0; }
.dg-hand-open .dg-main:not(:has(.dg-board)) > .dg-left > .dg-turn { grid-column: 1;
  grid-row: 1 / -1; }
.dg-hand-open .dg-scoreboard h3, .dg-hand-open .dg-scoreboard .dg-table,
.dg-hand-open .dg-news { display: none; }
.dg-hand-open .dg-curtain { padding-left: 10px; }
.dg-hand-open .dg-curtain h3 { margin: 0 0 2px; }
.dg-hand-open .dg-curtain .dg-secrets { margin: 2px 0; }
.dg-app .dg-hand-open .dg-curtain > .dg-hide { min-height: 36px; padding: 2px 12px; }
/* The moves of an open hand, card by card: the card, then its moves as short buttons. */
.dg-move-groups > * { flex-shrink: 0; }
.dg-move-row { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 6px;
  padding: 2px 0; border-bottom: 1px solid var(--dg-border); }
.dg-move-row > .dg-move-card { flex: 0 1 19em; min-width: 10em; }
.dg-move-idle { margin: 2px 0; }
.dg-hand-line { margin: 2px 0 4px; }
.dg-hand-line .dg-hand-card { margin: 2px 6px 2px 0; padding: 0 8px; }
.dg-hand-open .dg-main:has(.dg-board) > .dg-left { flex-basis: 50%; }
@media (max-width: 1400px) {  /* 1280 wide: the moves on fewer lines, the board a little smaller */
  .dg-hand-open .dg-main:has(.dg-board) > .dg-left { flex-basis: 58%; }
}
.dg-move-idle .dg-idle-card { margin: 2px 6px 2px 0; padding: 0 8px; }
.dg-move-row-buttons, .dg-move-cards { display: flex; flex-wrap: wrap; gap: 4px 6px;
  min-width: 0; }
.dg-move-row-buttons { flex: 1 1 18em; }
.dg-app .dg-move-groups .jupyter-button { margin: 0; min-height: 34px; padding: 2px 10px; }
.dg-move-row-long > .dg-move-card { flex: 1 1 100%; }
.dg-move-row-long > .dg-move-row-buttons { padding-left: 14px; }
.dg-move-verb { color: var(--dg-muted); font-weight: 600; }
.dg-app .dg-move-said { margin: 2px 0 0; height: auto; min-height: 0; line-height: 1.25; }
.dg-move-row .widget-html { margin: 0; height: auto; min-height: 0; line-height: 1.25; }
.dg-move-row-buttons { align-items: center; }
.dg-move-notes { margin: 2px 0; padding-left: 22px; line-height: 1.25; }
.dg-hand-open .dg-curtain { position: relative; }
.dg-hand-open .dg-curtain > .dg-hide { position: absolute; top: 0; right: 0; margin: 0; }
.dg-hand-open .dg-curtain h3 { margin-right: 9em; }
.dg-move-card .dg-hand-card { display: block; margin: 0; padding: 2px 8px;
  border-left-width: 6px; }
.dg-move-card .dg-hand-top { overflow-wrap: anywhere; }
.dg-move-card .dg-card-kind { font-size: 18px; line-height: 1.2; }
.dg-move-card .dg-meaning { display: block; font-size: 18px; line-height: 1.25;
  color: var(--dg-muted); }
.dg-many-cards .dg-meaning { display: none; }
@media (max-height: 800px) {  /* a board game's open hand: its moves before the table's facts */
  .dg-hand-open .dg-main:has(.dg-board) .dg-facts > :not(.dg-in-table) { display: none; }
  .dg-hand-open .dg-main:has(.dg-board) .dg-featured-heading { display: inline;
    margin-right: .5em; }  /* "DAILY EVENT Sudden Insight": one line */
  .dg-hand-open .dg-main:has(.dg-board) .dg-featured-name { display: inline; }
  .dg-hand-open .dg-curtain h3 { font-size: 20px; }  /* beside "Hide the hand again" */
}
/* Meanings on hover: a card is as wide as its name, its moves on the same line when they fit. */
.dg-many-cards .dg-move-row > .dg-move-card,
.dg-many-cards .dg-move-row-long > .dg-move-card { flex: 0 0 auto; min-width: 0; }
.dg-many-cards .dg-move-row-buttons { flex: 1 1 auto; }
.dg-many-cards .dg-move-row-long > .dg-move-row-buttons { padding-left: 0; }
.dg-move-card .dg-card-investment { border-left-color: var(--dg-accent); }
.dg-move-card .dg-card-help { border-left-color: var(--dg-good); }
.dg-move-card .dg-card-harm { border-left-color: var(--dg-bad); }
.dg-move-card .dg-card-shortcut { border-left-color: #8a5300; }
.dg-app .dg-move-cards .jupyter-button.dg-move-off { border-style: dashed;
  color: var(--dg-muted); background: var(--dg-bg); font-weight: 400; }
.dg-seats-panel { margin: 8px 0; }
.dg-setup .dg-pairs { margin: 6px 0 10px; }
.dg-setup .dg-pair { font-weight: 600; }
.dg-seats-panel .dg-seat-choice { margin: 3px 18px 3px 0; }
.dg-seats-panel .dg-seat-choice label { font-weight: 600; }
/* Launcher and set-up form. A field's label shows whole (it may push the field), a button's
   label stays on one line when it fits, and the field a refusal is about has a red border. */
.dg-app .widget-inline-hbox > .widget-label { min-width: max-content; overflow: visible;
  text-overflow: clip; padding-right: 4px; }
.dg-app .dg-launcher .jupyter-button, .dg-app .dg-setup .jupyter-button {
  white-space: nowrap; flex-shrink: 0; }
.dg-app .dg-launcher .dg-resume.jupyter-button { white-space: normal; flex-shrink: 1;
  text-align: left; overflow-wrap: anywhere; max-width: 100%; }
.dg-app .dg-invalid input, .dg-app .dg-invalid select, .dg-app .dg-invalid textarea {
  border: 3px solid var(--dg-bad) !important; box-shadow: 0 0 0 2px var(--dg-bad); }
.dg-app .dg-seats.dg-invalid { outline: 3px solid var(--dg-bad); outline-offset: 4px;
  border-radius: 6px; }
.dg-app .dg-body > .dg-launcher, .dg-app .dg-body > .dg-setup, .dg-launcher > *,
.dg-launcher .widget-vbox > *, .dg-setup > * { flex-shrink: 0; }
.dg-app input::placeholder { color: var(--dg-muted) !important; opacity: 1; }
.dg-app .dg-session { margin: 2px 0; gap: 6px; }
.dg-app .dg-count { color: var(--dg-muted); }
.dg-app .dg-confirm { border-left: 6px solid var(--dg-bad); align-items: center; gap: 6px; }
.dg-app .dg-confirm > .dg-delete-question { flex: 1 1 0; min-width: 0; }
.dg-app .dg-confirm > button { flex-shrink: 0; }
.dg-app .dg-confirm .widget-html-content, .dg-app .dg-count .widget-html-content {
  overflow-wrap: anywhere; }
/* The launcher is one screen, 1280x720 included, with the saved sessions in view: "Start a
   session" on the left of its line, the planner's button and the language switch (the screen's,
   beside the launcher) on the right; the games in three columns; "Resume a session" beside its
   search, the pages' buttons and the count, then the sessions. The launcher itself makes no
   box: its parts are laid in the body's grid, beside the switch. */
.dg-app .dg-body:has(> .dg-launcher) { display: grid; align-content: start;
  grid-template-columns: minmax(0, 1fr) auto auto; column-gap: 12px; }
.dg-app .dg-body > .dg-launcher { display: contents; overflow: visible; }
.dg-launcher > * { grid-column: 1 / -1; min-width: 0; }
.dg-launcher > .dg-launcher-heading { grid-area: 1 / 1; }
.dg-launcher > .dg-open-planner { grid-area: 1 / 2; align-self: center; }
.dg-body > .dg-language { grid-area: 1 / 3; align-self: center; }
.dg-app .dg-language .widget-toggle-buttons { flex-wrap: nowrap; }
.dg-launcher-games { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 10px 18px; margin-bottom: 8px; }
.dg-app .dg-launcher-games .jupyter-button { width: auto; }
.dg-launcher-find { flex-wrap: wrap; align-items: center; column-gap: 18px; }
.dg-launcher-find .dg-search { flex: 1 1 12em; max-width: 30em; }
.dg-launcher-pages { flex: 0 1 auto; min-width: 0; align-items: center; gap: 6px; }
.dg-app .dg-launcher-pages .dg-count { min-width: 0; min-height: 0; margin-left: 6px; }
@media (max-height: 800px) {  /* 1280x720 and 150% zoom: the blurbs on three or four lines */
  .dg-launcher-games .widget-html-content { font-size: 18px; line-height: 1.25; }
  .dg-launcher h2 { margin: 4px 0; }
  .dg-app .dg-launcher .dg-resume.jupyter-button { line-height: 1.2; padding: 4px 12px; }
}
/* The set-up form is one screen, 1280x720 included: its title beside Back, the seats on the
   left, the table and the main options on the right (labels beside their fields, the fields
   filling the column), Start at the bottom. "More rules" open takes the columns' place: its
   options in a grid of columns, each label above its field. */
.dg-body:has(> .dg-setup) { position: relative; }
.dg-app .dg-body:has(> .dg-setup) > .dg-back { position: absolute; top: 0; right: 0;
  margin: 0; z-index: 1; }
.dg-setup h2 { margin: 0 5em 4px 0; }
.dg-setup h3 { margin: 0 0 2px; }
.dg-setup .dg-setup-columns { gap: 20px; align-items: flex-start; }
.dg-setup .dg-seats-top { align-items: center; gap: 12px; }
.dg-setup .dg-seats-top > .widget-html { flex: 1 1 auto; min-width: 0; margin: 0; }
.dg-setup .dg-seats-top h3 { display: inline; margin: 0 .3em 0 0; }
/* The seats' column is as wide as its rows: "Seats" and what the game takes wrap above them. */
.dg-setup .dg-setup-seats { flex: 0 0 auto; width: min-content; }
.dg-setup .dg-setup-table { flex: 1 1 0; min-width: 0; }
.dg-setup .dg-setup-seats > *, .dg-setup .dg-setup-table > * { flex-shrink: 0; }
.dg-app .dg-setup .dg-setup-table > .widget-inline-hbox { width: 100% !important;
  margin: 2px 0; }
.dg-app .dg-setup .dg-setup-table > .widget-inline-hbox > .widget-label {
  width: 7em !important; min-width: 0; white-space: normal; line-height: 1.15; height: auto;
  overflow-wrap: break-word; }
.dg-app .dg-setup .dg-setup-table > .widget-inline-hbox { height: auto; align-items: center; }
.dg-setup .dg-setup-table select, .dg-setup .dg-setup-table input:not([type="checkbox"]) {
  flex: 1 1 auto; min-width: 0; }
.dg-app .dg-setup .dg-seats .widget-hbox > * { margin: 2px 6px 2px 0; }
.dg-setup .dg-deck .widget-toggle-buttons { flex-wrap: wrap; }
.dg-app .dg-setup .dg-deck button.jupyter-button { width: auto; margin: 2px 6px 2px 0; }
.dg-app .dg-setup .widget-checkbox { width: auto !important; height: auto; }
.dg-app .dg-setup .widget-checkbox label { white-space: normal; height: auto; }
.dg-setup .dg-more-rules { display: grid; gap: 4px 24px; align-items: start;
  grid-template-columns: repeat(auto-fill, minmax(min(19em, 100%), 1fr));
  grid-auto-flow: row dense; }
.dg-app .dg-setup .dg-more .jupyter-widget-Collapse-contents,
.dg-app .dg-setup .dg-more .lm-Collapse-contents { padding: 6px 14px 10px; }
.dg-app .dg-setup .dg-more-rules > .widget-inline-hbox { flex-direction: column;
  align-items: stretch; width: auto !important; height: auto; margin: 0; }
.dg-app .dg-setup .dg-more-rules > .widget-inline-hbox > .widget-label {
  width: auto !important; min-width: 0; white-space: normal; line-height: 1.2;
  height: auto; text-align: left; }
.dg-setup .dg-more-rules > .widget-inline-hbox > select,
.dg-setup .dg-more-rules > .widget-inline-hbox > input { flex: 0 0 auto; }
.dg-setup .dg-more-rules > .dg-option-wide { grid-column: span 2; }
.dg-setup .dg-more-rules > .dg-file-option { grid-column: 1 / -1; flex-wrap: wrap;
  align-items: center; gap: 6px; }
.dg-app .dg-setup .dg-more-rules > .dg-file-option > :first-child { width: auto !important; }
.dg-setup .dg-setup-go { align-items: center; gap: 12px; margin-top: 6px; }
.dg-setup .dg-setup-go > .dg-notice { flex: 1 1 auto; min-width: 0; }
/* The debrief's phones: the join code large enough to scan from the room, the counts, the
   buttons and the ROTI bars beside it (their numbers beside the bars, never on them). */
.dg-phones .dg-phones-code { flex: 0 0 auto; margin-right: 20px; }
.dg-phones .dg-qr svg { width: min(300px, 40vh); height: auto; display: block; }
.dg-phones .dg-join-address { font-size: 22px; font-weight: 700; overflow-wrap: anywhere;
  max-width: min(300px, 40vh); }
.dg-phones .dg-join-code { font-size: 32px; white-space: nowrap; }
.dg-phones .dg-phones-side { flex: 1 1 0; min-width: 0; gap: 8px; }
.dg-phones .dg-phones-buttons, .dg-phones .dg-phones-settings { flex-wrap: wrap; gap: 6px; }
.dg-roti-row { display: flex; align-items: center; gap: 10px; margin: 2px 0; }
.dg-roti-score { width: 1.2em; font-weight: 700; text-align: right; }
.dg-roti-bar { display: inline-block; height: 22px; background: var(--dg-accent, #0b57d0);
  min-width: 2px; }
/* The debrief: phases as big tabs, notes as a list the back of the room can read, dots large. */
.dg-debrief-tabs .widget-toggle-button, .dg-debrief-tabs button { font-size: 21px !important;
  min-height: 44px; margin-right: 6px; }
.dg-debrief .dg-question { font-weight: 700; margin-top: 10px; }
.dg-debrief .dg-notes { margin: 2px 0 4px; padding-left: 24px; }
.dg-debrief .dg-notes li, .dg-note-text { overflow-wrap: anywhere; }
.dg-debrief .dg-dots { color: var(--dg-accent); font-weight: 700; white-space: nowrap; }
.dg-debrief .widget-hbox { flex-wrap: wrap; align-items: center; gap: 4px; }
.dg-debrief .dg-note-row, .dg-debrief .dg-card-row, .dg-debrief .dg-action-row {
  border-bottom: 1px solid var(--dg-border); padding: 2px 0; }
.dg-debrief .dg-steps .jupyter-button { font-size: 20px; }
.dg-debrief .dg-action-form { flex-wrap: wrap; gap: 6px; align-items: center; }
.dg-debrief .dg-hidden-now { color: var(--dg-accent); font-weight: 600; }
.dg-debrief .dg-moments li { margin-bottom: 6px; }
.dg-debrief-message .dg-error { color: var(--dg-bad); font-weight: 700; }
/* While the room debriefs, the winner line and the debrief fill the table, a page at a time
   (Back and Next at the bottom, where they stay); "Show the scores and charts" swaps the debrief
   for the table as it was, the winner line staying on top. */
.dg-debriefing:not(.dg-seeing-scores) .dg-right,
.dg-debriefing:not(.dg-seeing-scores) .dg-left > :not(.dg-end):not(.dg-notice),
.dg-debriefing.dg-seeing-scores .dg-end > .dg-debrief { display: none; }
.dg-debriefing:not(.dg-seeing-scores) .dg-left { flex: 1 1 100%; overflow: clip; }
.dg-debriefing:not(.dg-seeing-scores) .dg-left > .dg-end { flex: 1 1 auto; min-height: 0; }
.dg-app .dg-end.widget-vbox { display: grid; grid-template-columns: minmax(0, 1fr) auto;
  grid-template-rows: auto minmax(0, 1fr); column-gap: 12px; align-items: center; }
.dg-end > .dg-debrief { grid-column: 1 / -1; align-self: stretch; min-height: 0; }
.dg-app button.dg-scores-toggle { white-space: nowrap; width: auto; }
.dg-end .dg-winner, .dg-end .dg-so-far { margin: 0; line-height: 1.15; }
.dg-debrief > * { flex-shrink: 0; }
.dg-debrief > .dg-debrief-body { flex: 1 1 auto; min-height: 0; overflow-y: auto; }
.dg-debrief > .dg-debrief-body > * { flex-shrink: 0; }
.dg-debrief .dg-debrief-head { flex-wrap: wrap; align-items: center; gap: 6px 10px; }
.dg-debrief .dg-debrief-head h2 { margin: 0 6px 0 0; }
.dg-debrief .dg-debrief-ask .widget-html-content { line-height: 1.25; }
.dg-debrief .dg-debrief-pager { align-items: center; gap: 12px; padding-top: 6px;
  border-top: 1px solid var(--dg-border); }
.dg-debrief .dg-debrief-pager > .dg-page-where { flex: 1 1 auto; min-width: 0;
  text-align: center; }
.dg-debrief .dg-debrief-pager .jupyter-button { font-size: 20px; min-height: 44px; }
.dg-debrief .dg-page-title { font-weight: 700; }
.dg-debrief .dg-question { margin-top: 6px; }
.dg-debrief .dg-moments { margin: 4px 0; }
.dg-export > .jupyter-button { align-self: flex-start; }
.dg-debrief > .dg-debrief-steps:empty,
.dg-debrief > .dg-debrief-message:not(:has(.widget-html-content:not(:empty))) { display: none; }
.dg-debrief .dg-card-grid { display: grid; grid-template-columns: repeat(auto-fill,
  minmax(min(29em, 100%), 1fr)); column-gap: 18px; }
.dg-debrief .dg-card-row, .dg-debrief .dg-note-row, .dg-debrief .dg-action-row {
  flex-wrap: nowrap; min-width: 0; }
.dg-debrief .dg-card-row > .widget-html, .dg-debrief .dg-note-row > .widget-html,
.dg-debrief .dg-action-row > .widget-html { flex: 0 1 auto; min-width: 0; }
.dg-debrief .dg-card-name { overflow-wrap: anywhere; }
@media (min-width: 1600px) and (min-height: 950px) {  /* 1920x1080: the pages are sized for
  1280x720, so the debrief's type grows by a quarter for the back of the room */
  .dg-debrief .widget-html-content, .dg-debrief .widget-html { font-size: 25px; }
  .dg-debrief .dg-question { font-size: 26px; }
  .dg-debrief h3 { font-size: 28px; }
  .dg-app .dg-debrief input { font-size: 23px !important; }
  .dg-app .dg-debrief .widget-text input { height: 48px; }
  .dg-app .dg-debrief button.jupyter-button { font-size: 22px; min-height: 48px; }
  .dg-debrief .dg-debrief-tabs button { font-size: 24px !important; }
}
@media (max-height: 800px) {  /* 1280x720 and 150% zoom: the winner smaller, the debrief tight */
  .dg-end .dg-winner { font-size: 30px; }
  .dg-debrief .dg-debrief-head h2 { font-size: 24px; }
  .dg-debrief h3 { margin: 2px 0; }
}
"""


def style_sheet() -> widgets.HTML:
    """The style sheet of the app, as a widget to show once inside it.

    >>> "<style>" in style_sheet().value
    True
    """
    return widgets.HTML(f"<style>{CSS}{NAMES_STYLE}</style>", layout=widgets.Layout(display="none"))
