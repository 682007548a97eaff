// The MJ's page: countdown, reveal toggle, the day's chart, and a reload when the state changes.
// No build step. Player text is only ever written with textContent (never innerHTML).
"use strict";

// The few words written here, in the MJ's language (the page gives them: see web.py's SCRIPT_WORDS).
const WORDS = { locale: "fr-FR", days: "j", votes: "vote(s)", ...JSON.parse(document.getElementById("words")?.textContent || "{}") };

const reveal = document.getElementById("reveal");
reveal.checked = sessionStorage.getItem("meneur-reveal") === "1";
document.body.classList.toggle("reveal", reveal.checked);
reveal.addEventListener("change", () => {
  document.body.classList.toggle("reveal", reveal.checked);
  sessionStorage.setItem("meneur-reveal", reveal.checked ? "1" : "0");
});

function clock(iso) {
  const d = new Date(iso);
  return d.toLocaleTimeString(WORDS.locale, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}
for (const el of document.querySelectorAll(".when[data-at]")) el.textContent = clock(el.dataset.at);

function tick() {
  const el = document.getElementById("countdown");
  if (!el) return;
  const left = Math.max(0, Math.round((new Date(el.dataset.at) - new Date()) / 1000));
  const days = Math.floor(left / 86400);
  el.textContent = (days ? days + " " + WORDS.days + " " : "") + Math.floor((left % 86400) / 3600) + " h " +
    Math.floor((left % 3600) / 60) + " min " + (left % 60) + " s";
}
setInterval(tick, 1000);
tick();

// -- votes over time: one step line per player voted against --------------------------------------
const COLOURS = ["#b3261e", "#1f6fb2", "#2e7d32", "#8e44ad", "#e67e22", "#00838f", "#6d4c41", "#c2185b"];
const SVG = "http://www.w3.org/2000/svg";

function svg(name, attrs, parent) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  parent.appendChild(el);
  return el;
}

function drawChart() {
  const holder = document.getElementById("chart");
  const data = JSON.parse(document.getElementById("timeline-data").textContent || "null");
  if (!holder || !data || !data.points.length) return;
  const width = holder.clientWidth || 600, height = holder.clientHeight || 220;
  const left = 28, right = 10, top = 10, bottom = 22;
  holder.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const t0 = new Date(data.start).getTime();
  const lastPoint = new Date(data.points[data.points.length - 1].at).getTime();
  const end = data.end ? new Date(data.end).getTime() : Date.now();  // no deadline: up to now
  const t1 = Math.max(end, lastPoint, t0 + 1);
  const tEnd = Math.min(t1, Math.max(Date.now(), lastPoint));
  const targets = [];
  let most = 1;
  for (const p of data.points) {
    for (const [name, n] of Object.entries(p.tally)) {
      if (!targets.includes(name)) targets.push(name);
      most = Math.max(most, n);
    }
  }
  const x = (t) => left + ((t - t0) / (t1 - t0)) * (width - left - right);
  const y = (n) => height - bottom - (n / most) * (height - top - bottom);
  svg("line", { x1: left, y1: y(0), x2: width - right, y2: y(0), stroke: "#999" }, holder);
  svg("line", { x1: left, y1: top, x2: left, y2: y(0), stroke: "#999" }, holder);
  for (let n = 1; n <= most; n++) {
    svg("line", { x1: left, y1: y(n), x2: width - right, y2: y(n), stroke: "#eee" }, holder);
    svg("text", { x: 4, y: y(n) + 4 }, holder).textContent = String(n);
  }
  svg("text", { x: left, y: height - 6 }, holder).textContent = clock(data.start);
  svg("text", { x: width - right - 52, y: height - 6 }, holder).textContent = clock(new Date(t1).toISOString());
  const legend = document.getElementById("legend");
  targets.forEach((name, i) => {
    const colour = COLOURS[i % COLOURS.length];
    let n = 0, path = `M ${x(t0)} ${y(0)}`;
    for (const p of data.points) {
      const t = new Date(p.at).getTime();
      path += ` H ${x(t)}`;
      n = p.tally[name] || 0;
      path += ` V ${y(n)}`;
    }
    path += ` H ${x(tEnd)}`;
    const line = svg("path", { d: path, fill: "none", stroke: colour, "stroke-width": 2 }, holder);
    line.classList.add("series");
    line.dataset.target = name;
    svg("title", {}, line).textContent = `${name} : ${n} ${WORDS.votes}`;
    const item = document.createElement("span");
    const swatch = document.createElement("i");
    swatch.style.background = colour;
    item.appendChild(swatch);
    item.appendChild(document.createTextNode(`${name} (${n})`));
    legend.appendChild(item);
  });
}
drawChart();

// -- stay current without reloading by hand ----------------------------------------------------------
// The page was drawn from one version of the state; any other one means something changed since.
const drawn = document.body.dataset.version;
async function poll() {
  try {
    const r = await fetch("/api/state", { credentials: "same-origin" });
    if (r.status === 403) location.reload(); // the session ended: show the login form or the reason
    if (!r.ok) return;
    const s = await r.json();
    const busy = document.activeElement && document.activeElement.matches("input, textarea, select");
    if (s.version !== drawn && !busy) location.reload();
  } catch (e) {
    /* the daemon is restarting: try again at the next tick */
  }
}
setInterval(poll, 3000);
poll();
