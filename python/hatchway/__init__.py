"""The turns of Red November's sinking submarine, solved exactly.

hatchway's Python package: load a turn (a board, the rules it is played
by, the items held, the start room), get the documents its commands write
(``paths``, ``plan``, ``replay``) as dicts equal to their JSON, and walk
the turn step by step with a forward model:

>>> import hatchway
>>> turn = hatchway.Turn("desperate-times", items=["grog"])
>>> ship = turn.start()
>>> [s["step"] for s in ship.next_steps() if s["allowed"]][:2]
['open 5-7', 'open 7-8']
>>> ship = ship.apply("open 5-7")
>>> ship.minutes, ship.rooms["5"]
(1, 'low_flood')

Problems (a board that does not compile, a step the ship refuses) raise
:class:`HatchwayError`, with the diagnostics ``check --format json`` gives.
"""

import json

from . import _hatchway

__all__ = ["HatchwayError", "Turn", "Ship", "builtin_rules"]


class HatchwayError(Exception):
    """A problem hatchway found: ``message`` in words, and ``diagnostics``,
    each as ``hatchway check --format json`` gives one (``severity``,
    ``code``, ``file``, ``message``, ``line``, ``column``, ``labels``,
    ``help``); empty
    when the problem is not a file's (an unknown room, a refused step)."""

    def __init__(self, message, diagnostics=()):
        super().__init__(message)
        self.message = message
        self.diagnostics = list(diagnostics)


def builtin_rules():
    """The names of the rules files built into hatchway."""
    return _hatchway.builtin_rules()


def _written(step):
    """A step as a plan writes it, from its words or from an action as
    ``paths`` and :meth:`Ship.next_steps` write one."""
    if isinstance(step, str):
        return step
    if step.get("action") == "open":
        a, b = step["hatch"]
        return f"open {a}-{b}"
    if step.get("action") == "move":
        return f"move {step['room']}"
    raise HatchwayError(f"not a step: {step!r}")


class Turn:
    """A turn: a board played by some rules, with some items, from a start
    room, searched once.

    ``board`` is a file or a built-in board's name (``"desperate-times"``),
    or give the board's ``text`` (``format``: ``"hatchway"``, ``"json"`` or
    ``"yaml"``). ``rules`` (a built-in name or a rules file) or
    ``rules_text`` play it by other rules than its own; ``items`` are the
    items held; ``start`` a room's id or name in place of the board's start.
    """

    def __init__(self, board=None, *, text=None, format="hatchway", name="board",
                 rules=None, rules_text=None, items=(), start=None):
        self._turn = _hatchway.TurnModel(
            board, text=text, format=format, name=name, rules=rules,
            rules_text=rules_text, items=list(items),
            start=None if start is None else str(start))

    @property
    def board(self):
        """The board's name."""
        return self._turn.board

    @property
    def rules(self):
        """The rules' name."""
        return self._turn.rules

    def paths(self):
        """Every outcome with its cheapest path: ``hatchway paths --format json``."""
        return json.loads(self._turn.paths_json())

    def plan(self, action=None, at=None):
        """The turn's menu of fix-its (``hatchway plan --format json``), or with
        ``action`` and ``at``, that action's plans at that room
        (``plan --action ACTION --at AT``)."""
        return json.loads(self._turn.plan_json(action, None if at is None else str(at)))

    def replay(self, outcome=None):
        """Every outcome step by step (``hatchway replay --format json``), or
        outcome number ``outcome`` alone."""
        return json.loads(self._turn.replay_json(outcome))

    def start(self):
        """The ship at the start of the turn, before any step."""
        return Ship(self._turn.start())


class Ship:
    """The ship during a turn, a node of the forward model: where the gnome
    stands, every room's and hatch's state, the minutes spent and the path
    so far. A ship is never changed: :meth:`apply` and :meth:`roll` give
    new ones."""

    def __init__(self, model):
        self._ship = model

    @property
    def room(self):
        """The id of the room the gnome stands in."""
        return self._ship.room

    @property
    def minutes(self):
        """The minutes spent this turn."""
        return self._ship.minutes

    @property
    def rooms(self):
        """Every room's state, by room id."""
        return json.loads(self._ship.rooms_json())

    @property
    def hatches(self):
        """Every hatch's state, by its rooms (``"1-2"``)."""
        return json.loads(self._ship.hatches_json())

    @property
    def path(self):
        """The steps taken, as a plan writes them (``"open 5-7, move 5"``)."""
        return self._ship.path

    @property
    def ended(self):
        """Whether a fix-it roll ended the turn (no step follows one)."""
        return self._ship.ended

    def next_steps(self):
        """A step per hatch of the gnome's room: an open where the hatch
        cannot be walked through, else a move. Each is a dict with ``step``
        (as a plan writes it), the action as ``paths`` writes one
        (``action``, ``hatch`` or ``room``), ``allowed``, and its ``cost``
        and ``flows`` when allowed, or the ``reason`` the ship refuses it
        (``"hatch 8-10 is blocked (a successful Unblock Hatch frees it)"``)."""
        return json.loads(self._ship.next_steps_json())

    def apply(self, step):
        """The ship after ``step``: its words (``"open 5-7"``, ``"move 5"``)
        or an action as ``paths`` and :meth:`next_steps` write one. Raises
        :class:`HatchwayError` with the reason when the ship refuses it."""
        return Ship(self._ship.apply(_written(step)))

    def verdict(self):
        """What happens if the gnome stops here, as ``paths`` writes it of an
        outcome: ``fatal`` and ``end_rule`` (what the end rules say of his
        room), ``survival`` (counting the fix-it he would take) and, when
        fatal, ``remedies``. Every ship may end the turn: a move ends where
        the player stops."""
        return json.loads(self._ship.verdict_json())

    def fixits(self):
        """The fix-its the gnome can take here: ``action``, ``hatch`` (for a
        hatch action), ``becomes``, ``extra_minutes``, ``bonus`` and
        ``odds`` (per choice of minutes, 1 to 10: ``minutes``, ``total``,
        ``total_if_failed``, ``chance`` and ``probability``)."""
        return json.loads(self._ship.fixits_json())

    def roll(self, action, minutes, hatch=None):
        """A fix-it roll as a chance node: ``action`` with ``minutes`` chosen
        (on the hatch to room ``hatch``, for a hatch action). A list of the
        ways the ten-sided die can fall, grouped by what they lead to: each
        a dict with ``success``, ``faces``, ``probability`` and ``ship``, the
        ship it leaves (the turn over: on success the target changed, on
        failure after the step out the rules make him take)."""
        nodes = self._ship.roll(action, minutes, None if hatch is None else str(hatch))
        for node in nodes:
            node["ship"] = Ship(node["ship"])
        return nodes

    def __repr__(self):
        return f"<Ship in room {self.room} after {self.minutes} min: {self.path or 'no step'}>"
