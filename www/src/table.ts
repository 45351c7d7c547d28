// The table itself: the compass (seats, dealer, vulnerability, turn, bars), the felt
// (period, contract, tricks) and the auction grid with alerts and explanations.
import type { Seat, SeenCall, View } from "bridge-laws";
import { callLabel, callNode, cardNode, COLUMNS, contractNode, SEAT_NAME, SEATS } from "./calls";
import type { Ctx } from "./app";
import { fill, h } from "./dom";

const PHASE: Record<View["phase"], string> = {
  auction: "Auction",
  clarification: "Clarification period",
  play: "Play",
  passed_out: "Passed out",
  ended: "Board over",
};

const vulnerable = (v: View, s: Seat) =>
  v.vulnerability === "All" || (v.vulnerability === "NS" ? s === "N" || s === "S" : v.vulnerability === "EW" && (s === "E" || s === "W"));

export function renderCompass(c: Ctx): void {
  const v = c.view;
  const seat = (s: Seat) =>
    h(
      "div",
      {
        class: `seat seat-${s}${vulnerable(v, s) ? " vul" : ""}${v.turn === s ? " turn" : ""}${c.me === s ? " me" : ""}`,
        "data-seat": s,
      },
      h("span", { class: "seat-name" }, SEAT_NAME[s]),
      h("span", { class: "seat-tags" },
        c.me === s ? h("span", { class: "tag tag-me" }, "you") : null,
        v.dealer === s ? h("span", { class: "tag", title: "Dealer" }, "dealer") : null,
        vulnerable(v, s) ? h("span", { class: "tag tag-vul", title: "Vulnerable" }, "vul") : null,
        v.declarer === s ? h("span", { class: "tag tag-decl" }, "declarer") : null,
        v.dummy === s ? h("span", { class: "tag" }, "dummy") : null,
        v.barred[s] ? h("span", { class: "tag tag-barred", "data-barred": v.barred[s] }, `barred ${v.barred[s]!.replace("_", " ")}`) : null,
      ),
      v.turn === s ? h("span", { class: "turn-dot", "aria-label": "to act" }) : null,
    );
  fill("compass", ...SEATS.map(seat), felt(v));
}

function felt(v: View): HTMLElement {
  const play = v.play;
  const trickCards = play?.current.length ? play.current : (play?.tricks.at(-1)?.cards ?? []);
  const won = { NS: 0, EW: 0 };
  for (const t of play?.tricks ?? []) won[t.winner === "N" || t.winner === "S" ? "NS" : "EW"]++;
  return h(
    "div",
    { class: "felt" },
    h("div", { class: "felt-phase", "data-phase": v.phase }, PHASE[v.phase], v.board ? ` · board ${v.board}` : ""),
    v.contract
      ? h("div", { class: "felt-contract" }, contractNode(v.contract), v.declarer ? ` by ${SEAT_NAME[v.declarer]}` : "")
      : h("div", { class: "felt-turn" }, v.turn ? `${SEAT_NAME[v.turn]} to ${v.phase === "auction" ? "call" : "act"}` : ""),
    play && v.phase === "clarification"
      ? h("div", { class: "felt-lead" }, play.led ? (play.lead ? ["Lead face down: ", cardNode(play.lead)] : "Opening lead made face down") : `${SEAT_NAME[play.leader]} to lead`)
      : null,
    trickCards.length
      ? h("div", { class: "trick" }, trickCards.map(([s, card]) => h("span", { class: `trick-card at-${s}` }, cardNode(card))))
      : null,
    play && v.phase !== "clarification" ? h("div", { class: "felt-tricks" }, `Tricks — N-S ${won.NS} · E-W ${won.EW}`) : null,
    v.scoring_contract && v.scoring_contract !== v.contract
      ? h("div", { class: "felt-scoring" }, "Scored as ", contractNode(v.scoring_contract), " (Law 21B)")
      : null,
  );
}

export function renderAuction(c: Ctx): void {
  const v = c.view;
  const offset = COLUMNS.indexOf(v.dealer);
  const cells: HTMLElement[] = [];
  for (let i = 0; i < offset; i++) cells.push(h("td", { class: "empty" }));
  for (const call of v.calls) cells.push(h("td", {}, callCell(c, call)));
  if (v.phase === "auction" && v.turn) cells.push(h("td", { class: "next", "aria-label": `${SEAT_NAME[v.turn]} to call` }, "?"));
  const rows: HTMLElement[] = [];
  for (let i = 0; i < cells.length; i += 4) rows.push(h("tr", {}, cells.slice(i, i + 4)));
  fill(
    "auction",
    h(
      "table",
      { class: "auction", "aria-label": "Auction" },
      h("thead", {}, h("tr", {}, COLUMNS.map((s) => h("th", { scope: "col", class: vulnerable(v, s) ? "vul" : "" }, SEAT_NAME[s])))),
      h("tbody", {}, rows.length ? rows : h("tr", {}, h("td", { colspan: 4, class: "empty" }, "No calls yet"))),
    ),
  );
  fill("auction-hint", c.me && v.phase !== "ended" ? "click an opponent's call to ask about it" : "");
  fill(
    "withdrawn",
    v.withdrawn.length
      ? h("div", { class: "withdrawn" }, h("h3", {}, "Withdrawn calls"),
          h("ul", {}, v.withdrawn.map((w) =>
            h("li", {}, h("s", {}, SEAT_NAME[w.seat], " ", callNode(w.call)), ` — Law ${w.law}: ${w.reason}`))))
      : null,
  );
}

function callCell(c: Ctx, call: SeenCall): HTMLElement {
  const opponents = c.me !== null && (SEATS.indexOf(c.me) - SEATS.indexOf(call.seat) + 4) % 2 === 1;
  const label = `${SEAT_NAME[call.seat]}: ${callLabel(call.call)}${call.alerted ? ", alerted" : ""}`;
  const body = [
    callNode(call.call),
    call.alerted ? h("span", { class: "alert-mark", title: "Alerted" }, "!") : null,
    call.auto ? h("span", { class: "auto-mark", title: "Passed by the engine for a barred player" }, "auto") : null,
  ];
  const notes = call.disclosures
    .filter((d) => d.text)
    .map((d) => h("span", { class: `disclosure${d.superseded ? " superseded" : ""}`, "data-kind": d.kind }, d.text));
  const cls = `bid${call.alerted ? " alerted" : ""}`;
  if (!opponents) return h("div", { class: cls, "data-index": call.index, "aria-label": label }, body, notes);
  return h(
    "button",
    {
      class: `${cls} askable`,
      "data-index": call.index,
      "aria-label": `${label}. Ask about this call`,
      title: "Ask about this call",
      onclick: () => c.act({ type: "ask", index: call.index }),
    },
    body,
    notes,
  );
}
