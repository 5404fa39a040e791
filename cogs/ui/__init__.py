"""The presenter every extension shares: the game table, its components and their custom_ids,
the words on messages, hands, images, threads, languages and the one error path.

Nothing here is an extension: the client never loads it, and discord.py never unloads it, so
its modules (and the classes of old buttons) stay the same for the process's whole life.
"""
