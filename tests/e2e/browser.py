"""Headless Chromium for the browser tests, driven by Selenium from a thread (its calls block;
the bot and the fake Discord run on the test's event loop meanwhile).

Debian's chromium and chromium-driver (`make test` installs them as root, else says what to
install). Chromium runs with the flags that keep it off the network (no background requests, no
component updates, no sync, no QUIC) and a new empty profile.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.wait import WebDriverWait

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--disable-extensions",
)
T = TypeVar("T")


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    """One headless Chromium for a test module; fails saying what to install when missing."""
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not os.access(path, os.X_OK):
            pytest.fail(f"{path} is missing: install Debian's {package} (make test does, as root)")
    os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager must download nothing
    with tempfile.TemporaryDirectory(prefix="symposion-chromium-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in (*FLAGS, f"--user-data-dir={profile}"):
            options.add_argument(flag)
        driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
        try:
            yield driver
        finally:
            driver.quit()


async def call(job: Callable[..., T], *args: Any) -> T:
    """A blocking Selenium call, off the event loop."""
    return await asyncio.to_thread(job, *args)


async def until(driver: webdriver.Chrome, condition: Callable[[Any], T], within: float = 2.0) -> T:
    """Wait (polling the page, as WebDriverWait does) until `condition(driver)` holds."""
    waiting = WebDriverWait(driver, within, poll_frequency=0.05)
    return await asyncio.to_thread(waiting.until, condition)


def script(code: str) -> Callable[[webdriver.Chrome], Any]:
    """A condition that runs JavaScript in the page and is met when it returns a true value."""
    return lambda driver: driver.execute_script(code)
