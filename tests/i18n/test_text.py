"""Text survives what states go through: JSON dumps, pickling for computer players, copies."""

from __future__ import annotations

import copy
import json
import pickle
from concurrent.futures import ThreadPoolExecutor

import bot.games.iliad  # noqa: F401  (registers the game)
from bot.engine import LogEntry, get_game
from bot.i18n import WORDLESS, Text, from_json, listing, say, to_json, wordless, words


def test_a_text_is_its_english_words() -> None:
    line = say("iliad.log.begins", seat="Hector")
    assert isinstance(line, str) and line == "Hector begins."
    assert json.dumps({"log": [line]}) == '{"log": ["Hector begins."]}'


def test_a_log_line_keeps_its_message_through_the_state_dump() -> None:
    entry = LogEntry(say("iliad.log.hand", tiles=listing(["3", say("iliad.tile.dolos")])), 1)
    stored = json.loads(json.dumps(entry.to_json()))
    back = LogEntry.from_json(stored)
    assert back == entry and isinstance(back.text, Text)
    assert words(back.text, "de") == "Deine Hand: 3 und Dolos."


def test_a_log_line_stored_before_messages_is_read_as_english() -> None:
    back = LogEntry.from_json(["Hector begins.", None])
    assert back.text == "Hector begins." and not isinstance(back.text, Text)
    assert words(back.text, "it") == "Hector begins."


def test_pickle_and_copy_keep_the_message() -> None:
    line = say("iliad.log.places", seat="Achilles", tile="5", square="c3")
    for again in (pickle.loads(pickle.dumps(line)), copy.deepcopy(line)):
        assert isinstance(again, Text) and words(again, "fr") == "Achilles pose 5 en c3."


def test_the_stored_english_is_kept_even_if_the_catalogue_changes() -> None:
    stored = to_json(say("iliad.log.begins", seat="Hector"))
    assert isinstance(stored, dict)
    stored["en"] = "Hector began."
    again = from_json(stored)
    assert again == "Hector began." and words(again, "de") == "Hector fängt an."


def test_a_whole_iliad_state_round_trips_with_its_messages() -> None:
    game = get_game("iliad")
    state = game.new_game(2, 7)
    for _ in range(6):
        state = game.apply(state, game.legal_actions(state)[0])
    loaded = game.load(json.loads(json.dumps(game.dump(state))))
    assert loaded == state
    german = [words(line, "de") for line in game.view(loaded, None)["log"]]
    assert any(" legt " in line for line in german)
    assert all(isinstance(line, Text) for line in game.view(loaded, None)["log"])


def test_wordless_leaves_out_sentences_only_inside_the_block() -> None:
    """Computer playouts build no words; everything outside the block keeps them."""
    before = say("iliad.log.places", seat="Alice", tile="5", square="b3")
    with wordless():
        assert say("iliad.log.places", seat="Alice", tile="5", square="b3") is WORDLESS
        assert listing(["5", "Dolos"]) is WORDLESS
        assert say("iliad.face_down") == "face-down tile"  # made once anyway: kept
    after = say("iliad.log.places", seat="Alice", tile="5", square="b3")
    assert after == before == "Alice places 5 on b3."
    assert after.key == "iliad.log.places" and dict(after.params)["square"] == "b3"


def test_wordless_is_per_context_so_another_thread_keeps_its_words() -> None:
    """The service's threads (and tests drawing in threads) are never made wordless by a search."""
    with wordless(), ThreadPoolExecutor(1) as pool:
        elsewhere = pool.submit(say, "iliad.log.places", seat="Bob", tile="2", square="a1").result()
    assert elsewhere == "Bob places 2 on a1."
