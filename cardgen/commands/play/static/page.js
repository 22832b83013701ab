// The page frame of `cardgen play`: draws what GET /view says and sends clicks to the server,
// which judges every step. No game logic here: a clickable element carries its pick key.
"use strict";
const $ = (id) => document.getElementById(id);
let shown = -1;        // the version drawn
let at = null;         // the log position shown (null: the live table)
let last = null;       // the last view
let sent = 0;          // requests numbered as sent: an answer older than the one drawn is dropped
let drawnTicket = 0;   // the number of the request whose answer is drawn
let answers = 0;       // answers handled, drawn or dropped (body[data-answers], for tests to wait on)

async function call(method, url, body) {
  const response = await fetch(url, {method, headers: {"Content-Type": "application/json"},
                                     body: body === undefined ? undefined : JSON.stringify(body)});
  const data = await response.json();
  return {ok: response.ok, status: response.status, data};
}

function showRefusal(r, text) {
  const box = $("refusal");
  box.replaceChildren();
  if (!r && !text) { box.hidden = true; return; }
  box.hidden = false;
  if (r) {
    const rule = document.createElement("div");
    rule.className = "rule"; rule.textContent = r.rule;
    const msg = document.createElement("div");
    msg.className = "message"; msg.textContent = r.message;
    box.append(rule, msg);
    if (r.wording) {
      const w = document.createElement("div");
      w.className = "wording"; w.textContent = "Rule booklet: " + r.wording;
      box.append(w);
    }
  } else {
    box.textContent = text;
  }
}

function draw(v) {
  last = v;
  shown = v.version;
  $("title").textContent = v.title + (v.replay ? " (replay)" : "");
  $("status").textContent = (v.live ? "" : `step ${v.at} of ${v.steps}: `) + v.status;
  $("seats").replaceChildren(...v.seats.map((s) => {
    const li = document.createElement("li");
    li.textContent = `${s.name} (${s.player}): ${s.score}`;
    if (s.to_move) li.className = "to-move";
    return li;
  }));
  $("table").innerHTML = v.table;
  $("hand").innerHTML = v.hand;
  $("hint").textContent = v.hint;
  $("note").textContent = v.note || "";
  $("note").hidden = !v.note;
  $("buttons").replaceChildren(...v.buttons.map((b) => {
    const el = document.createElement("button");
    el.type = "button"; el.textContent = b.label; el.dataset.pick = b.pick;
    if (b.on) el.className = "on";
    return el;
  }));
  if (v.live) showRefusal(v.refusal);
  $("undo").disabled = !v.can_undo || !v.live;
  $("step-at").textContent = `${v.at}/${v.steps}`;
  $("log").replaceChildren(...v.log.map((line, i) => {
    const li = document.createElement("li");
    const n = document.createElement("span");  // the step's number, every digit of it
    n.className = "n"; n.textContent = `${i + 1}.`;
    li.append(n, line); li.dataset.at = i + 1;
    if (i + 1 === v.at) li.className = "here";
    return li;
  }));
  const here = $("log").querySelector("li.here");
  if (here) $("log").scrollTop = here.offsetTop - $("log").clientHeight / 2;
  $("pass").hidden = !v.pass_to;
  $("pass-to").textContent = v.pass_to || "";
  $("pass-name").textContent = v.pass_to || "";
  document.body.dataset.version = v.version;
  document.body.dataset.finished = v.finished;
}

// Several answers can be on their way at once (a poll every 300 ms, a click, a step through the
// log) and arrive in any order: only an answer newer than the one drawn, asked for the position
// still wanted, is drawn, so a late poll never replaces the step the user went to.
// An answer that draws nothing (a poll's "nothing changed") does not count as drawn: the whole
// view asked for before it may still be on its way.
function fresh(ticket, wanted, drawing = true) {
  document.body.dataset.answers = ++answers;
  if (ticket < drawnTicket || wanted !== at) return false;
  if (drawing) drawnTicket = ticket;
  return true;
}

async function refresh(force) {
  const wanted = at, ticket = ++sent;
  const url = at !== null ? `/view?at=${at}` : force || shown < 0 ? "/view" : `/view?since=${shown}`;
  const {ok, data} = await call("GET", url);
  if (!ok) { if (wanted === at) showRefusal(null, data.error); return; }
  if (fresh(ticket, wanted, !data.same) && !data.same) draw(data);
}

async function act(url, body) {
  const wanted = at, ticket = ++sent;
  const {ok, data} = await call("POST", url, body);
  if (ok) { if (fresh(ticket, wanted)) draw(data); return; }
  if (data.rule) { await refresh(true); showRefusal(data); }
  else showRefusal(null, data.error);
}

document.addEventListener("click", (event) => {
  const el = event.target.closest("[data-pick]");
  if (el && at === null) { act("/pick", {pick: el.dataset.pick}); return; }
  const line = event.target.closest("#log li");
  if (line) { at = Number(line.dataset.at); refresh(true); }
});
$("undo").addEventListener("click", () => act("/undo"));
$("reveal").addEventListener("click", () => act("/reveal"));
function step(to) {
  if (!last) return;
  at = to === null || to >= last.steps ? null : Math.max(0, to);
  refresh(true);
}
$("step-first").addEventListener("click", () => step(0));
$("step-prev").addEventListener("click", () => step((at === null ? last.steps : at) - 1));
$("step-next").addEventListener("click", () => step(at === null ? null : at + 1));
$("step-last").addEventListener("click", () => step(null));

refresh(true);
setInterval(() => { if (at === null) refresh(false); }, 300);
