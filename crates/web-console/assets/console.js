// The console's only script. Conveniences, nothing more: every page works without it.
// - [data-copy="#id"]: copies the text of the element with that id.
// - [data-live]: a table body refreshed from that URL every few seconds (the delivery log).
// - form[data-confirm]: asks before submitting.
// - [data-countdown="<RFC 3339>"]: "(in 18 s)" after that time, counting down each second.
// - select[data-reveals]: shows only the fields of the chosen option (the credential form).
"use strict";

// Marks the page as scripted (the tests tell a scripted page from a plain one by it).
document.documentElement.classList.add("js");

document.addEventListener("click", (e) => {
  const button = e.target.closest("[data-copy]");
  if (!button) return;
  const source = document.querySelector(button.dataset.copy);
  if (!source) return;
  navigator.clipboard.writeText(source.textContent.trim()).then(
    () => { button.textContent = "Copied"; },
    () => { button.textContent = "Select and copy"; },
  );
});

document.addEventListener("submit", (e) => {
  const form = e.target;
  if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) e.preventDefault();
});

function live(body) {
  const status = document.getElementById(body.dataset.liveStatus || "live-status");
  let last = body.innerHTML;
  const refresh = async () => {
    try {
      const res = await fetch(body.dataset.live, { credentials: "same-origin", headers: { Accept: "text/html" } });
      if (!res.ok) throw new Error(String(res.status));
      const html = await res.text();
      if (html !== last) { body.innerHTML = html; last = html; }
      if (status) status.textContent = "Live: updated " + new Date().toISOString().slice(11, 19) + " UTC";
    } catch (err) {
      if (status) status.textContent = "Live updates paused (" + err.message + "); reload to retry";
      return;
    }
    setTimeout(refresh, 2000);
  };
  setTimeout(refresh, 2000);
}

document.querySelectorAll("[data-live]").forEach(live);

// "(in 1 m 5 s)" until `at`, then "(due now)".
function countdown(el) {
  const at = Date.parse(el.dataset.countdown);
  const left = el.querySelector(".left");
  if (Number.isNaN(at) || !left) return;
  const tick = () => {
    const s = Math.round((at - Date.now()) / 1000);
    if (s <= 0) { left.textContent = "(due now)"; return; }
    const m = Math.floor(s / 60);
    left.textContent = "(in " + (m > 0 ? m + " m " + (s % 60) + " s" : s + " s") + ")";
    setTimeout(tick, 1000);
  };
  tick();
}

document.querySelectorAll("[data-countdown]").forEach(countdown);

// select[data-reveals=".x"]: of the elements `.x` in the select's form, shows only the one whose
// data-for is the chosen value (the credential form's fields; without the script all show, and
// the server reads only the chosen type's).
function reveal(select) {
  const form = select.form;
  const show = () => form.querySelectorAll(select.dataset.reveals).forEach((el) => {
    el.hidden = el.dataset.for !== select.value;
  });
  select.addEventListener("change", show);
  show();
}

document.querySelectorAll("select[data-reveals]").forEach(reveal);
