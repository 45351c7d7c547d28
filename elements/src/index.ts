// bridge-laws/elements: custom elements for a bridge table, each rendering one viewer's view
// from a `TableSource` (`fromTable` for a `Table` in the page, `fromSeatTable` online):
// <bl-bidding-box>, <bl-auction>, <bl-feed>, <bl-decision>, <bl-hand seat>, <bl-announcer>.
// Styled by CSS custom properties (`--bl-…`, docs/ELEMENTS.md); texts from the i18n catalogs.
export { TableElement, ANNOUNCE, FAILED, type Announcement } from "./base.js";
export { badInput, isCoded, type CodedError } from "./errors.js";
export { BiddingBox, BOX_CALLS } from "./bidding-box.js";
export { Auction } from "./auction.js";
export { Feed, Notices } from "./feed.js";
export { Decision } from "./decision.js";
export { Hand } from "./hand.js";
export { Announcer } from "./announcer.js";
export { fromTable, fromSeatTable, isViewer, LocalSource, SeatSource, refusalOf } from "./source.js";
export type { Acted, LastAct, Refusal, Send, TableSource } from "./source.js";
export {
  addCatalog, callName, cardName, changeOfferMessage, contractName, eventMessage, lawLabel, locales, messages, rejectionMessage,
  warningMessage, withdrawalReason,
  type Catalog, type Messages, type Params,
} from "./i18n/index.js";
// The one vocabulary of calls and cards (shown, spoken and typed in each locale).
export {
  bidParts, CALLS, callShown, canonicalCall, canonicalCard, cardParts, cardShown, contractParts, contractShown, DOUBLING_SUFFIX, isCall,
  isOtherCall, OTHER_CALLS, otherCallShown, parseCallIn, rankShown, RANKS, strainLetter, strainShown, STRAINS, SUIT_SYMBOL, suitLetter, SUITS,
  type Doubling, type OtherCall, type Rank, type Strain, type Suit,
} from "./i18n/vocabulary.js";
export { callWords, cardWords, seatName } from "./text.js";
