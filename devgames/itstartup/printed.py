"""What is printed on each IT Startup card, by card id, as flat dicts for the engine's hot loops.

The rules read a card's kind, key, name, price, power or burnout limit many times a move: a dict
lookup by id is cheaper than a lookup plus an attribute of the :class:`Card`. The cards
themselves are in :mod:`devgames.itstartup.cards`.

>>> intern = next(c for c, card in CARDS.items() if card.name == "Intern")
>>> KIND[intern], KEY[intern], len(COPIES[KEY[intern]])
('developer', 'intern', 2)
"""

from devgames.itstartup.cards import CARDS

KIND = {c: card.kind for c, card in CARDS.items()}
KEY = {c: card.key for c, card in CARDS.items()}
NAME = {c: card.name for c, card in CARDS.items()}
PRICE = {c: card.cost for c, card in CARDS.items()}
POWER = {c: card.power for c, card in CARDS.items()}
BURNOUT_LIMIT = {c: card.burnout_limit for c, card in CARDS.items()}
#: The copies of each title (card key), in the table's order.
COPIES: dict[str, tuple[int, ...]] = {}
for _c, _card in CARDS.items():
    COPIES[_card.key] = (*COPIES.get(_card.key, ()), _c)
