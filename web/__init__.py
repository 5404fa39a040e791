"""The read-only web site the bot serves when WEB_PORT is set (issue 28): a page per game, live.

web.pages writes the HTML (public facts only), web.live keeps the open live connections,
web.site is the aiohttp application. It imports nothing of Discord or cogs/: the cogs.web
extension starts it and hands it each board the game message is redrawn with.
"""
