"""Playing a game at the terminal: the public table, hidden hands, bots, undo and save.

Used by ``devgames play``; works for any game through the generic game protocol.
"""

import shutil
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from devgames.core.actions import CHANCE, Action
from devgames.core.bots import Bot
from devgames.core.game import Game
from devgames.core.wording import (
    choices,
    describe_item,
    format_fact,
    format_value,
    game_title,
    is_empty,
    label,
    public_lines,
)
from devgames.i18n import N_, _, ngettext

#: The words of :data:`SCREEN_BREAK`, which the table prints in the language in use.
SCREEN_CLEARED = N_("screen cleared")
#: Printed instead of clearing the screen when the output is not a terminal (a pipe, a test);
#: this is the English one.
SCREEN_BREAK = "=" * 30 + f" {SCREEN_CLEARED} " + "=" * 30
#: Clears the terminal and its scroll-back, so that a hand cannot be scrolled back to.
CLEAR = "\033[3J\033[2J\033[H"
#: Lines of "what just happened" shown on a player's screen.
NEWS_LINES = 12

#: The keys of a prompt, as ``?`` and ``devgames play --help`` say them (translated there).
HELP_KEYS = N_("""\
At a prompt, type:
  a number   choose that option
  some text  list only the options that contain it (if just one does, it is chosen)
  u          undo: take back the last move typed here, and the bot moves after it
  s          save the game to a JSON file (see it with: devgames replay FILE)
  ?          this help
  q          quit (you are offered to save first)""")


class EndOfInput(Exception):
    """Standard input ended (Ctrl-D, or the end of a piped script)."""


def render_rows(title: str, rows: list[dict[str, Any]], width: int = 100) -> list[str]:
    """A list of records (teams, players) as an aligned table; nested lists go under each row.

    >>> print("\\n".join(render_rows("teams", [
    ...     {"name": "Red", "backlog": 10, "in_play": [{"card": "Flu", "value": -2}]},
    ...     {"name": "Blue", "backlog": 8, "in_play": []}])))
    Teams
      name  backlog
      Red        10
          in play: Flu (value -2)
      Blue        8
    """
    keys = list(dict.fromkeys(key for row in rows for key in row))
    flat = [key for key in keys if not any(isinstance(row.get(key), list | dict) for row in rows)]
    nested = [key for key in keys if key not in flat]
    cells = [[format_value(row.get(key, "")) for key in flat] for row in rows]
    widths = [max(len(label(key)), *(len(row[i]) for row in cells)) for i, key in enumerate(flat)]
    numeric = [all(isinstance(row.get(key), int | float) for row in rows) for key in flat]

    def line(values: list[str]) -> str:
        parts = [
            value.rjust(width) if is_number else value.ljust(width)
            for value, width, is_number in zip(values, widths, numeric, strict=True)
        ]
        return ("  " + "  ".join(parts)).rstrip()

    lines = [label(title).capitalize(), line([label(key) for key in flat])]
    for row, row_cells in zip(rows, cells, strict=True):
        lines.append(line(row_cells))
        for key in nested:
            if not is_empty(row.get(key)):
                text = f"{label(key)}: {format_value(row[key])}"
                lines += textwrap.wrap(text, width, initial_indent=" " * 6,
                                       subsequent_indent=" " * 8)
    return lines


#: View keys that the public table does not show (they belong to one player, or are the title).
HIDDEN_KEYS = ("game", "you", "hand")


def render_view(view: Mapping[str, Any], width: int = 100) -> str:
    """The public view of a game (``game.view(None)``) as a readable text table.

    >>> from devgames import scrumkin
    >>> text = render_view(scrumkin.new_game(["Red", "Blue"], seed=1).view(None))
    >>> text.splitlines()[0]
    '== Scrumkin =='
    >>> "Teams" in text and "backlog" in text
    True
    """
    title = game_title(str(view.get("game", "game")))
    facts: list[str] = []
    blocks: list[str] = []
    aside = {"aside", *(view.get("aside") or ())}
    for key, value in view.items():
        if key in HIDDEN_KEYS or key in aside or is_empty(value):
            continue
        if key == "featured":  # the card the room reads now, first and framed
            blocks = [*_featured_lines(value), *blocks]
        elif isinstance(value, list) and all(isinstance(item, dict) for item in value):
            blocks += render_rows(key, value, width)
        else:
            facts.append(f"{label(key).capitalize()}: {format_fact(key, value)}")
    lines = [f"== {title} =="]
    current = ""
    for fact in facts:
        if current and len(current) + 3 + len(fact) > width:
            lines.append(current)
            current = fact
        else:
            current = f"{current} | {fact}" if current else fact
    if current:
        lines.append(current)
    return "\n".join(lines + blocks)


def _featured_lines(featured: list[dict[str, Any]]) -> list[str]:
    """The view's featured cards (``{"heading", "card", "lines", "note"}``) as framed text."""
    out = []
    for item in featured:
        heading = f"{item['heading']}: " if item.get("heading") else ""
        out.append(f"** {heading}{item.get('card', '')} **")
        out += [f"   {line}" for line in item.get("lines") or ()]
        if item.get("note"):
            out.append(f"   ({item['note']})")
    return out


# ----- the terminal game --------------------------------------------------------------------
class TerminalTable:
    """One game played at a terminal: humans type their moves, bots play visibly.

    With more than one human, each private screen (a hand) is cleared away before and after,
    and the keyboard is passed on explicitly.
    """

    def __init__(self, game: Game, humans: set[int], bots: dict[int, Bot], chance: Bot,
                 save_path: Path | None, stdin: TextIO, stdout: TextIO) -> None:
        self.game = game
        self.humans = humans
        self.bots = bots
        self.chance = chance
        self.save_path = save_path
        self.stdin = stdin
        self.out = stdout
        self.private = len(humans) > 1  # hands must be hidden from the other humans
        self.marks: list[int] = []  # log length before each move typed at this keyboard
        self.shown = 0  # events already printed on the shared screen
        self.seen = {seat: 0 for seat in humans}  # events each human has had on their screen
        self.holder: int | None = None  # the human the keyboard was last passed to

    # --- input and output ---
    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def ask(self, prompt: str) -> str:
        """Read one line; raise EndOfInput at the end of input."""
        self.out.write(prompt)
        self.out.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            raise EndOfInput
        if not getattr(self.stdin, "isatty", lambda: False)():
            self.say(line.rstrip("\n"))  # echo piped input, so the transcript reads well
        return line.strip()

    def clear(self) -> None:
        if getattr(self.out, "isatty", lambda: False)():
            self.out.write(CLEAR)
        else:
            words = _(SCREEN_CLEARED)
            self.out.write("\n" + "=" * 30 + f" {words} " + "=" * 30 + "\n\n")
        self.out.flush()

    def name(self, seat: int) -> str:
        return _("the deck") if seat == CHANCE else self.game.players[seat]

    # --- the game loop ---
    def run(self) -> int:
        """Play to the end, a quit, or the end of input; return the exit status (0)."""
        try:
            self.introduce()
            while not self.game.is_over:
                seat = self.game.current_player
                assert seat is not None  # a game that is not over has someone to act
                if seat in self.humans or (seat == CHANCE and self.humans):
                    if not self.human_turn(seat):
                        return 0
                else:
                    self.bot_turn(seat)
            self.finish()
        except EndOfInput:
            self.say(_("Input ended; the game stops here."))
            self.mention_save()
        return 0

    def introduce(self) -> None:
        game = self.game
        seats = [
            name if seat in self.humans else _("{name} (bot)").format(name=name)
            for seat, name in enumerate(game.players)
        ]
        self.say(f"{game_title(game.name)}: {', '.join(seats)}.")
        self.say(_("Seed {seed} (play the same deal again with --seed {seed}).").format(
            seed=game.seed))
        if self.humans:
            self.say(_("Type ? at any prompt for help."))
        if self.save_path:
            self.say(_("Every move is saved to {path}.").format(path=self.save_path))
        self.say()
        self.print_news()
        self.autosave()

    def print_news(self) -> None:
        """Print the public sentences of the events not yet shown."""
        events = self.game.events
        for event in events[self.shown:]:
            text = self.game.narrate(event)
            if text:
                self.say(f"  {text}")
        self.shown = len(events)

    def bot_turn(self, seat: int) -> None:
        bot = self.chance if seat == CHANCE else self.bots[seat]
        self.apply(bot.choose(self.game))

    def apply(self, action: Action) -> None:
        before = len(self.game.events)
        self.game.apply(action)
        for text in public_lines(self.game, action, self.game.events[before:]):
            self.say(f"  {text}")
        self.shown = len(self.game.events)
        self.autosave()

    def human_turn(self, seat: int) -> bool:
        """One decision typed at the keyboard; False when the player quits."""
        self.hand_over(seat)
        options, labels, heading = self.options(seat)
        self.show_screen(seat, options, labels, heading)
        while True:
            answer = self.ask(self.prompt(seat, len(options)))
            command = answer.lower()
            if command == "q":
                self.quit()
                return False
            if command == "?":
                self.say(_(HELP_KEYS))
            elif command == "s":
                self.save_now()
            elif command == "u":
                if self.undo():
                    return True
            elif command == "":
                self.say(_("Type a number from 1 to {count}, or ? for help.").format(
                    count=len(options)))
            else:
                chosen = self.pick(answer, labels)
                if chosen is not None:
                    self.make_move(seat, options[chosen], labels[chosen])
                    return True

    def hand_over(self, seat: int) -> None:
        """With several humans, clear the screen and pass the keyboard to the one to act."""
        if seat == CHANCE:
            self.holder = None  # the facilitator enters the card; a player will get it next
            return
        if not self.private or self.holder == seat:
            return
        self.clear()
        who = self.name(seat)
        self.ask(_("Pass to {who}; press Enter when only {who} is looking.").format(who=who)
                 + " ")
        self.holder = seat

    def options(self, seat: int) -> tuple[list[Action], list[str], str]:
        """The distinct legal actions, their labels, and a heading for the list."""
        options, labels, heading = choices(self.game)
        if seat == CHANCE:
            return options, labels, _("{heading} (a number, or part of a name):").format(
                heading=heading)
        return options, labels, heading + ":"

    def show_screen(self, seat: int, options: list[Action], labels: list[str],
                    heading: str) -> None:
        game = self.game
        self.say()
        self.say(render_view(game.view(None)))
        if seat != CHANCE:
            turn = _("{name} to play").format(name=self.name(seat))
            self.say(f"--- {turn} ---")
        if self.private and seat != CHANCE:
            news = [text for e in game.events[self.seen[seat]:] if (text := game.narrate(e))]
            if news:
                self.say(_("Since your last turn:"))
                for text in news[-NEWS_LINES:]:
                    self.say(f"  {text}")
            self.seen[seat] = len(game.events)
        if seat != CHANCE:
            hand = game.view(seat).get("hand")
            if hand is not None:
                self.say(_("Your hand:"))
                for item in hand:
                    self.say(f"  - {describe_item(item)}")
                for line in game.secrets(seat):
                    self.say(line)
        self.say(heading)
        self.list_options(range(len(options)), labels)

    def list_options(self, indices: Sequence[int] | range, labels: list[str]) -> None:
        """Numbered options; long lists in columns, numbered down each column."""
        digits = len(str(len(labels)))
        cells = [f"{index + 1:>{digits}}. {labels[index]}" for index in indices]
        cell_width = max(map(len, cells), default=0) + 2
        columns = max(1, (self.width() - 2) // cell_width) if len(cells) > 20 else 1
        rows = -(-len(cells) // columns)
        for row in range(rows):
            line = "".join(cell.ljust(cell_width) for cell in cells[row::rows])
            self.say("  " + line.rstrip())

    def width(self) -> int:
        if getattr(self.out, "isatty", lambda: False)():
            return shutil.get_terminal_size((100, 24)).columns
        return 100

    def prompt(self, seat: int, count: int) -> str:
        who = _("Card drawn") if seat == CHANCE else self.name(seat)
        return _("{who}: choose 1-{count} (u undo, s save, ? help, q quit):").format(
            who=who, count=count) + " "

    def pick(self, answer: str, labels: list[str]) -> int | None:
        """The option chosen by number or by a unique part of its label, else None (explained)."""
        if answer.isdigit():
            number = int(answer)
            if 1 <= number <= len(labels):
                return number - 1
            self.say(_("There is no option {number}; type a number from 1 to {count}.").format(
                number=number, count=len(labels)))
            return None
        folded = answer.casefold()
        matches = [i for i, text in enumerate(labels) if folded in text.casefold()]
        if len(matches) == 1:
            return matches[0]
        if not matches:
            self.say(_("Nothing matches {answer}; type a number from 1 to {count}, part of a "
                       "name, or ? for help.").format(answer=repr(answer), count=len(labels)))
            return None
        self.say(ngettext("{n} option matches {answer}:", "{n} options match {answer}:",
                          len(matches)).format(n=len(matches), answer=repr(answer)))
        self.list_options(matches, labels)
        return None

    def make_move(self, seat: int, action: Action, text: str) -> None:
        self.marks.append(len(self.game.log))
        if seat == CHANCE:
            entered = _("Entered: {card}").format(card=text)
            self.say(f"  {entered}")
        elif self.private:
            self.clear()  # the hand leaves the screen before anything else is shown
            self.seen[seat] = len(self.game.events)
        self.apply(action)
        if self.private and seat != CHANCE:
            self.seen[seat] = len(self.game.events)

    def undo(self) -> bool:
        """Take back the last move typed here, and every bot move after it."""
        if not self.marks:
            self.say(_("There is no move of yours to take back yet."))
            return False
        mark = self.marks.pop()
        game = self.game
        who = self.name(game.log[mark].player)
        later = len(game.log) - mark - 1
        game.undo(len(game.log) - mark)
        if later:
            self.say(ngettext("Took back the last move by {who} and the {n} move after it.",
                              "Took back the last move by {who} and the {n} moves after it.",
                              later).format(who=who, n=later))
        else:
            self.say(_("Took back the last move by {who}.").format(who=who))
        self.shown = len(game.events)
        self.seen = {seat: min(seen, len(game.events)) for seat, seen in self.seen.items()}
        self.autosave()
        return True

    def finish(self) -> None:
        self.print_news()
        self.say()
        self.say(render_view(self.game.view(None)))
        winners = self.game.winners
        if len(winners) == 1:
            self.say(_("The winner is {name}!").format(name=winners[0]))
        elif winners:
            self.say(_("The winners are {names}!").format(names=", ".join(winners)))
        else:
            self.say(_("Nobody won this time."))
        self.mention_save()

    # --- saving ---
    def default_path(self) -> Path:
        return Path(f"devgames-{self.game.name}-{self.game.seed}.json")

    def autosave(self) -> None:
        if self.save_path is not None:
            try:
                self.game.session().save(self.save_path)
            except OSError as error:
                self.say(_("Could not save to {path}: {reason}.").format(
                    path=self.save_path, reason=error.strerror))
                self.save_path = None

    def save_now(self) -> None:
        path = self.save_path or self.default_path()
        try:
            self.game.session().save(path)
        except OSError as error:
            self.say(_("Could not save to {path}: {reason}.").format(
                path=path, reason=error.strerror))
            return
        if self.save_path is None:
            self.save_path = path
            self.say(_("Saved to {path}; from now on every move is saved there too.").format(
                path=path))
        else:
            self.say(_("Saved to {path}.").format(path=path))

    def quit(self) -> None:
        if self.save_path is None:
            path = self.default_path()
            answer = self.ask(_("Save the game before quitting? y = save to {path}, or type a "
                                "file name; Enter = quit without saving:").format(path=path)
                              + " ")
            if answer:
                self.save_path = path if answer.lower() in ("y", "yes") else Path(answer)
                self.autosave()
        self.mention_save()
        self.say(_("Bye."))

    def mention_save(self) -> None:
        if self.save_path is not None:
            path = self.save_path
            self.say(_("The game is saved in {path}.").format(path=path))
            if not self.game.is_over:
                self.say(_("Go on with: devgames play {game} --resume {path}").format(
                    game=self.game.name, path=path))
            self.say(_("See its state with: devgames replay {path}").format(path=path))


