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
    v.contract_parts
      ? h("div", { class: "felt-contract" }, contractNode(v.contract_parts), v.declarer ? ` by ${SEAT_NAME[v.declarer]}` : "")
      : h("div", { class: "felt-turn" }, v.turn ? `${SEAT_NAME[v.turn]} to ${v.phase === "auction" ? "call" : "act"}` : ""),
    play && v.phase === "clarification"
      ? h("div", { class: "felt-lead" }, play.led ? (play.lead ? ["Lead face down: ", cardNode(play.lead)] : "Opening lead made face down") : `${SEAT_NAME[play.leader]} to lead`)
      : null,
    trickCards.length
      ? h("div", { class: "trick" }, trickCards.map(([s, card]) => h("span", { class: `trick-card at-${s}` }, cardNode(card))))
      : null,
    play && v.phase !== "clarification" ? h("div", { class: "felt-tricks" }, `Tricks — N-S ${won.NS} · E-W ${won.EW}`) : null,
    v.scoring_contract_parts && v.scoring_contract !== v.contract
      ? h("div", { class: "felt-scoring" }, "Scored as ", contractNode(v.scoring_contract_parts), " (Law 21B)")
      : null,
  );
}

/** One cell of the auction grid: a call in force, or the irregular call awaiting a decision. */
type GridItem = { seat: Seat; node: HTMLElement; cls?: string };

/**
 * Lays calls out as a score card does: each in its caller's column (W N E S), a new row
 * when the column comes round again. Calls out of rotation that were accepted, and seats
 * skipped (L29A), therefore stay under the right player instead of shifting the grid.
 */
function gridRows(dealer: Seat, items: GridItem[], next: Seat | null): HTMLElement[] {
  const rows: HTMLElement[][] = [];
  let row: HTMLElement[] = [];
  let col = COLUMNS.indexOf(dealer);
  for (let i = 0; i < col; i++) row.push(h("td", { class: "empty" }));
  const place = (seat: Seat, cell: HTMLElement) => {
    const at = COLUMNS.indexOf(seat);
    if (at < col) {
      while (row.length < 4) row.push(h("td", { class: "empty" }));
      rows.push(row);
      row = [];
      col = 0;
    }
    for (; col < at; col++) row.push(h("td", { class: "empty skipped", title: "No call (skipped)" }));
    row.push(cell);
    col = at + 1;
    if (col === 4) {
      rows.push(row);
      row = [];
      col = 0;
    }
  };
  for (const item of items) place(item.seat, h("td", { class: item.cls ?? "" }, item.node));
  if (next) place(next, h("td", { class: "next", "aria-label": `${SEAT_NAME[next]} to call` }, h("span", { class: "next-mark", "aria-hidden": "true" }, "…")));
  if (row.length) {
    while (row.length < 4) row.push(h("td", { class: "empty" }));
    rows.push(row);
  }
  return rows.map((cells) => h("tr", {}, cells));
}

export function renderAuction(c: Ctx): void {
  const v = c.view;
  const items: GridItem[] = v.calls.map((call) => ({ seat: call.seat, node: callCell(c, call) }));
  // The irregular call on the table (insufficient, out of rotation, inadmissible, by a
  // barred player, an attempted change): shown where it was made until it is accepted
  // (then it is a call in force) or withdrawn (then it is listed below the grid).
  const p = v.pending;
  // An undo concerns a call in force, a replacement a call already withdrawn (listed below).
  const irregular = !!p && p.kind !== "undo" && p.kind !== "replacement";
  if (p && irregular) {
    items.push({
      seat: p.seat,
      cls: "irregular-cell",
      node: h("div", { class: "bid irregular", "data-irregular": p.kind, "aria-label": `${SEAT_NAME[p.seat]}: ${callLabel(p.call)}, irregular (Law ${p.law}), awaiting a decision`, title: `Irregular — Law ${p.law}` },
        callNode(p.call), h("span", { class: "irregular-mark" }, `L${p.law}`)),
    });
  }
  const next = v.phase === "auction" && v.turn && !irregular ? v.turn : null;
  const rows = items.length || next ? gridRows(v.dealer, items, next) : [];
  fill(
    "auction",
    h(
      "table",
      { class: "auction", "aria-label": "Auction" },
      h("thead", {}, h("tr", {}, COLUMNS.map((s) => h("th", { scope: "col", class: vulnerable(v, s) ? "vul" : "" }, SEAT_NAME[s])))),
      h("tbody", {}, rows.length ? rows : h("tr", {}, h("td", { colspan: 4, class: "empty" }, "No calls yet"))),
    ),
  );
  fill("auction-hint", c.may.askable.length ? "press ? beside an opponent's call to ask about it" : "");
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
  const label = `${SEAT_NAME[call.seat]}: ${callLabel(call.call)}${call.alerted ? ", alerted" : ""}`;
  const notes = call.disclosures
    .filter((d) => d.text)
    .map((d) => h("span", { class: `disclosure${d.superseded ? " superseded" : ""}`, "data-kind": d.kind }, d.text));
  // The engine's answer (`SeatTable.askable()` online): the opponents' calls, when this
  // seat may ask now under the regulation (L20F1, L20F2, L41B).
  const askable = c.may.askable.includes(call.index);
  return h(
    "div",
    { class: `bid${call.alerted ? " alerted" : ""}${askable ? " askable" : ""}`, "data-index": call.index, "aria-label": label },
    h("span", { class: "bid-line" },
      callNode(call.call),
      call.alerted ? h("span", { class: "alert-mark", title: "Alerted" }, "!") : null,
      call.auto ? h("span", { class: "auto-mark", title: "Passed by the engine for a barred player" }, "auto") : null,
      // The question sits on the call it asks about (L20F1).
      askable
        ? h("button", {
            type: "button",
            class: "ask",
            "data-ask": call.index,
            "aria-label": `Ask ${SEAT_NAME[call.seat]}'s side about ${callLabel(call.call)}`,
            title: "Ask about this call",
            onclick: () => c.act({ type: "ask", index: call.index }),
          }, "?")
        : null),
    notes,
  );
}
