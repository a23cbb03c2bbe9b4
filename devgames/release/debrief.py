"""Release!'s debrief questions, drawn from a session's rows: which Tools & Methods card swung
the score most, who broke suit most, who won the most iterations for the fewest points; and its
"Reveal & map": per team, what each release's Tools & Methods card paid, the iterations won, who
broke suit and when, the face cards that swapped, passed, doubled or scored at once. The number
cards carry no meaning of their own there: they are ranks and suits, worth what the Tools &
Methods card says. Imported by the dashboards only (through ``SPEC.debrief``). The questions and
the map are in the language in use; the cards keep their printed names.

>>> from devgames import release
>>> DEBRIEF.questions(release.new_game(["Ada", "Bob"], seed=1))
[]
"""

from dataclasses import dataclass, field
from typing import Any

from devgames.i18n import N_, _, ngettext
from devgames.release import SPEC
from devgames.screens.cards import html
from devgames.screens.debrief import GameDebrief, Question, names_text, top, totals


def _release(game: Any) -> list[Question]:
    """Questions from the rows of every release played."""
    rows = game.rounds
    if not rows:
        return []
    questions: list[Question] = []
    by_release: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        by_release.setdefault(row["release"], []).append(row)
    spread = {number: max(r["points"] for r in group) - min(r["points"] for r in group)
              for number, group in by_release.items()}
    swing = max(spread, key=lambda number: spread[number])
    group = by_release[swing]
    best = max(group, key=lambda r: r["points"])
    worst = min(group, key=lambda r: r["points"])
    if spread[swing] > 0:
        questions.append(("what", _(
            "Release {release} ({method}) swung the score most: {best} {best_points}, {worst} "
            "{worst_points}. What did you see in that card, and when?").format(
            release=swing, method=group[0]["method"], best=best["team"],
            best_points=f"{best['points']:+d}", worst=worst["team"],
            worst_points=f"{worst['points']:+d}"), PROMPTS[0]))
    teams, count = top(totals(rows, "team", "suit_breaks"))
    if teams:
        questions.append(("what", ngettext(
            "{teams} broke suit most ({count} times). Was that bad luck in the deal, or a way "
            "out of iterations you did not want?",
            "{teams} broke suit most ({count} times). Was that bad luck in the deal, or a way "
            "out of iterations you did not want?", count).format(
            teams=names_text(teams), count=count), None))
    wins = totals(rows, "team", "iterations_won")
    points = totals(rows, "team", "rule_points")
    busy = max(wins, key=lambda team: (wins[team], -points[team]))
    if wins[busy] and points[busy] < max(points.values()):
        questions.append(("so_what", ngettext(
            "{team} won {won} iterations but scored {points} by the Tools & Methods cards. When "
            "is winning more work the wrong goal?",
            "{team} won {won} iterations but scored {points} by the Tools & Methods cards. When "
            "is winning more work the wrong goal?", wins[busy]).format(
            team=busy, won=wins[busy], points=points[busy]), PROMPTS[1]))
    doubled = [row for row in rows if row["doubled"] > 1]
    if doubled:
        row = doubled[0]
        questions.append(("so_what", _(
            "Release {release}: {team} held the doubling card and scored {points}. What at work "
            "multiplies whatever we already do, good or bad?").format(
            release=row["release"], team=row["team"], points=f"{row['rule_points']:+d}"), None))
    return questions


#: What a page of the map holds, in lines of text of :data:`LINE_CHARS` characters (a heading
#: counts 1.5 to 2): a page of the debrief at 1280x720, also at 150%, shows it whole.
PAGE_LINES = 11
LINE_CHARS = 100
#: The releases a page of the map lists (a game to a points target may play many).
RELEASES_A_PAGE = 7


def lines_of(text: str) -> int:
    """The lines a list item takes on a page of the map.

    >>> lines_of("Ada: release 1"), lines_of("x" * 150)
    (1, 2)
    """
    return max(1, -(-len(text) // LINE_CHARS))


def signed(points: int) -> str:
    """Points as the map shows them: a sign, and a true minus.

    >>> signed(3), signed(-2), signed(0)
    ('+3', '−2', '0')
    """
    return f"{points:+d}".replace("-", "−") if points else "0"


def when_text(times: list[tuple[int, int]]) -> str:
    """Releases and iterations, grouped by release.

    >>> when_text([(1, 4), (1, 7), (3, 2)])
    'release 1 (iterations 4, 7), release 3 (iteration 2)'
    """
    by_release: dict[int, list[int]] = {}
    for release, iteration in times:
        by_release.setdefault(release, []).append(iteration)
    return ", ".join(
        ngettext("release {release} (iteration {iterations})",
                 "release {release} (iterations {iterations})", len(its)).format(
            release=release, iterations=", ".join(map(str, its)))
        for release, its in by_release.items())


@dataclass
class TeamMap:
    """What one team (a pair, or a player working remotely) did over the game."""

    name: str
    #: Each release's Tools & Methods points: (release, points as counted, the factor of the
    #: doubling cards in its artifacts: 1, or 2 and more).
    methods: list[tuple[int, int, int]] = field(default_factory=list)
    won: int = 0
    at_once: int = 0
    score: int = 0
    #: Who broke suit, and when: player -> [(release, iteration)].
    breaks: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    #: The face cards that took effect, by what they did ("Jez Humble: +2 at once for Ada"):
    #: when, as (release, iteration).
    faces: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    #: The swaps, each in words (what was handed over, hidden then).
    swaps: list[str] = field(default_factory=list)


def team_maps(game: Any) -> list[TeamMap]:
    """Each team's story, read from the log's events and the rows of each release scored.

    >>> from devgames.core.bots import play_out
    >>> from devgames.release import BOTS, new_game
    >>> game = new_game(["Ada", "Bob", "Cy", "Dee"], seed=4, releases=2)
    >>> _ = play_out(game, {seat: BOTS["heuristic"](seat) for seat in range(4)})
    >>> first = team_maps(game)[0]
    >>> first.name, first.methods[0], first.breaks["Ada"][:2]
    ('Ada & Cy', (1, -2, 2), [(1, 4), (1, 7)])
    """
    teams = [TeamMap(name) for name in game.team_names]
    by_name = {team.name: team for team in teams}
    names, cards = game.players, game.cards
    doubling = names_text(sorted({card.name for card in cards.values()
                                  if card.ability and card.ability.effect == "double"}))
    for row in game.rounds:
        team = by_name[row["team"]]
        factor = row["doubled"]
        team.methods.append((row["release"], row["rule_points"], factor))
        team.won += row["iterations_won"]
        team.at_once += row["immediate_points"]
        team.score = row["score"]
        if factor > 1:
            counted = (_("{cards}: Tools & Methods points counted double") if factor == 2
                       else _("{cards}: Tools & Methods points counted {factor} times"))
            team.faces.setdefault(counted.format(cards=doubling, factor=factor),
                                  []).append((row["release"], 0))
    release, iteration = 0, 1
    committed: list[tuple[int, int]] = []  # the last iteration's cards, not yet passing

    def of(seat: int) -> TeamMap:
        return teams[game.team_of[seat]]

    for event in game.events:
        data, p = event.data, event.player
        if event.kind == "release":
            release, iteration = data["release"], 1
        elif event.kind == "commit" and data["broke_suit"]:
            of(p).breaks.setdefault(names[p], []).append((release, iteration))
        elif event.kind == "won":
            iteration, committed = data["iteration"] + 1, list(data["committed"])
        elif event.kind == "swapped":
            of(p).swaps.append(_(
                "Kent Beck: {player} swapped {given} for {other}'s {taken} (release "
                "{release})").format(player=names[p], given=cards[data["given"]].label,
                                     other=names[data["with"]], taken=cards[data["taken"]].label,
                                     release=release))
        elif event.kind == "reveal":
            of(p).swaps.append(_(
                "{card}: {player} swapped it into iteration {iteration} for {taken} (release "
                "{release})").format(card=cards[data["card"]].name, player=names[p],
                                     iteration=iteration - 1, taken=cards[data["taken"]].label,
                                     release=release))
        elif event.kind == "immediate":
            what = _("{card}: {points} at once for {player}").format(
                card=cards[data["card"]].name, points=signed(data["points"]), player=names[p])
            of(p).faces.setdefault(what, []).append((release, iteration - 1))
        elif event.kind == "pass":  # the card that made it, committed to the last iteration
            for seat, card in committed:
                ability = cards[card].ability
                if ability and ability.effect == "pass" and \
                        ability.direction == data["direction"]:
                    what = (_("{card} ({player}): everyone passed a card left")
                            if data["direction"] > 0 else
                            _("{card} ({player}): everyone passed a card right")).format(
                        card=cards[card].name, player=names[seat])
                    of(seat).faces.setdefault(what, []).append((release, iteration - 1))
                    committed.remove((seat, card))
                    break
    return teams


def _face_lines(team: TeamMap) -> list[str]:
    """The face cards that took effect for ``team``, one line each, with when."""
    found = []
    for what, times in team.faces.items():
        releases = [release for release, iteration in times if not iteration]
        when = (ngettext("release {releases}", "releases {releases}", len(releases)).format(
            releases=", ".join(map(str, releases))) if releases else when_text(times))
        found.append(_("{what}: {when}").format(what=what, when=when))
    return found + team.swaps


def reveal_pages(game: Any) -> list[tuple[str, str]]:
    """Release!'s "Reveal & map", as pages (title, HTML): the Tools & Methods card of each
    release; what they paid each team, release by release, with the iterations won and the
    score; then a page a team: who broke suit and when, and its face cards that doubled,
    swapped, passed or scored at once. Number cards stand for nothing here.

    >>> from devgames.release import new_game
    >>> [title for title, _ in reveal_pages(new_game(["Ada", "Bob"], seed=1))]
    ['The Tools & Methods cards', 'What each team won']
    """
    methods = [game.methods[m] for m in game.methods_used]
    pages = []
    for start in range(0, len(methods), RELEASES_A_PAGE):  # a long game: a page more
        heads = "".join(f"<li><b>{html(method.name)}</b>: {html(method.sentence)}</li>"
                        for method in methods[start:start + RELEASES_A_PAGE])
        heading = html(_("The Tools & Methods card of each release"))
        pages.append((_("The Tools & Methods cards, more") if start
                      else _("The Tools & Methods cards"),
                      f"<h3>{heading}</h3>"
                      f"<ol class='dg-release-methods' start='{start + 1}'>{heads}</ol>"))
    if not game.rounds:
        none = _("No release scored yet.")
        return [*pages, (_("What each team won"), f"<div class='dg-muted'>{none}</div>")]
    teams = team_maps(game)
    for start in range(0, len(teams[0].methods), RELEASES_A_PAGE):
        shown = slice(start, start + RELEASES_A_PAGE)
        head = "".join(f"<th>{html(name)}</th>" for name in (
            _("Team"), *(_("R{release}").format(release=release)
                         for release, _points, _factor in teams[0].methods[shown]),
            _("Iterations won"), _("At once"), _("Score")))
        rows = "".join(
            f"<tr><td>{html(team.name)}</td>" + "".join(
                f"<td>{signed(points)}{f' (×{factor})' if factor > 1 else ''}</td>"
                for _release, points, factor in team.methods[shown])
            + f"<td>{team.won}</td><td>{signed(team.at_once)}</td>"
            f"<td>{str(team.score).replace('-', '−')}</td></tr>"
            for team in teams)
        heading = html(_("Tools & Methods points by release (R1, R2...), what each team won"))
        pages.append((_("What each team won, more") if start else _("What each team won"),
                      f"<h3>{heading}</h3><table class='dg-table dg-release-map'>"
                      f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"))
    for team in teams:
        pages += _team_pages(team)
    return pages


def _team_pages(team: TeamMap) -> list[tuple[str, str]]:
    """A team's pages: who broke suit and when, then its face cards, as many a page as fit."""
    breaks = [_("{what}: {when}").format(what=player, when=when_text(times))
              for player, times in team.breaks.items()]
    faces = _face_lines(team) or [_("None took effect.")]
    nobody = _("Nobody.")
    title, used = team.name, 5.5 + sum(lines_of(line) for line in breaks or [nobody])
    broke, face_cards = _("Broke suit"), _("Face cards")
    top = (f"<h3>{html(team.name)}</h3><h4>{broke}</h4><ul class='dg-release-breaks'>"
           + ("".join(f"<li>{html(line)}</li>" for line in breaks) or f"<li>{nobody}</li>")
           + f"</ul><h4>{face_cards}</h4>")
    pages: list[tuple[str, str]] = []
    shown: list[str] = []
    for line in faces:
        if shown and used + lines_of(line) > PAGE_LINES:
            pages.append((title, top + _list(shown)))
            title, used, shown = _("{team}, more").format(team=team.name), 1.5, []
            more = _("{team}: face cards, more").format(team=team.name)
            top = f"<h3>{html(more)}</h3>"
        shown.append(line)
        used += lines_of(line)
    return [*pages, (title, top + _list(shown))]


def _list(items: list[str]) -> str:
    return "<ul class='dg-release-faces'>" + "".join(f"<li>{html(item)}</li>"
                                                     for item in items) + "</ul>"


def cards_to_tag(game: Any) -> list[str]:
    """The cards the room may say it has at work: the Tools & Methods cards revealed (the
    number cards stand for nothing at work).

    >>> from devgames.release import new_game
    >>> game = new_game(["Ada", "Bob"], seed=1)
    >>> cards_to_tag(game) == [game.methods[game.methods_used[0]].name]
    True
    """
    return list(dict.fromkeys(game.methods[m].name for m in game.methods_used))


#: The game's general prompts, marked for the catalogue in its spec.
PROMPTS = SPEC.debrief_prompts

#: Release!'s part of the debrief.
DEBRIEF = GameDebrief(
    questions=_release,
    reveal=reveal_pages,
    tagged=cards_to_tag,
    now_what=(
        N_("Which of our tools or methods will we change, and how will we know it rewards what "
           "we want?"),
    ),
    phases={PROMPTS[3]: "now_what"},
)
