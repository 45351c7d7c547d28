// The table itself: the compass (seats, dealer, vulnerability, turn, bars) and the felt
// (period, contract, tricks). The auction grid is <bl-auction>.
import type { Seat, View } from "bridge-laws";
import { cardNode, contractNode, SEAT_NAME, SEATS } from "./calls";
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
      // The turn, in words (an unexplained dot told nobody anything).
      v.turn === s ? h("span", { class: "tag tag-turn" }, v.phase === "auction" ? "to call" : "to act") : null,
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
