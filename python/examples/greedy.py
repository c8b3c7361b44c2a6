"""A greedy player against the exact answer.

The greedy player walks toward a room one step at a time: of the steps the
ship allows, the one that leaves him fewest hatches from the room, then one
into a room he has not stood in, then the cheapest. hatchway's answer is
the cheapest way there over every path. On desperate-times, from Missile
Control (7) to room 3:

    python examples/greedy.py desperate-times 3
"""

import sys
from collections import deque

import hatchway


def hatches_between(ship, target):
    """How many hatches lie between each room and ``target`` (every hatch
    counted, open or not): the greedy player's sense of direction."""
    joined = {}
    for pair in ship.hatches:
        a, b = pair.split("-")
        joined.setdefault(a, []).append(b)
        joined.setdefault(b, []).append(a)
    far = {target: 0}
    todo = deque([target])
    while todo:
        room = todo.popleft()
        for other in joined.get(room, []):
            if other not in far:
                far[other] = far[room] + 1
                todo.append(other)
    return far


def greedy(turn, target, most=30):
    """The greedy walk to ``target``: the ship where it ends."""
    ship = turn.start()
    far = hatches_between(ship, target)
    stood = {ship.room}
    for _ in range(most):
        if ship.room == target:
            break
        allowed = [s for s in ship.next_steps() if s["allowed"]]
        if not allowed:
            break

        def after(step):
            there = ship.apply(step)
            return (far.get(there.room, len(far)), there.room in stood and there.room != ship.room,
                    step["cost"])

        ship = ship.apply(min(allowed, key=after))
        stood.add(ship.room)
    return ship


def main(board="desperate-times", target="3"):
    turn = hatchway.Turn(board)
    walked = greedy(turn, target)
    best = [o for o in turn.paths()["outcomes"] if o["final_room"] == target]
    print(f"greedy: {walked.path or 'no step'}")
    print(f"        in room {walked.room} after {walked.minutes} min; {walked.verdict()}")
    if not best:
        print(f"no path ends in room {target}")
        return
    cheapest = min(best, key=lambda o: o["cost"])
    steps = ", ".join(hatchway._written(a) for a in cheapest["actions"])
    print(f"exact:  {steps}")
    print(f"        in room {target} after {cheapest['cost']} min; fatal: {cheapest['fatal']}")


if __name__ == "__main__":
    main(*sys.argv[1:])
