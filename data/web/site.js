// Symposion's pages: live updates (server-sent events, reconnecting by themselves, closed for
// good when the game ends or its page is turned off) and the positions of a finished game
// (buttons, a slider and the arrow keys). No library.
(function () {
  "use strict";
  var body = document.body;
  var status = document.getElementById("status");
  function say(which) {
    if (status) { status.textContent = status.getAttribute("data-" + which) || ""; }
  }
  function show(update) {
    var live = document.getElementById("live");
    var img = document.getElementById("board");
    if (!live || Number(live.getAttribute("data-v")) > update.v) { return; }
    live.innerHTML = update.html;
    live.setAttribute("data-v", String(update.v));
    if (img) { img.src = update.img; img.alt = update.alt; }
  }
  function connect(address) {
    var events = new EventSource(address);
    events.onopen = function () { say("on"); };
    events.onmessage = function (e) { show(JSON.parse(e.data)); };
    events.addEventListener("end", function (e) {
      events.close();  // no more updates: the game is over (reload to show it) or the page off
      if (e.data === "over") { window.location.reload(); } else { say("off"); }
    });
    events.onerror = function () {
      say("lost");
      if (events.readyState === 2) {  // refused (a full server, a restart): try again later
        window.setTimeout(function () { connect(address); }, 5000);
      }
    };
  }
  var address = body.getAttribute("data-live");
  if (address && window.EventSource) { connect(address); }

  var scrub = document.getElementById("scrub");
  if (!scrub) { return; }
  var frames = JSON.parse(document.getElementById("frames").textContent);
  var slider = document.getElementById("position");
  var told = document.getElementById("position-told");
  var img = document.getElementById("board");
  function go(n) {
    n = Math.max(0, Math.min(frames.alt.length - 1, n));
    slider.value = String(n);
    img.src = frames.src + n;
    img.alt = frames.alt[n];
    told.textContent = frames.told.replace("{n}", String(n)).replace("{total}", String(frames.alt.length - 1));
  }
  slider.addEventListener("input", function () { go(Number(slider.value)); });
  document.getElementById("back").addEventListener("click", function () { go(Number(slider.value) - 1); });
  document.getElementById("forward").addEventListener("click", function () { go(Number(slider.value) + 1); });
  document.addEventListener("keydown", function (e) {
    if (e.target && e.target.tagName === "INPUT") { return; }  // the slider moves itself
    if (e.key === "ArrowLeft") { go(Number(slider.value) - 1); e.preventDefault(); }
    if (e.key === "ArrowRight") { go(Number(slider.value) + 1); e.preventDefault(); }
    if (e.key === "Home") { go(0); e.preventDefault(); }
    if (e.key === "End") { go(frames.alt.length - 1); e.preventDefault(); }
  });
})();
