"""The words on final messages and end notes: every player by place, with the score."""

from __future__ import annotations

from bot.engine import Outcome
from bot.service import GameInfo, Player
from cogs.ui.texts import _sentence, end_note, final_text


def info(players: tuple[Player, ...], outcome: Outcome) -> GameInfo:
    return GameInfo(
        7, "ilium", "Ilium", 1, 10, None, 5, "finished", 9, 1, {}, players, outcome=outcome
    )


THREE = (
    Player(11, "Ann", 0, seat=2),
    Player(12, "Ben", 1, seat=0),
    Player(13, "Cy", 2, seat=1, automatic=True),
)
RESULT = Outcome(scores=(15, 10, 15), ranking=(2, 3, 1), reason="points", summary="Ann wins.")


def test_the_final_message_lists_every_player_by_place_with_score() -> None:
    text = final_text(info(THREE, RESULT), ["Red", "Yellow", "Green"])
    lines = text.splitlines()
    assert lines[0] == "**Ilium** is over. Ann wins."
    assert lines[1:4] == [
        "**1st <@11> (Green): 15**",
        "2nd <@12> (Red): 15",
        "3rd Cy (automatic player) (Yellow): 10",
    ]


def test_shared_places_keep_their_rank() -> None:
    tied = Outcome(scores=(4, 4, 1), ranking=(1, 1, 3), reason="tie", summary="A tie.")
    text = final_text(info(THREE, tied))
    assert "1st <@12>: 4" in text and "1st Cy (automatic player): 4" in text
    assert "3rd <@11>: 1" in text


def test_the_end_note_names_everyone_with_place_and_score() -> None:
    note = end_note(info(THREE, RESULT), "")
    assert note.startswith("**Ilium** (game 7) is over. Ann wins.")
    assert "1st <@11>: 15 · 2nd <@12>: 15 · 3rd Cy (automatic player): 10" in note


def test_the_end_note_names_each_seat_so_equal_names_read_apart() -> None:
    """Two computers of one level have one name: their seats tell them apart in the note."""
    twins = (
        Player(11, "Ann", 0, seat=2),
        *(Player(-2 - n, "Computer (easy)", 1 + n, seat=n, level="easy") for n in range(2)),
    )
    won = Outcome(scores=(35, 15, 15), ranking=(1, 2, 3), reason="points", summary="Red wins.")
    note = end_note(info(twins, won), "", seats=["Red", "Yellow", "Green"])
    assert note.startswith("**Ilium** (game 7) is over. Red (Computer (easy)) wins. ")
    assert note.endswith(
        "1st Computer (easy) (Red): 35 · 2nd Computer (easy) (Yellow): 15 · 3rd <@11> (Green): 15"
    )


def test_a_prompt_ends_in_one_stop() -> None:
    assert _sentence("take a die") == "take a die."
    assert _sentence("which tile moves?") == "which tile moves?"
    assert _sentence("done.") == "done."


def test_the_result_sentence_names_the_winners_player_beside_the_colour() -> None:
    """Issue 13 §2: 'Green wins' says nothing about who won; the player follows the colour."""
    won = Outcome(scores=(15, 10, 15), ranking=(2, 3, 1), reason="points", summary="Green wins.")
    text = final_text(info(THREE, won), ["Red", "Yellow", "Green"])
    assert text.splitlines()[0] == "**Ilium** is over. Green (Ann) wins."
    shared = Outcome(
        scores=(15, 10, 15), ranking=(1, 3, 1), reason="points", summary="Red and Green share."
    )
    text = final_text(info(THREE, shared), ["Red", "Yellow", "Green"])
    assert text.splitlines()[0] == "**Ilium** is over. Red (Ben) and Green (Ann) share."
