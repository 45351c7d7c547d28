// The focus never falls to the page: when the control a player used goes with the redraw it
// caused (his answer sent, the auction's last pass, his lead made, a panel drawn again), the
// focus moves to the next control that makes sense — his decision, his call, his card, the
// play's next step, then the panel he was in — never to <body>, where a screen reader starts
// the page over.

/** The control focused last, and the panel it was in. */
let last: HTMLElement | null = null;
let lastPanel: string | null = null;

document.addEventListener("focusin", (e) => {
  if (!(e.target instanceof HTMLElement)) return;
  last = e.target;
  lastPanel = e.target.closest<HTMLElement>("#main [id]")?.id ?? null;
});

/** Whether `el` can take the focus now: in the page, shown, not inert, not disabled. */
function usable(el: Element): el is HTMLElement {
  return el instanceof HTMLElement && el.isConnected && !el.closest("[hidden], [inert]") && !(el as HTMLButtonElement).disabled
    && el.getClientRects().length > 0;
}

const CONTROL = ":is(button, input:not([type=hidden]), textarea, select, [tabindex='0'])";

/** Where the focus goes when the control it was on has gone, first match first. */
const NEXT = [
  `bl-decision ${CONTROL}`,
  "bl-bidding-box .box-call[tabindex='0']",
  "bl-hand button.hand-card",
  `#play ${CONTROL}`,
  `#questions ${CONTROL}`,
  `#actions ${CONTROL}`,
  `#director ${CONTROL}`,
  `#main ${CONTROL}`,
];

/** Moves the focus on if the control it was on has gone (the player did not leave it himself). */
export function keepFocus(): void {
  // The control that had the focus: the page's (gone already), or one still focused but now
  // hidden, inert or disabled (the browser lets go of it only at its next rendering).
  const active = document.activeElement;
  const had = !active || active === document.body ? last : active;
  if (!had || usable(had)) return;
  for (const selector of [...(lastPanel ? [`#${CSS.escape(lastPanel)} ${CONTROL}`] : []), ...NEXT]) {
    const next = [...document.querySelectorAll(selector)].find(usable);
    if (next) {
      next.focus();
      return;
    }
  }
}
