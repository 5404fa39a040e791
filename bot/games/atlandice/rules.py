"""Setup (AT-5), who decides, the legal choices of each decision and applying one."""

from __future__ import annotations

from bot.engine import IllegalAction, rng
from bot.engine.memo import remember_last
from bot.games.atlandice import effects, flow
from bot.games.atlandice.data import (
    DICE_EACH_TWO,
    DISTRICT_START,
    MARKET_START,
    SEAT_NAMES,
    SUBMARINE_START,
    TILES,
)
from bot.games.atlandice.model import (
    OVER,
    Action,
    State,
    Work,
    dice_areas,
    freeze,
    given_to_neutral,
    holders,
    kinds_at,
    seat_to_take,
    taken_by,
    thaw,
)


def new_state(players: int, seed: int) -> State:
    """AT-5: shuffled stacks, resources out, submarine at the Machine works, a start player."""
    draw = rng(seed, 0)
    stacks = []
    for district in range(5):
        stack = [t.index for t in TILES if t.district == district + 1]
        draw.shuffle(stack)
        stacks.append(stack)
    start = draw.randrange(players)  # [house] random start player
    goods = [[DISTRICT_START[players] if k == d else 0 for k in range(5)] for d in range(5)]
    count = holders_for(players)
    work = Work(
        players=players,
        seed=seed,
        counter=1,
        first=start,
        round=1,
        start=start,
        hand=0,
        stacks=stacks,
        goods=[*goods, [MARKET_START] * 5],
        held=[[0] * 5 for _ in range(count)],
        chips=[0] * count,
        won=[[] for _ in range(count)],
        sub=SUBMARINE_START,
        dice=[],
        taken=[],
        step="round",
        area=0,
        nested=False,
        memo=0,
        sunk=False,
        donor=0,
        line=[],
        log=(),
    )
    work.say(
        f"{SEAT_NAMES[start]} is the first start player; active tiles: "
        + flow.active_tile_names(work)
    )
    flow.run(work)
    return freeze(work)


def holders_for(players: int) -> int:
    """Seats plus the neutral player with two (AT-18)."""
    return players + (1 if players == 2 else 0)


def to_move(state: State) -> int | None:
    """The seat deciding now."""
    if state.step == OVER:
        return None
    if state.step == "take":
        return seat_to_take(state)
    if state.step == "donate":
        return flow.donor_seat(state)
    return state.taken[-1][0]


def _take_actions(state: State) -> list[Action]:
    """AT-7: a die from any area that has one; AT-19: with two, one of three to the neutral."""
    areas = dice_areas(state)
    if state.players != 2:
        return [Action("t", a) for a in areas]
    seat = seat_to_take(state)
    if given_to_neutral(state, seat):
        verbs = ["t"]
    elif taken_by(state, seat) == DICE_EACH_TWO - 1:
        verbs = ["n"]  # AT-19: the last die of three must go to the neutral player
    else:
        verbs = ["n", "t"]
    return [Action(v, a) for v in verbs for a in areas]


def _pairs(state: State) -> list[Action]:
    """AT-12: any pair of resources the donor holds (two of a kind too), or stop."""
    hand = state.held[flow.donor_seat(state)]
    pairs = [
        Action("p", a, b)
        for a in range(1, 6)
        for b in range(a, 6)
        if hand[a - 1] and hand[b - 1] and (a != b or hand[a - 1] >= 2)
    ]
    return [*pairs, effects.NO]


@remember_last
def legal_actions(state: State) -> list[Action]:
    """Every choice of the decision at hand, sorted."""
    step = state.step
    if step == OVER:
        return []
    if step == "take":
        found = _take_actions(state)
    elif step in ("grab", "bonus"):
        found = [Action("k", k) for k in kinds_at(state, state.area)]
    elif step == "donate":
        found = _pairs(state)
    else:
        found = effects.options(state)
    return sorted(found)


def apply(state: State, action: Action) -> State:
    """A new state after `action`; the input is never changed."""
    if state.step == OVER:
        raise IllegalAction("The game is over.")
    if action not in legal_actions(state):
        raise IllegalAction("That move is not possible now.")
    work = thaw(state)
    step = state.step
    if step == "take":
        flow.take_die(work, seat_to_take(state), action.x, action.verb == "n")
    elif step in ("grab", "bonus"):
        flow.grab(work, action.x, step)
        work.step = "bonus_check" if step == "grab" else "effect"
    elif step == "donate":
        flow.donate(work, action)
    else:
        effects.resolve(work, action)
    flow.run(work)
    done = freeze(work)
    assert len(done.held) == holders(done)
    return done
