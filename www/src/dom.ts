// A tiny DOM builder: h("button", {class: "x", onclick: f, "aria-label": "…"}, "text", child).

export type Child = Node | string | number | null | undefined | false | Child[];
type Props = Record<string, unknown>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value as EventListener);
    } else if (key === "class") {
      el.className = String(value);
    } else if (key in el && !key.includes("-")) {
      (el as unknown as Props)[key] = value;
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.appendChild(typeof c === "object" ? c : document.createTextNode(String(c)));
  }
}

/** Replaces the children of the element with id `id`, keeping what the player was doing in
 *  it (text typed, boxes ticked, a form opened, the focus) where the same control is drawn
 *  again for the same viewer: an update from the table never wipes a half-typed answer. */
export function fill(id: string, ...children: Child[]): HTMLElement {
  const el = byId(id);
  const kept = drawnFor.get(el) === viewerNow ? keep(el) : null;
  el.replaceChildren();
  append(el, children);
  if (kept) restore(el, kept);
  drawnFor.set(el, viewerNow);
  return el;
}

/** The viewer the page is being drawn for; what one viewer typed is never shown to another. */
let viewerNow = "";
const drawnFor = new WeakMap<Element, string>();

/** Says whom the next fills draw for (the page calls it before drawing its panels). */
export function drawingFor(viewer: string): void {
  viewerNow = viewer;
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** What the player changed in one control or `<details>`, found again by its place. */
interface Touched {
  value?: string;
  checked?: boolean;
  open?: boolean;
  focus?: [number | null, number | null];
}

const CONTROLS = "input, textarea, select, details, button";

/** A control's place under `root`: its ancestors' tags, classes and data keys, and its name,
 *  numbered when identical places repeat. */
function places(root: Element): [string, Element][] {
  const seen = new Map<string, number>();
  return [...root.querySelectorAll(CONTROLS)].map((node) => {
    const parts: string[] = [];
    for (let e: Element | null = node; e && e !== root; e = e.parentElement) {
      const data = [...e.attributes].filter((a) => a.name.startsWith("data-")).map((a) => `${a.name}=${a.value}`);
      parts.push(`${e.tagName}.${e.className}[${data.join(",")}]${e.getAttribute("name") ?? ""}`);
    }
    // A button is found again by its words too (the buttons of a row come and go).
    if (node instanceof HTMLButtonElement) parts.unshift(`"${node.textContent ?? ""}"`);
    const key = parts.reverse().join(">");
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return [`${key}#${n}`, node];
  });
}

/** What the player changed under `root`, by place. */
function keep(root: Element): Map<string, Touched> {
  const kept = new Map<string, Touched>();
  for (const [place, node] of places(root)) {
    const t: Touched = {};
    if (node instanceof HTMLDetailsElement) {
      if (node.open) t.open = true;
    } else if (node instanceof HTMLInputElement && (node.type === "checkbox" || node.type === "radio")) {
      if (node.checked !== node.defaultChecked) t.checked = node.checked;
    } else if (node instanceof HTMLSelectElement) {
      if (!node.selectedOptions[0]?.defaultSelected) t.value = node.value;
    } else if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) {
      if (node.type !== "hidden" && node.value !== node.defaultValue) t.value = node.value;
    }
    if (node === document.activeElement) {
      const c = node as Control;
      t.focus = "selectionStart" in c && c.type !== "checkbox" ? [selection(c, "selectionStart"), selection(c, "selectionEnd")] : [null, null];
    }
    if (Object.keys(t).length) kept.set(place, t);
  }
  return kept;
}

/** The caret of a text control (null where the control has none). */
function selection(c: Control, which: "selectionStart" | "selectionEnd"): number | null {
  try {
    return (c as HTMLInputElement)[which];
  } catch {
    return null;
  }
}

/** Puts back what the player changed, on the controls drawn again in the same place. */
function restore(root: Element, kept: Map<string, Touched>): void {
  for (const [place, node] of places(root)) {
    const t = kept.get(place);
    if (!t) continue;
    if (t.open && node instanceof HTMLDetailsElement) node.open = true;
    if (t.checked !== undefined && node instanceof HTMLInputElement) node.checked = t.checked;
    if (t.value !== undefined) {
      if (node instanceof HTMLSelectElement) {
        if ([...node.options].some((o) => o.value === t.value)) node.value = t.value;
      } else if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) {
        node.value = t.value;
      }
    }
    if (t.focus) {
      (node as HTMLElement).focus();
      const [start, end] = t.focus;
      if (start !== null && end !== null) {
        try {
          (node as HTMLInputElement).setSelectionRange(start, end);
        } catch {
          // a control without a caret
        }
      }
    }
  }
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing from index.html`);
  return el as T;
}
