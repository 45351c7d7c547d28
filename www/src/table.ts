// The table itself: the compass (seats, dealer, vulnerability, turn, bars) and the felt
// (period, contract, tricks). The auction grid is <bl-auction>.
import type { Seat, View } from "bridge-laws";
import { cardNode, contractNode, seatLabel, SEATS } from "./calls";
import type { Ctx } from "./app";
import { fill, h } from "./dom";
import { t } from "./i18n";

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
      h("span", { class: "seat-name" }, seatLabel(s)),
      h("span", { class: "seat-tags" },
        c.me === s ? h("span", { class: "tag tag-me" }, t("ui.demo.tag.you")) : null,
        v.dealer === s ? h("span", { class: "tag", title: t("ui.demo.tag.dealer.title") }, t("ui.demo.tag.dealer")) : null,
        vulnerable(v, s) ? h("span", { class: "tag tag-vul", title: t("ui.demo.tag.vul.title") }, t("ui.demo.tag.vul")) : null,
        v.declarer === s ? h("span", { class: "tag tag-decl" }, t("ui.demo.tag.declarer")) : null,
        v.dummy === s ? h("span", { class: "tag" }, t("ui.demo.tag.dummy")) : null,
        v.barred[s] ? h("span", { class: "tag tag-barred", "data-barred": v.barred[s] }, t("ui.demo.tag.barred", { bar: v.barred[s]! })) : null,
      ),
      // The turn, in words (an unexplained dot told nobody anything).
      v.turn === s ? h("span", { class: "tag tag-turn" }, t(v.phase === "auction" ? "ui.demo.tag.to_call" : "ui.demo.tag.to_act")) : null,
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
    h("div", { class: "felt-phase", "data-phase": v.phase }, t(`ui.demo.phase.${v.phase}`), v.board ? t("ui.demo.felt.board", { board: v.board }) : ""),
    v.contract_parts
      ? h("div", { class: "felt-contract" }, contractNode(v.contract_parts), v.declarer ? t("ui.demo.felt.by", { seat: seatLabel(v.declarer) }) : "")
      : h("div", { class: "felt-turn" }, v.turn ? t(v.phase === "auction" ? "ui.demo.felt.to_call" : "ui.demo.felt.to_act", { seat: seatLabel(v.turn) }) : ""),
    play && v.phase === "clarification"
      ? h("div", { class: "felt-lead" }, play.led
        ? (play.lead ? [t("ui.demo.felt.lead_face_down"), " ", cardNode(play.lead)] : t("ui.demo.felt.lead_made"))
        : t("ui.demo.felt.to_lead", { seat: seatLabel(play.leader) }))
      : null,
    trickCards.length
      ? h("div", { class: "trick" }, trickCards.map(([s, card]) => h("span", { class: `trick-card at-${s}` }, cardNode(card))))
      : null,
    play && v.phase !== "clarification" ? h("div", { class: "felt-tricks" }, t("ui.demo.felt.tricks", { ns: won.NS, ew: won.EW })) : null,
    v.scoring_contract_parts && v.scoring_contract !== v.contract
      ? h("div", { class: "felt-scoring" }, t("ui.demo.felt.scored_as"), " ", contractNode(v.scoring_contract_parts), " ", t("ui.demo.felt.scored_law"))
      : null,
  );
}
