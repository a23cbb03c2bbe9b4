"""What the back of the room can read, measured in the page the way the eye sees it.

:func:`unreadable` walks every text of the app (HTML and SVG, chart labels included) and
reports each one the room cannot read:

- **clipped**: part of the text lies outside a box that hides its overflow, or the box cuts it
  with an ellipsis;
- **scrolled away**: the text lies in a box that scrolls, outside the part that shows;
- **off screen**: the text lies outside the window;
- **too small**: its rendered size is under ``min_px`` CSS pixels (SVG text counts at the size
  its drawing is scaled to);
- **value cut**: a list's chosen value, or the value in a text box, is wider than its box
  (reported as clipped);

and, for the page as a whole:

- **page scroll**: the page is larger than the window;
- **legend on the data**: a chart's legend or colour bar overlaps one of its plotting areas;
- **chart too small**: a plotting area under 160x80 px, or a chart not drawn at its box's size;
- **small target**: a place to click on a board is under ``target_px`` on a side.

Each problem is one line naming the text and where it is, so a failing test says what to mend.
"""

from typing import Any

from playwright.sync_api import Page

from devgames.screens.cards import names_html

#: The measurement, run in the page. Returns a list of problems (dicts).
_MEASURE = r"""({minPx, targetPx}) => {
    const root = document.querySelector(".dg-app") || document.body;
    const vw = window.innerWidth, vh = window.innerHeight;
    const found = [];
    const where = (el) => {
        const parts = [];
        for (let e = el; e && e !== root && parts.length < 3; e = e.parentElement) {
            const dg = [...(e.classList || [])].filter((c) => c.startsWith("dg-")
                || c === "legend" || c === "colorbar" || c.endsWith("title")
                || c.endsWith("tick")).slice(0, 2);
            if (dg.length) parts.unshift(e.tagName.toLowerCase() + "." + dg.join("."));
        }
        return parts.join(" > ") || el.tagName.toLowerCase();
    };
    const say = (kind, el, text) => found.push(
        {kind, text: (text || "").trim().replace(/\s+/g, " ").slice(0, 70), where: where(el)});
    const style = (el) => getComputedStyle(el);
    // Boxes that cut what overflows them, from the element up (the page itself excepted).
    const clippers = new Map();
    const clippersOf = (el) => {
        if (clippers.has(el)) return clippers.get(el);
        const list = [];
        for (let e = el; e && e !== document.body && e !== document.documentElement;
             e = e.parentElement) {
            const s = style(e);
            const hides = (v) => v !== "visible";
            if (s.display === "contents") continue;  // no box of its own: it clips nothing
            if (hides(s.overflowX) || hides(s.overflowY)) {
                const r = e.getBoundingClientRect();
                const scrolls = /auto|scroll/.test(s.overflowX + s.overflowY);
                const left = r.left + (e.clientLeft || 0), top = r.top + (e.clientTop || 0);
                const width = e instanceof SVGElement ? r.width : e.clientWidth;
                const height = e instanceof SVGElement ? r.height : e.clientHeight;
                list.push({el: e, scrolls, left, top, right: left + width, bottom: top + height});
            }
        }
        clippers.set(el, list);
        return list;
    };
    const shown = (el) => el.checkVisibility
        ? el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true}) : true;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const seenEllipsis = new Set();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent;
        if (!text.trim()) continue;
        const el = node.parentElement;
        if (!el || /^(STYLE|SCRIPT|NOSCRIPT|TITLE|OPTION)$/.test(el.tagName)) continue;
        if (el.closest("[aria-hidden='true'], .js-plotly-tester, .dg-not-for-room")) continue;
        if (!shown(el)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
        if (!rects.length) continue;
        // Rendered size: CSS font size, times the scale of an SVG drawing.
        let size = parseFloat(style(el).fontSize);
        if (el instanceof SVGElement && el.getScreenCTM) {
            const m = el.getScreenCTM();
            if (m) size *= Math.hypot(m.a, m.b);
        }
        if (minPx && size < minPx - 0.25) {
            say("too small", el, `${text} (${size.toFixed(1)} px)`);
        }
        let reported = false;
        for (const r of rects) {
            if (reported) break;
            if (r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1) {
                say("off screen", el, text); reported = true; break;
            }
            for (const c of clippersOf(el)) {
                if (r.left < c.left - 1 || r.top < c.top - 1 || r.right > c.right + 1
                    || r.bottom > c.bottom + 1) {
                    say(c.scrolls ? "scrolled away" : "clipped", el,
                        `${text} (in ${where(c.el)})`);
                    reported = true; break;
                }
            }
        }
        // An ellipsis cuts the text inside its own box.
        for (let e = el; e && e !== root; e = e.parentElement) {
            if (seenEllipsis.has(e)) break;
            if (style(e).textOverflow === "ellipsis" && e.scrollWidth > e.clientWidth + 1) {
                seenEllipsis.add(e);
                say("clipped", e, `${e.textContent} (ellipsis)`);
                break;
            }
        }
    }
    // A list's chosen value, or the value typed in a text box, cut by its box: measured in the
    // box's own font against its content width (a list's arrow sits in its right padding, or
    // beside it when the browser draws the list).
    const canvas = document.createElement("canvas").getContext("2d");
    const fields = root.querySelectorAll("select, input:not([type]), input[type='text'], "
        + "input[type='number'], input[type='search']");
    for (const box of fields) {
        if (box.multiple || box.size > 1 || !shown(box)) continue;
        if (box.closest("[aria-hidden='true'], .dg-not-for-room")) continue;
        const value = box.tagName === "SELECT"
            ? (box.selectedOptions[0] ? box.selectedOptions[0].text : "") : box.value;
        if (!value.trim()) continue;
        const s = style(box);
        canvas.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
        const arrow = box.tagName === "SELECT" && s.appearance !== "none" ? 20 : 0;
        const room = box.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)
            - arrow;
        const needs = canvas.measureText(value).width;
        if (needs > room + 1) {
            say("clipped", box, `${value} (value cut by its box: ${Math.round(needs)} px in `
                + `${Math.round(room)})`);
        }
    }
    const page = document.scrollingElement;
    if (page.scrollHeight > vh + 1 || page.scrollWidth > vw + 1) {
        found.push({kind: "page scroll", text: `${page.scrollWidth}x${page.scrollHeight}`,
                    where: `window ${vw}x${vh}`});
    }
    // A chart's legend or colour bar must not cover a plotting area.
    for (const chart of root.querySelectorAll(".js-plotly-plot")) {
        const full = chart._fullLayout;
        if (!full || !shown(chart)) continue;
        const at = chart.getBoundingClientRect();
        const areas = Object.keys(full).filter((k) => /^xaxis[0-9]*$/.test(k)).map((k) => {
            const x = full[k], y = full[(x.anchor || "y").replace("y", "yaxis")];
            if (!y || !x._length || !y._length) return null;
            return {left: at.left + x._offset, top: at.top + y._offset,
                    right: at.left + x._offset + x._length, bottom: at.top + y._offset + y._length,
                    name: k};
        }).filter(Boolean);
        if (Math.abs(full.width - chart.clientWidth) > 2
            || Math.abs(full.height - chart.clientHeight) > 2) {
            say("chart too small", chart, `drawn ${full.width}x${full.height} in a box of `
                + `${chart.clientWidth}x${chart.clientHeight}`);
        }
        for (const a of areas) {
            if (a.right - a.left < 160 || a.bottom - a.top < 80) {
                say("chart too small", chart, `${a.name}: ${Math.round(a.right - a.left)}x`
                    + `${Math.round(a.bottom - a.top)} px`);
            }
        }
        // Plotly names the second and later legends legend2, legend3...
        const keys = [...chart.querySelectorAll("g")].filter((g) => [...g.classList]
            .some((c) => /^(legend[0-9]*|colorbar)$/.test(c)));
        for (const box of keys) {
            const r = box.getBoundingClientRect();
            if (r.width < 1 || r.height < 1) continue;
            for (const a of areas) {
                const w = Math.min(r.right, a.right) - Math.max(r.left, a.left);
                const h = Math.min(r.bottom, a.bottom) - Math.max(r.top, a.top);
                if (w > 2 && h > 2) {
                    say("legend on the data", box,
                        `${box.classList.contains("colorbar") ? "colour bar" : "legend"} `
                        + `over ${a.name} (${Math.round(w)}x${Math.round(h)} px)`);
                    break;
                }
            }
        }
    }
    // Places to click on a board: big enough to see and to tap.
    for (const el of root.querySelectorAll(
            ".dg-board [tabindex], .dg-board .dg-board-legal, .dg-board .dg-board-turnable")) {
        if (!shown(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.width > 0 && Math.min(r.width, r.height) < targetPx - 0.5) {
            say("small target", el, `${Math.round(r.width)}x${Math.round(r.height)} px`);
        }
    }
    return found;
}"""


def unreadable(page: Page, min_px: float = 18, target_px: float = 44) -> list[dict[str, Any]]:
    """Every problem the room would have reading the page as it is now (see the module).

    ``min_px`` 0 checks no size (at 1920x1080 a projector is large enough for smaller type).
    """
    return page.evaluate(_MEASURE, {"minPx": min_px, "targetPx": target_px})


def summary(problems: list[dict[str, Any]], most: int = 12) -> str:
    """The problems, one a line, for a test's failure message."""
    lines = [f"- {p['kind']}: {p['text']!r} at {p['where']}" for p in problems[:most]]
    if len(problems) > most:
        lines.append(f"- ... and {len(problems) - most} more")
    return "\n".join(lines)


def names_shown(page: Page, into: str) -> list[str]:
    """How each card's pair of names (:func:`devgames.screens.cards.names_html`) reads in the
    page, a sample pair put in a box of its own at the end of ``into`` (removed after): the
    language of the name read first, then what comes before the first and the second name, e.g.
    ``'ru none "("'`` for "Кофемашина (Coffee Machine)"."""
    page.evaluate("""([into, names]) => document.querySelector(into).insertAdjacentHTML(
        "beforeend", `<div class="dg-test-names">${names}</div>`)""",
                  [into, names_html("Coffee Machine", "Кофемашина")])
    shown = page.evaluate("""() => [...document.querySelectorAll(".dg-names")].filter(
        (n) => n.getClientRects().length).map((n) => {
        const [en, ru] = [".dg-name-en", ".dg-name-ru"].map((name) => n.querySelector(name));
        const [a, b] = [en, ru].map((name) => name.getBoundingClientRect());
        const [first, second] = b.top < a.top - 1 || (b.top <= a.top + 1 && b.left < a.left)
            ? [ru, en] : [en, ru];
        return [first.lang || "en", ...[first, second].map(
            (name) => getComputedStyle(name, "::before").content)].join(" "); })""")
    page.evaluate("() => document.querySelector('.dg-test-names').remove()")
    return list(shown)
