// Live sections over a WebSocket: the server draws them; this only swaps them in, counts the
// clock down between pushes, and filters the public seat list. window.tablectl holds what the
// tests and the latency bench read (updates received, table-state-to-browser latencies).
(function () {
  "use strict";
  const body = document.body;
  const pub = body.dataset.public === "1";
  const page = body.dataset.page;
  const arg = body.dataset.arg || "";
  const event = body.dataset.event || "";  // the event shown (a room of several; "*": them all)
  const state = (window.tablectl = { updates: 0, latencies: [], connected: false, version: 0 });
  const status = document.getElementById("live-status");

  function setStatus(text, live) {
    if (!status) return;
    status.textContent = text;
    status.classList.toggle("live", live);
  }

  // this browser lost the console: the figures shown are not live, and the page says since when
  let staleSince = null;
  function stale(on) {
    const banner = document.getElementById("offline");
    body.classList.toggle("stale", on);
    if (!on) staleSince = null;
    else if (staleSince === null) staleSince = new Date();
    if (!banner) return;
    banner.hidden = !on;
    if (on) {
      const t = staleSince;
      document.getElementById("offline-since").textContent =
        "since " + String(t.getHours()).padStart(2, "0") + ":" + String(t.getMinutes()).padStart(2, "0");
    }
  }

  function tick() {
    document.querySelectorAll("[data-seconds-left]").forEach(function (el) {
      if (!el.dataset.seen) el.dataset.seen = String(performance.now());
      const left = parseFloat(el.dataset.secondsLeft);
      const paused = el.dataset.paused === "1";
      const gone = paused ? 0 : (performance.now() - parseFloat(el.dataset.seen)) / 1000;
      const s = Math.max(0, Math.ceil(left - gone));
      const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
      const mm = h ? h + ":" + String(m).padStart(2, "0") : String(m);
      el.textContent = mm + ":" + String(sec).padStart(2, "0");
    });
  }

  function filter() {
    const find = document.getElementById("find");
    if (!find) return;
    const q = find.value.trim().toLowerCase();
    document.querySelectorAll("#where li[data-name]").forEach(function (li) {
      li.hidden = q !== "" && li.dataset.name.indexOf(q) < 0;
    });
  }

  // A section redrawn while someone types in it keeps what they typed: the fields changed from
  // the value drawn (the deal's amount played for, a name being entered) take it back, and the
  // field in focus keeps the focus, so a push (a table's report, the first push on connecting)
  // never wipes a form half filled in.
  function fieldKey(f) {
    const form = f.form ? f.form.getAttribute("action") || "" : "";
    return form + "|" + f.name + (f.type === "radio" ? "|" + f.value : "");
  }
  function typed(el) {
    const kept = [];
    el.querySelectorAll("input, textarea, select").forEach(function (f) {
      if (!f.name || f.type === "hidden") return;
      const tick = f.type === "checkbox" || f.type === "radio";
      const changed = f.tagName === "SELECT"
        ? Array.from(f.options).some(function (o) { return o.selected !== o.defaultSelected; })
        : tick ? f.checked !== f.defaultChecked : f.value !== f.defaultValue;
      if (changed || f === document.activeElement) {
        kept.push({ key: fieldKey(f), value: f.value, checked: f.checked, focus: f === document.activeElement,
                    start: tick ? null : f.selectionStart, end: tick ? null : f.selectionEnd, changed: changed });
      }
    });
    return kept;
  }
  function restore(el, kept) {
    kept.forEach(function (k) {
      el.querySelectorAll("input, textarea, select").forEach(function (f) {
        if (!f.name || f.type === "hidden" || fieldKey(f) !== k.key) return;
        if (k.changed) {
          if (f.type === "checkbox" || f.type === "radio") f.checked = k.checked;
          else f.value = k.value;
        }
        if (k.focus) {
          f.focus();
          if (k.start !== null) { try { f.setSelectionRange(k.start, k.end); } catch (e) { /* no caret here */ } }
        }
      });
    });
  }

  function connect() {
    const path = pub
      ? "/live/public" + (event ? "?event=" + encodeURIComponent(event) : "")
      : "/live?page=" + encodeURIComponent(page) + "&arg=" + encodeURIComponent(arg) + "&event=" + encodeURIComponent(event);
    const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + path);
    ws.onopen = function () {
      state.connected = true;
      setStatus("live", true);
      stale(false);
    };
    ws.onmessage = function (m) {
      const d = JSON.parse(m.data);
      Object.keys(d.sections || {}).forEach(function (k) {
        document.querySelectorAll('[data-live="' + k + '"]').forEach(function (el) {
          const kept = typed(el);
          el.innerHTML = d.sections[k];
          restore(el, kept);
        });
      });
      if (d.stamp) state.latencies.push(Date.now() / 1000 - d.stamp.t);
      state.version = d.version;
      state.updates += 1;
      tick();
      filter();
    };
    ws.onclose = function (e) {
      state.connected = false;
      if (e.code === 4401) { setStatus("signed out", false); location.href = "/login"; return; }
      setStatus("reconnecting…", false);
      stale(true);
      setTimeout(connect, 1000);
    };
  }

  // a form posts back to the page it is on, its query kept (the deal page's amount played
  // for); the server only accepts a local path
  document.addEventListener("submit", function (e) {
    const back = e.target.querySelector('input[name="back"]');
    if (back) back.value = location.pathname + location.search;
  });
  document.addEventListener("input", function (e) { if (e.target.id === "find") filter(); });
  setInterval(tick, 250);
  tick();
  connect();
})();
