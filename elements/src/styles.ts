// The elements' default look, adopted once by the document: structure only, every colour and
// size a CSS custom property (`--bl-…`) a site sets on the page or on an element, and every
// rule of zero specificity (`:where`), so a site's own rules win — but for the rules that say
// what a screen reader hears (every part `hidden` by the element, and every "?" while the
// viewer may ask nothing, out of the way: `!important`, whatever `display` a rule gives them).
// Texts wrap anywhere: a word of any length stays inside its cell. In the auction's cells the
// words only a screen reader reads are hidden in place (one clipped pixel, transparent), not
// placed out of flow: a cell so made costs about half the style and layout to put in the grid.
// Each part holding words only a screen reader reads (`.sr-only`, laid out out of flow) is
// their containing block — the element, a call's cell (its box's `contain`), a button — so
// that a push lays out the few it changed, not every one of the page's at its root. Each
// element contains its layout and style (`contain`): what changes inside it lays out nothing
// outside. The live region's lines are held in blocks each laid out apart (`contain:
// strict`): a line appended lays out its block's few lines, not every line the region keeps. The box's calls always carry a
// filter (none while the viewer may call, grey while he waits): a turn changes its value, and
// the layer it paints in is neither made nor dropped at each turn. Each cell of the auction's
// grid holds what it shows in a box of fixed block size (`--bl-cell-height`) laid out apart
// (`contain: size layout`): a call written in it lays out that box alone, not the grid; a cell
// whose explanation is shown grows with it. The bidding box's hint is one line of fixed size
// laid out apart (cut short with an ellipsis where it does not fit), and the live region a
// box laid out apart, placed (not where it would flow): the text of a push lays out neither
// the element nor the page around it.
const CSS = `
:where(bl-bidding-box, bl-auction, bl-feed, bl-decision, bl-hand, bl-announcer) { display: block; position: relative; contain: layout style; }
:where(bl-bidding-box) :where(.box-call), :where(bl-hand) :where(.hand-card) { position: relative; }
:where(bl-bidding-box, bl-auction, bl-feed, bl-decision, bl-hand, bl-announcer)[hidden] { display: none; }
:where(bl-bidding-box, bl-auction, bl-feed, bl-decision, bl-hand, bl-announcer) :where([hidden]) { display: none !important; }
:where(bl-bidding-box, bl-auction, bl-feed, bl-decision, bl-hand, bl-announcer) { overflow-wrap: anywhere; min-width: 0; max-width: 100%; }
:where(bl-bidding-box, bl-auction, bl-feed, bl-decision, bl-hand, bl-announcer) :where(.sr-only) {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
:where(bl-auction) :where(.slot .sr-only) { position: static; display: inline-block; vertical-align: top; margin: 0 -1px 0 0; overflow: clip;
  color: transparent; forced-color-adjust: none; }
:where(bl-announcer) :where(.bl-live) { inset-block-start: 0; inset-inline-start: 0; contain: strict; }
:where(bl-announcer) :where(.bl-live > div) { contain: strict; width: 1px; height: 1px; overflow: hidden; }
:where(bl-bidding-box, bl-auction, bl-feed, bl-decision, bl-hand) :where(.suit-C) { color: var(--bl-clubs, #1b7f3b); }
:where(bl-bidding-box, bl-auction, bl-feed, bl-decision, bl-hand) :where(.suit-D) { color: var(--bl-diamonds, #c05600); }
:where(bl-bidding-box, bl-auction, bl-feed, bl-decision, bl-hand) :where(.suit-H) { color: var(--bl-hearts, #c62828); }
:where(bl-bidding-box, bl-auction, bl-feed, bl-decision, bl-hand) :where(.suit-S) { color: var(--bl-spades, #1f2a7a); }
:where(bl-bidding-box) :where(.box-hint) { display: block; flex: 1 1 0; min-inline-size: min(100%, 12em); }
:where(bl-bidding-box) :where(.box-hint-line) { display: block; contain: size layout style; block-size: var(--bl-hint-height, 1lh);
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
:where(bl-bidding-box) :where(.box) { display: flex; flex-direction: column; gap: var(--bl-gap, 4px); }
:where(bl-bidding-box) :where(.box-calls) { display: flex; flex-direction: column; gap: var(--bl-gap, 4px); }
:where(bl-bidding-box) :where(.box-calls) { filter: grayscale(0); }
:where(bl-bidding-box) :where(.box-calls[aria-hidden="true"]) { filter: var(--bl-waiting-filter, grayscale(1)); opacity: var(--bl-waiting-opacity, 1); }
:where(bl-bidding-box) :where(.box-row) { display: grid; grid-template-columns: repeat(5, 1fr); gap: var(--bl-gap, 4px); }
:where(bl-bidding-box) :where(.box-others) { grid-template-columns: 2fr 1fr 1fr; }
:where(bl-bidding-box) :where(.box-call) { min-height: var(--bl-call-height, 34px); font-size: var(--bl-call-size, 1rem); border-radius: var(--bl-radius, 7px); }
:where(bl-bidding-box) :where(.box-call:focus-visible) { outline: 3px solid var(--bl-focus, #1565c0); outline-offset: 1px; }
:where(bl-bidding-box) :where(.box-refusal) { margin: 6px 0; padding: 6px 10px; border-radius: var(--bl-radius, 7px);
  background: var(--bl-refusal-bg, #fdecec); color: var(--bl-refusal-ink, #7f1d1d); border-left: 4px solid var(--bl-refusal-line, #c62828); }
:where(bl-bidding-box) :where(.box-self-alert, .box-intent, .box-typed) { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; margin-top: 10px; }
:where(bl-bidding-box) :where(.box-typed small) { flex-basis: 100%; color: var(--bl-muted, #5b6673); }
:where(bl-auction) :where(.auction) { width: 100%; table-layout: fixed; }
:where(bl-auction) :where(.auction td > .slot) { contain: size layout style; block-size: var(--bl-cell-height, 2.5em); }
:where(bl-auction) :where(.auction td > .slot.grows) { contain: layout style; block-size: auto; min-block-size: var(--bl-cell-height, 2.5em); }
:where(bl-auction) :where(.auction:not(.asking) .ask) { display: none !important; }
:where(bl-auction) :where(td.skipped)::after { content: "—"; color: var(--bl-muted, #5b6673); }
:where(bl-auction) :where(.bid.alerted) { background: var(--bl-alert-bg, #fff4d6); }
:where(bl-auction) :where(.bid.irregular) { border: 1px dashed var(--bl-irregular, #c62828); }
:where(bl-hand) :where(.hand-suit) { display: flex; flex-wrap: wrap; gap: var(--bl-gap, 4px); align-items: center; min-height: 28px; }
:where(bl-hand) :where(.hand-card) { min-width: var(--bl-card-width, 2.6em); }
:where(bl-feed) :where(.feed) { list-style: none; margin: 0; padding: 0; }
`;

/** Adopts the default look once (nothing where there is no DOM). */
export function adoptStyles(): void {
  if (typeof document === "undefined" || typeof CSSStyleSheet === "undefined" || adopted) return;
  adopted = true;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  document.adoptedStyleSheets = [sheet, ...document.adoptedStyleSheets];
}
let adopted = false;
